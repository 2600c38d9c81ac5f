package dev.forkline.replay.sandbox;

import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The path a replay takes: checkpoint files from a bundle into a fresh sandbox, then recorded calls run again. */
@Tag("docker")
class ReplayFromBundleTest {

    private DockerEngine engine;

    @BeforeEach
    void engine() {
        engine = DockerTestSupport.engineOrSkip();
    }

    @AfterEach
    void nothingOutlivesTheTest() {
        DockerTestSupport.assertNoContainerLeft(engine);
    }

    private static Path sample(String name) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path bundle = dir.resolve("sample-traces/" + name);
            if (Files.isDirectory(bundle)) {
                return bundle;
            }
        }
        throw new IllegalStateException("sample bundle " + name + " not found");
    }

    private static Event find(Bundle bundle, String run, EventType type, String field, String value) {
        return bundle.events().stream()
                .filter(e -> e.run().equals(run) && e.is(type) && e.data().path(field).asText().equals(value))
                .findFirst().orElseThrow();
    }

    @Test
    void aCheckpointRestoredFromTheBundleReplaysTheRecordedCallsToTheSameOutputs() throws Exception {
        try (Bundle bundle = BundleReader.read(sample("wrong-tool-call"))) {
            Event checkpoint = find(bundle, "r1", EventType.CHECKPOINT, "checkpointId", "cp-green");
            List<WorkspaceFile> files = CheckpointWorkspace.files(checkpoint, bundle.blobs());
            try (Sandbox sandbox = engine.start(IsolationBoundary.strict(), new SandboxLabels("replay-test", "replay"), files)) {
                WorkspaceManifest restored = sandbox.manifest();
                checkpoint.data().path("workspace").path("files").fields().forEachRemaining(entry -> {
                    assertThat(restored.get(entry.getKey()).sha256()).isEqualTo(entry.getValue().path("blob").asText());
                    assertThat(restored.get(entry.getKey()).modeString()).isEqualTo(entry.getValue().path("mode").asText());
                });
                for (String callId : List.of("c2", "c3")) {
                    Event call = find(bundle, "r2", EventType.TOOL_CALL, "callId", callId);
                    Event recorded = find(bundle, "r2", EventType.TOOL_RESULT, "callId", callId);
                    ExecResult again = sandbox.exec(RecordedExec.of(call).orElseThrow());
                    assertThat(again.exitCode()).isEqualTo(recorded.data().path("exitCode").asInt());
                    assertThat(again.stdoutText()).isEqualTo(recorded.data().path("stdout").asText());
                }
            }
        }
    }

    @Test
    void callsThatAreNotCommandsHaveNoRecordedExec() throws Exception {
        try (Bundle bundle = BundleReader.read(sample("sandbox-lost-mid-effect"))) {
            Event delivery = find(bundle, "r1", EventType.TOOL_CALL, "callId", "x1");
            assertThat(RecordedExec.of(delivery)).isEmpty();
        }
    }
}
