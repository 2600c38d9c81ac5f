package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.testing.RepeatedInspectLog;
import dev.forkline.trace.testing.SharedSamples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command whose input needs more memory than Java's heap has: one line naming the heap's limit and how to raise it,
 * the environment's exit code, no stack trace, and the store as it was. Run in a child JVM with a small heap, since an
 * {@link OutOfMemoryError} passes picocli's handler on its way out of {@code Main.run}.
 */
class OutOfMemoryCliTest {

    @TempDir
    Path temp;

    @Test
    void anImportThatRunsOutOfHeapSaysHowToRaiseItAndLeavesTheStoreAsItWas() throws Exception {
        Path log = RepeatedInspectLog.write(SharedSamples.require(SharedSamples.INSPECT_LOG), 12, temp.resolve("eval.json"));
        String db = temp.resolve("db/store").toString();
        assertThat(CliTest.run("import", CliTest.writeBundle(temp.resolve("bundle")).toString(), "--db", db).code()).isZero();

        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx24m",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "import", log.toString(), "--db", db)
                .redirectOutput(temp.resolve("out.txt").toFile()).redirectError(temp.resolve("err.txt").toFile()).start();
        assertThat(child.waitFor(3, TimeUnit.MINUTES)).isTrue();
        String err = Files.readString(temp.resolve("err.txt"));

        assertThat(child.exitValue()).as(err).isEqualTo(ExitCodes.ENVIRONMENT);
        assertThat(err).contains("forkline: out of memory: ").contains("Java's heap of at most ").contains("JAVA_TOOL_OPTIONS=-Xmx2g")
                .doesNotContain("\tat ").doesNotContain("Exception");
        List<String> listed = CliTest.run("list", "--db", db).out().lines().skip(1).toList();
        assertThat(listed).as("the store after the failed import").hasSize(1).allMatch(line -> line.startsWith("cli-test "));

        CliTest.Outcome again = CliTest.run("import", log.toString(), "--db", db);
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(CliTest.run("list", "--db", db).out()).contains("inspect-ai").contains("cli-test");
    }
}
