package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.testing.RepeatedLangfuseExport;
import dev.forkline.trace.testing.SharedSamples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Langfuse export whose tree would not fit Java's heap imports: the importer streams the document and reads each
 * observation again when it writes its events, holding one observation's tree at a time. The real export's
 * observations repeated to 61 MB; read as one tree (before 6 Dec 2026) it ran out of a 256 MB heap, streamed it imports
 * in 112 MB. Run by {@code forkline import} in a child JVM of 160 MB.
 */
class LangfuseExportInSmallHeapTest {

    private static final int COPIES = 1_600;
    private static final String HEAP = "-Xmx160m";

    @TempDir
    Path temp;

    @Test
    void anExportWhoseTreeWouldNotFitTheHeapImportsEveryObservation() throws Exception {
        Path export = RepeatedLangfuseExport.write(SharedSamples.require(SharedSamples.LANGFUSE_EXPORT), COPIES, temp.resolve("export.json"));
        assertThat(Files.size(export)).as("the export's size").isGreaterThan(55L << 20);
        String db = temp.resolve("db/store").toString();

        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), HEAP,
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "import", export.toString(), "--db", db)
                .redirectOutput(temp.resolve("out.txt").toFile()).redirectError(temp.resolve("err.txt").toFile()).start();
        assertThat(child.waitFor(5, TimeUnit.MINUTES)).isTrue();
        String err = Files.readString(temp.resolve("err.txt"));

        assertThat(child.exitValue()).as(err).isZero();
        // the sample's 12 observations make 10 events besides the session's start, first message and end
        assertThat(Files.readString(temp.resolve("out.txt"))).contains("langfuse").contains((COPIES * 10 + 3) + " events");
        assertThat(CliTest.run("list", "--db", db).out()).contains("langfuse:");
    }
}
