package dev.forkline.trace.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.TraceFormatException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundleRoundTripTest {

    @TempDir
    Path temp;

    @Test
    void writesAndReadsABundleDirectory() throws Exception {
        var trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{}");
        trace.add("r1", "agent:a", EventType.NOTE, "{'text':'é 😀'}");
        Path dir = temp.resolve("b");
        String hash;
        try (BundleWriter writer = BundleWriter.create(dir, Manifest.of("t", "title", Instant.parse("2026-01-01T00:00:00Z"), "test"))) {
            hash = writer.putBlob("content".getBytes(StandardCharsets.UTF_8));
            for (Event event : trace.events()) {
                writer.write(event);
            }
            assertThat(dir).doesNotExist();
            writer.commit();
        }
        assertThat(dir.resolve("blobs").resolve(hash.substring(7))).hasContent("content");
        try (Bundle bundle = BundleReader.read(dir)) {
            assertThat(bundle.events()).isEqualTo(trace.events());
            assertThat(bundle.lines()).containsExactly(1, 2);
            assertThat(bundle.manifest().title()).isEqualTo("title");
        }
        try (BundleWriter appender = BundleWriter.appendTo(dir)) {
            var more = new TraceBuilder();
            more.add("r9", "harness", EventType.SESSION_START, "{}");
            appender.write(more.events().getFirst());
            appender.commit();
        }
        Files.writeString(dir.resolve("trace.jsonl"), "\n", java.nio.file.StandardOpenOption.APPEND);
        try (Bundle bundle = BundleReader.read(dir)) {
            assertThat(bundle.events()).hasSize(3);
        }
    }

    @Test
    void anUncommittedBundleLeavesNothingBehind() throws Exception {
        Path dir = temp.resolve("never");
        try (BundleWriter writer = BundleWriter.create(dir, Manifest.of("t", "t", Instant.EPOCH, "test"))) {
            writer.putBlob(new byte[] {1});
        }
        try (var left = Files.list(temp)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void namesTheLineOfABadEvent() throws Exception {
        Path dir = temp.resolve("bad");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("manifest.json"), Manifest.of("t", "t", Instant.EPOCH, "test").toJson().toString());
        var trace = new TraceBuilder();
        Event event = trace.add("r1", "harness", EventType.SESSION_START, "{}");
        Files.writeString(dir.resolve("trace.jsonl"), dev.forkline.trace.EventCodec.toLine(event) + "\n\n{\"id\":1}\n");
        assertThatThrownBy(() -> BundleReader.read(dir)).isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith(dir + "/trace.jsonl:3: ");
        Files.writeString(dir.resolve("manifest.json"), "{\"formatVersion\":2,\"traceId\":\"t\",\"created\":\"2026-01-01T00:00:00Z\"}");
        assertThatThrownBy(() -> BundleReader.read(dir)).isInstanceOf(TraceFormatException.class).hasMessageContaining("format version 2");
    }
}
