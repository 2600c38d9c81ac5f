package dev.forkline.views.viewmodel;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.views.data.IndexRunLineage;
import dev.forkline.views.testdata.ImportedSessions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Which runs start from a tree the reviewer supplies: an importer's {@code start}, the first checkpoint of the run. */
class SuppliedStartTest {

    @Test
    void anImportedSessionStartsFromItsSuppliedCheckpoint(@TempDir Path dir) throws Exception {
        try (Bundle bundle = BundleReader.read(ImportedSessions.writeBundle(dir.resolve("imported")))) {
            Optional<SuppliedStart> start = SuppliedStart.of(new IndexRunLineage(bundle), "r1");

            assertThat(start).hasValueSatisfying(supplied -> {
                assertThat(supplied.name()).isEqualTo("start");
                assertThat(supplied.branch()).isEqualTo("main");
                assertThat(supplied.root()).isEqualTo(ImportedSessions.ROOT);
                assertThat(supplied.claudeCode()).isTrue();
            });
        }
    }

    @Test
    void aRecordedRunsCheckpointsAreNotReadBeyondTheFirst(@TempDir Path dir) throws Exception {
        EventChain chain = new EventChain();
        Instant t0 = Instant.parse("2026-02-01T10:00:00Z");
        Path written;
        try (BundleWriter writer = BundleWriter.create(dir.resolve("recorded"), new Manifest(Manifest.FORMAT_VERSION, "recorded",
                "A recorded run", t0, "forkline-tests", "forkline"))) {
            writer.write(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).touches(StateKind.SESSION)
                    .data(Json.object().put("title", "A recorded run")).at(t0)));
            writer.write(chain.append(checkpoint("c1", null).at(t0.plusSeconds(1))));
            // not a shape any importer writes: a supplied tree after the run's recorded start
            writer.write(chain.append(checkpoint("c2", "supplied").at(t0.plusSeconds(2))));
            written = writer.commit();
        }
        try (Bundle bundle = BundleReader.read(written)) {
            assertThat(SuppliedStart.of(new IndexRunLineage(bundle), "r1")).isEmpty();
        }
    }

    private static NewEvent checkpoint(String id, String source) {
        ObjectNode data = Json.object();
        data.put("checkpointId", id);
        ObjectNode workspace = data.putObject("workspace");
        workspace.put("root", "/workspace");
        if (source != null) {
            workspace.put("source", source);
        }
        workspace.putObject("files");
        return NewEvent.of("r1", "harness", EventType.CHECKPOINT).touches(StateKind.WORKSPACE).data(data);
    }
}
