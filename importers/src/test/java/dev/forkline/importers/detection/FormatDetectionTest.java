package dev.forkline.importers.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.importers.Importers;
import dev.forkline.importers.TraceImporter;
import dev.forkline.importers.claudecode.ClaudeCodeImporter;
import dev.forkline.importers.codex.CodexRolloutImporter;
import dev.forkline.importers.openaiagents.OpenAiAgentsImporter;
import dev.forkline.importers.otel.OtelImporter;
import dev.forkline.importers.support.Samples;
import dev.forkline.importers.support.TestFiles;
import dev.forkline.trace.TraceFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Formats are told apart by content only: each sample is accepted by its importer and by none of the others. */
class FormatDetectionTest {

    private static final List<TraceImporter> MINE = List.of(new ClaudeCodeImporter(), new CodexRolloutImporter(), new OtelImporter(),
            new OpenAiAgentsImporter());

    private static final Map<String, String> OWN_SAMPLES = Map.of(
            "claude-code/claude-code-viewer_5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl", ClaudeCodeImporter.FORMAT,
            "claude-code/entireio-cli_checkpoint_1a8a83a35a9b_full.jsonl", ClaudeCodeImporter.FORMAT,
            "codex-rollout/localpush_rollout-2026-02-23T12-40-23-019c8a4c-ed82-79a1-aa28-7738fc5ab61a.jsonl", CodexRolloutImporter.FORMAT,
            "otel-genai/agentevals_tempo_export_with_batches.json", OtelImporter.FORMAT);

    private static final List<String> OTHER_SAMPLES = List.of(
            "langfuse/pydantic-ai-tools-2025-12-04.trace.json",
            "mini-swe-agent/github_issue.messages-only.traj.json",
            "swe-agent/v0_gpt4_pydicom__pydicom-1458.traj",
            "openhands/tests_runtime_trajs_basic_gui_mode.json",
            "inspect-ai/2025-05-12T20-27-36-04-00_browser.json");

    @Test
    void eachOwnSampleIsDetectedAsItsFormatOnly() throws Exception {
        for (var sample : OWN_SAMPLES.entrySet()) {
            Path file = Samples.require(sample.getKey());
            assertThat(Importers.builtIn().detect(file).format()).as(sample.getKey()).isEqualTo(sample.getValue());
            byte[] head = TestFiles.head(file);
            assertThat(MINE.stream().filter(importer -> importer.accepts(file, head)).map(TraceImporter::format).toList())
                    .as(sample.getKey()).containsExactly(sample.getValue());
        }
    }

    @Test
    void otherFormatsAreNotTakenForThese() throws Exception {
        for (String sample : OTHER_SAMPLES) {
            Path file = Samples.require(sample);
            byte[] head = TestFiles.head(file);
            assertThat(MINE.stream().filter(importer -> importer.accepts(file, head)).toList()).as(sample).isEmpty();
        }
    }

    @Test
    void anEmptyFileIsSaidToBeEmptyAndAFileOfNoKnownFormatNamesTheFormatsRead(@TempDir Path dir) throws Exception {
        Path empty = Files.createFile(dir.resolve("session.jsonl"));
        assertThatThrownBy(() -> Importers.builtIn().detect(empty)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining(empty.toString()).hasMessageContaining("the file is empty: nothing to import");
        Path unknown = Files.writeString(dir.resolve("notes.jsonl"), "{\"hello\":\"world\"}\n");
        assertThatThrownBy(() -> Importers.builtIn().detect(unknown)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("unrecognised trace format (Forkline reads: forkline, claude-code");
    }

    @Test
    void theHandMadeAgentsExportIsDetected() throws Exception {
        Path file = Path.of(FormatDetectionTest.class.getResource("/openaiagents/support-handoff.jsonl").toURI());
        assertThat(Importers.builtIn().detect(file).format()).isEqualTo(OpenAiAgentsImporter.FORMAT);
        Path jaeger = Path.of(FormatDetectionTest.class.getResource("/otel/jaeger-query.json").toURI());
        assertThat(Importers.builtIn().detect(jaeger).format()).isEqualTo(OtelImporter.FORMAT);
    }
}
