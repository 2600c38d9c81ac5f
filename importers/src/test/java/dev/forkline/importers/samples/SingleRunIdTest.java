package dev.forkline.importers.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Event;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A source that holds one run becomes run {@code r1}, whichever importer reads it. */
class SingleRunIdTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "claude-code/claude-code-viewer_5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
            "codex-rollout/localpush_rollout-2026-02-23T12-40-23-019c8a4c-ed82-79a1-aa28-7738fc5ab61a.jsonl",
            "otel-genai/agentevals_tempo_export_with_batches.json",
            "swe-agent/v0_gpt4_pydicom__pydicom-1458.traj",
            "mini-swe-agent/github_issue.messages-only.traj.json",
            "openhands/tests_runtime_trajs_basic_gui_mode.json",
            "langfuse/pydantic-ai-tools-2025-12-04.trace.json"})
    void everyEventIsInRunR1(String sample) throws Exception {
        ImportedTrace imported = Importers.builtIn().read(SampleFiles.require(sample));
        assertThat(imported.bundle().events()).extracting(Event::run).containsOnly("r1");
        assertThat(imported.bundle().events().getFirst().seq()).isEqualTo(1);
    }
}
