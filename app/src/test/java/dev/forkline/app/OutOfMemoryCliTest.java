package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.testing.SharedSamples;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
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
        Path log = inspectLogOf(12, SharedSamples.require(SharedSamples.INSPECT_LOG));
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

    /** The real log with its one sample repeated {@code copies} times under new ids: a log of a longer eval. */
    private Path inspectLogOf(int copies, Path sample) throws Exception {
        JsonNode log = Json.MAPPER.readTree(sample.toFile());
        Path written = temp.resolve("eval.json");
        try (OutputStream out = Files.newOutputStream(written); JsonGenerator generator = Json.MAPPER.createGenerator(out)) {
            generator.writeStartObject();
            for (Iterator<Map.Entry<String, JsonNode>> fields = log.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                generator.writeFieldName(field.getKey());
                if (!field.getKey().equals("samples")) {
                    generator.writeTree(field.getValue());
                    continue;
                }
                generator.writeStartArray();
                for (int i = 0; i < copies; i++) {
                    ObjectNode copy = ((ObjectNode) field.getValue().get(0)).deepCopy();
                    copy.put("id", copy.path("id").asText() + "-" + i).put("uuid", "copy-" + i);
                    generator.writeTree(copy);
                }
                generator.writeEndArray();
            }
            generator.writeEndObject();
        }
        assertThat(Files.size(written)).isGreaterThan(copies * 300_000L);
        return written;
    }
}
