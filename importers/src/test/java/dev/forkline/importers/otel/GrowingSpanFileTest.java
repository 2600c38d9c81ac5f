package dev.forkline.importers.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link OtelImporter#read(Path, long)}: a span log read up to a length is the trace of those bytes alone. */
class GrowingSpanFileTest {

    @TempDir
    Path dir;

    @Test
    void readingAPrefixOfAGrowingLogGivesTheTraceOfThatPrefixWhateverFollows() throws Exception {
        String first = document("0000000000000001", 1_000);
        String second = document("0000000000000002", 2_000);
        Path log = dir.resolve("spans.jsonl");
        // what a span batch being appended leaves after the prefix: a whole line and half of the next
        Files.writeString(log, first + "\n" + second + "\n" + second.substring(0, 40), StandardCharsets.UTF_8);
        Path alone = dir.resolve("alone").resolve("spans.jsonl");
        Files.createDirectories(alone.getParent());
        Files.writeString(alone, first + "\n", StandardCharsets.UTF_8);

        ImportedTrace prefix = new OtelImporter().read(log, (first + "\n").getBytes(StandardCharsets.UTF_8).length);
        ImportedTrace whole = new OtelImporter().read(alone);

        try (Bundle fromPrefix = prefix.bundle(); Bundle fromWhole = whole.bundle()) {
            assertThat(withoutSource(fromPrefix.events())).isEqualTo(withoutSource(fromWhole.events()));
        }
        assertThat(prefix.findings()).extracting(f -> f.code()).containsExactlyElementsOf(whole.findings().stream().map(f -> f.code()).toList());
    }

    private static List<String> withoutSource(List<Event> events) {
        return events.stream().map(event -> event.type() + " " + event.id() + " " + event.data().path("text").asText("")
                + event.data().path("title").asText("")).toList();
    }

    private static String document(String spanId, long startMillis) {
        long start = 1_750_000_000_000_000_000L + startMillis * 1_000_000L;
        return "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"crew\"}}]},"
                + "\"scopeSpans\":[{\"scope\":{\"name\":\"t\"},\"spans\":[{\"traceId\":\"6bf92f3577b34da6a3ce929d0e0e4736\",\"spanId\":\""
                + spanId + "\",\"name\":\"chat\",\"kind\":3,\"startTimeUnixNano\":\"" + start + "\",\"endTimeUnixNano\":\"" + (start + 1_000)
                + "\",\"attributes\":[{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"chat\"}}]}]}]}]}";
    }
}
