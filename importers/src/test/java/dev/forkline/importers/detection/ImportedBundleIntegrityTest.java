package dev.forkline.importers.detection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.support.Samples;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.MemoryBlobStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every imported trace is a valid hash chain that survives being written as a bundle and read back. */
class ImportedBundleIntegrityTest {

    @TempDir
    Path dir;

    @Test
    void importedTracesAreWellFormedBundles() throws Exception {
        List<Path> inputs = new ArrayList<>();
        for (String sample : List.of("claude-code/claude-code-viewer_5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
                "claude-code/entireio-cli_checkpoint_1a8a83a35a9b_full.jsonl",
                "codex-rollout/localpush_rollout-2026-02-23T12-40-23-019c8a4c-ed82-79a1-aa28-7738fc5ab61a.jsonl",
                "otel-genai/agentevals_tempo_export_with_batches.json")) {
            inputs.add(Samples.require(sample));
        }
        for (String resource : List.of("/openaiagents/support-handoff.jsonl", "/otel/otlp-two-agents.json", "/otel/jaeger-query.json")) {
            inputs.add(Path.of(getClass().getResource(resource).toURI()));
        }
        int n = 0;
        for (Path input : inputs) {
            ImportedTrace trace = Importers.builtIn().read(input);
            List<Event> events = trace.bundle().events();
            assertThat(events.getFirst().is(EventType.SESSION_START)).as(input.toString()).isTrue();
            assertThat(events.getFirst().data().path("imported").path("source").asText()).isEqualTo(input.getFileName().toString());
            assertThat(trace.bundle().manifest().sourceFormat()).isEqualTo(events.getFirst().data().path("imported").path("format").asText());
            Set<String> ids = new HashSet<>();
            for (int i = 0; i < events.size(); i++) {
                Event event = events.get(i);
                assertThat(event.seq()).isEqualTo(i + 1);
                assertThat(event.prev()).isEqualTo(i == 0 ? null : events.get(i - 1).hash());
                Event unhashed = new Event(event.id(), event.run(), event.seq(), event.ts(), event.actor(), event.type(), event.causes(),
                        event.state(), event.data(), event.prev(), null);
                assertThat(EventChain.withHash(unhashed).hash()).isEqualTo(event.hash());
                for (String cause : event.causes()) {
                    assertThat(ids).as("cause of " + event.id() + " precedes it").contains(cause);
                }
                ids.add(event.id());
                if (event.is(EventType.STATE_MUTATION) && event.text("after") != null) {
                    assertThat(trace.bundle().blobs().contains(event.text("after"))).isTrue();
                }
            }
            Path target = dir.resolve("bundle-" + n++);
            try (BundleWriter writer = BundleWriter.create(target, trace.bundle().manifest())) {
                for (byte[] blob : ((MemoryBlobStore) trace.bundle().blobs()).all().values()) {
                    writer.putBlob(blob);
                }
                for (Event event : events) {
                    writer.write(event);
                }
                writer.commit();
            }
            try (Bundle back = BundleReader.read(target)) {
                // Compared in canonical form: numbers may come back as another Jackson node type of the same value.
                assertThat(back.events().stream().map(EventCodec::toLine).toList()).isEqualTo(events.stream().map(EventCodec::toLine).toList());
                assertThat(back.manifest().traceId()).isEqualTo(trace.bundle().manifest().traceId());
            }
        }
    }
}
