package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Json;
import dev.forkline.trace.testing.SharedSamples;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code inspect --json} reports a run's spend with where it comes from: a SWE-agent trajectory records only run totals
 * ({@code info.model_stats}, read here with plain Jackson as the oracle); an OpenHands V0 trajectory records tokens per
 * response but no cost (its cost is unknown, not 0).
 */
class InspectReportSpendTest {

    @Test
    void sweAgentRunTotalsAreReportedAsTotals() throws Exception {
        Path file = SharedSamples.require("swe-agent/v0_gpt4_pydicom__pydicom-1458.traj");
        JsonNode stats = Json.MAPPER.readTree(file.toFile()).path("info").path("model_stats");
        ObjectNode json = InspectReport.of(Importers.builtIn().read(file)).toJson();
        JsonNode run = json.path("runs").get(0);
        assertThat(run.path("tokensScope").asText()).isEqualTo("run-totals");
        assertThat(run.path("tokens").path("input").asLong()).isEqualTo(stats.path("tokens_sent").asLong()).isPositive();
        assertThat(run.path("tokens").path("output").asLong()).isEqualTo(stats.path("tokens_received").asLong());
        assertThat(run.path("costScope").asText()).isEqualTo("run-totals");
        assertThat(run.path("costUsd").decimalValue()).isEqualByComparingTo(stats.path("instance_cost").decimalValue());
        JsonNode recoveryRun = json.path("recovery").path("runs").get(0);
        assertThat(recoveryRun.path("tokensScope").asText()).isEqualTo("run-totals");
        assertThat(recoveryRun.path("tokens").path("input").asLong()).isEqualTo(stats.path("tokens_sent").asLong());
        assertThat(InspectReport.of(Importers.builtIn().read(file)).toText()).contains("(run totals)");
    }

    @Test
    void openHandsTrajectoryWithTokensButNoCostSaysTheCostIsUnknown() throws Exception {
        Path file = SharedSamples.require("openhands/tests_runtime_trajs_basic_gui_mode.json");
        long prompt = 0;
        java.util.Set<String> responses = new java.util.HashSet<>();
        for (JsonNode event : Json.MAPPER.readTree(file.toFile())) {
            JsonNode response = event.path("tool_call_metadata").path("model_response");
            if (response.has("usage") && responses.add(response.path("id").asText())) {
                prompt += response.path("usage").path("prompt_tokens").asLong();
            }
        }
        ObjectNode json = InspectReport.of(Importers.builtIn().read(file)).toJson();
        JsonNode run = json.path("runs").get(0);
        assertThat(run.path("tokensScope").asText()).isEqualTo("model-calls");
        assertThat(run.path("tokens").path("input").asLong()).isEqualTo(prompt).isPositive();
        assertThat(run.path("costScope").asText()).isEqualTo("unknown");
        assertThat(run.get("costUsd").isNull()).isTrue();
        assertThat(json.path("recovery").path("runs").get(0).get("costUsd").isNull()).isTrue();
        assertThat(InspectReport.of(Importers.builtIn().read(file)).toText()).contains("cost unknown");
    }

    @Test
    void openHandsEvaluationOutputSumsItsCalls() throws Exception {
        Path file = SharedSamples.require("openhands/multi_swe_bench_examples_output.jsonl");
        ObjectNode json = InspectReport.of(Importers.builtIn().read(file)).toJson();
        for (JsonNode run : json.path("runs")) {
            assertThat(run.path("tokensScope").asText()).as(run.path("id").asText()).isIn("model-calls", "run-totals");
            assertThat(run.path("tokens").path("total").asLong()).isPositive();
        }
    }
}
