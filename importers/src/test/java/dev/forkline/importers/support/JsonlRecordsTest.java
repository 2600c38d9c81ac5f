package dev.forkline.importers.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.forkline.trace.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link JsonlRecords#readTree} reads what the shared mapper reads and refuses what it refuses, repeated keys at any depth included. */
class JsonlRecordsTest {

    @Test
    void readsEveryLineOfTheRealJsonLinesSamplesAsTheSharedMapperDoes() throws Exception {
        List<Path> files = Samples.traceFiles().stream().filter(file -> file.getFileName().toString().endsWith(".jsonl")).toList();
        assumeTrue(!files.isEmpty(), "no JSON-lines sample found: real-sample test skipped");
        long lines = 0;
        for (Path file : files) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
                if (line.isBlank() || !JsonlRecords.startsPlainly(bytes, 0, bytes.length)) {
                    continue;
                }
                lines++;
                assertThat(JsonlRecords.readTree(bytes, 0, bytes.length)).as(file + ": " + line).isEqualTo(Json.MAPPER.readTree(bytes));
            }
        }
        assertThat(lines).isGreaterThan(500);
    }

    @Test
    void refusesAKeyRepeatedAtAnyDepthAndASecondValue() {
        for (String line : List.of("{\"a\":1,\"a\":1}", "{\"a\":{\"b\":[{\"c\":1,\"d\":2,\"e\":3,\"c\":4}]}}", "{\"a\":1} {\"b\":2}",
                "{\"a\":[{\"x\":null},{\"y\":1,\"y\":1}]}")) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            assertThatThrownBy(() -> Json.MAPPER.readTree(bytes)).as(line).isInstanceOf(JsonProcessingException.class);
            assertThatThrownBy(() -> JsonlRecords.readTree(bytes, 0, bytes.length)).as(line).isInstanceOf(JsonProcessingException.class);
        }
    }
}
