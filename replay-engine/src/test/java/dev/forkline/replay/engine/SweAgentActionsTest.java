package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.trace.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SweAgentActionsTest {

    private static SweAgentHarness harness(Path tools) throws Exception {
        ObjectNode environment = Json.object();
        ObjectNode sweAgent = environment.putObject("sweAgent");
        sweAgent.putArray("toolBundles").add("tools/edit_linting");
        sweAgent.put("repoRoot", "/testbed");
        SweAgentHarness harness = new SweAgentHarness(new ImportedSession("swe-agent", environment, "/testbed"),
                new SessionSetup(null, tools, java.util.List.of(), Map.of()));
        harness.check();
        return harness;
    }

    private static Path toolsWithEdit(Path dir) throws Exception {
        Path bundle = Files.createDirectories(dir.resolve("tools/edit_linting/bin"));
        Files.writeString(bundle.resolve("edit"), "#!/usr/bin/env python3\n");
        Files.writeString(dir.resolve("tools/edit_linting/config.yaml"), "tools:\n  edit:\n    signature: x\n    end_name: \"end_of_edit\"\n");
        return dir;
    }

    @Test
    void aMultiLineToolCallGetsItsTextAsAHereDocument(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        SweAgentHarness harness = harness(toolsWithEdit(dir));
        assertThat(harness.guarded("edit 1:1\nprint(1)\nend_of_edit\n")).isEqualTo("edit 1:1 << 'end_of_edit'\nprint(1)\nend_of_edit\n");
        assertThat(harness.guarded("edit 1475:1475\n    return x\nend_of_edit")).isEqualTo("edit 1475:1475 << 'end_of_edit'\n    return x\nend_of_edit\n");
        assertThat(harness.guarded("python reproduce.py\n")).isEqualTo("python reproduce.py\n");
        assertThat(harness.guarded("ls\necho end_of_edit")).as("not a tool with a terminator").isEqualTo("ls\necho end_of_edit");
    }

    @Test
    void aBundleTheToolsFolderLacksIsNamed(@org.junit.jupiter.api.io.TempDir Path dir) {
        assertThatThrownBy(() -> harness(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no bundle 'tools/edit_linting' named by the trajectory");
        assertThatThrownBy(() -> harness(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--tools DIR");
    }

    @Test
    void theTerminalOutputIsRecordedWithStreamsMergedAndSubmitGivesItsSubmission(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        SweAgentHarness harness = harness(toolsWithEdit(dir));
        ExecResult raw = new ExecResult(1, "out\n".getBytes(StandardCharsets.UTF_8), "err\n".getBytes(StandardCharsets.UTF_8),
                false, false, 5, false, false);
        assertThat(harness.asRecorded(null, raw).stdoutText()).as("SWE-agent 1.x hands outputs over stripped").isEqualTo("out\nerr");
        ExecResult submit = new ExecResult(0, "<<SUBMISSION||\ndiff --git a/x b/x\n||SUBMISSION>>\n".getBytes(StandardCharsets.UTF_8),
                new byte[0], false, false, 5, false, false);
        assertThat(harness.asRecorded(null, submit).stdoutText()).isEqualTo("\ndiff --git a/x b/x\n");
        assertThat(harness.recordsExitStatus()).isFalse();
    }
}
