package dev.forkline.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.claudecode.ClaudeCodeImporter;
import dev.forkline.trace.EventType;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inputs the long fuzz run found to crash an importer, kept as regressions. */
class FuzzRegressionsTest {

    /** Bit flips in a Claude Code transcript: an assistant record whose message object was damaged away threw an NPE. */
    @Test
    void anAssistantRecordWithoutAMessageObjectIsRead(@TempDir Path dir) throws Exception {
        String session = "\"sessionId\":\"5c0375b4-0000-4000-8000-000000000001\",\"cwd\":\"/work\",\"version\":\"1.0.108\"";
        Path transcript = Files.writeString(dir.resolve("session.jsonl"),
                "{\"parentUuid\":null,\"type\":\"user\"," + session + ",\"message\":{\"role\":\"user\",\"content\":\"hi\"},"
                        + "\"uuid\":\"u1\",\"timestamp\":\"2025-09-07T09:52:03.071Z\"}\n"
                        + "{\"parentUuid\":\"u1\",\"type\":\"assistant\"," + session + ",\"messagf\":{\"role\":\"assistant\"},"
                        + "\"requestId\":\"req_1\",\"uuid\":\"u2\",\"timestamp\":\"2025-09-07T09:52:04.071Z\"}\n");

        ImportedTrace trace = new ClaudeCodeImporter().read(transcript);

        assertThat(trace.bundle().events()).anyMatch(e -> e.is(EventType.MODEL_CALL));
    }

    /** A 5000-digit return code in a mini-SWE-agent observation threw NumberFormatException; it is now no exit code. */
    @Test
    void anUnparseableReturnCodeIsNoExitCode(@TempDir Path dir) throws Exception {
        Path sample = SharedSamples.sharedSamplesDir().map(d -> d.resolve("mini-swe-agent/github_issue.messages-only.traj.json"))
                .filter(Files::isRegularFile).orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(sample != null, "mini-swe-agent sample not found: skipped");
        String text = Files.readString(sample);
        assertThat(text).contains("<returncode>");
        Path hostile = Files.writeString(dir.resolve("hostile.traj.json"),
                text.replaceAll("<returncode>(\\s*)-?\\d+", "<returncode>$1" + "9".repeat(5000)));

        ImportedTrace trace = new dev.forkline.importers.sweagent.MiniSweAgentImporter().read(hostile);

        assertThat(trace.bundle().events()).filteredOn(e -> e.is(EventType.TOOL_RESULT)).isNotEmpty()
                .allMatch(e -> !e.data().has("exitCode"));
    }
}
