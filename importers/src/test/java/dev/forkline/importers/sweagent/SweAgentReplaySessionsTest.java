package dev.forkline.importers.sweagent;

import static dev.forkline.importers.samples.TraceAssertions.assertWellFormed;
import static dev.forkline.importers.samples.TraceAssertions.ofType;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.Samples;
import dev.forkline.importers.support.StartCheckpoints;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The three real SWE-agent 1.x sessions of shared/replay (marshmallow issue 1867, three agent configurations): what a
 * replay of their actions needs. Expected values were read from the files with python: every replay_config names repo
 * 'testbed' at bfd2593d; the first step's state names /marshmallow-code__marshmallow in the default_sys run and /testbed
 * in the two function-calling runs; 11 steps, all actions.
 */
class SweAgentReplaySessionsTest {

    private static final String COMMIT = "bfd2593d4b416122e30cdefe0c72d322ef471611";

    @ParameterizedTest
    @CsvSource({
            "replay__marshmallow-code__marshmallow-1867__default_sys-env_window100__t-0.20__p-0.95__c-2.00__install-1.traj,"
                    + " /marshmallow-code__marshmallow, tools/edit_linting",
            "replay__marshmallow-code__marshmallow-1867__function_calling__install-1.traj, /testbed, tools/edit_linting",
            "replay__marshmallow-code__marshmallow-1867__function_calling_replace__install-1.traj, /testbed, tools/edit_replace"})
    void whatAReplayOfTheActionsNeeds(String name, String root, String editBundle) throws Exception {
        Path file = Samples.requireReplay("swe-agent/" + name);
        JsonNode raw = Json.MAPPER.readTree(file.toFile());
        ImportedTrace trace = new SweAgentImporter().read(file);
        assertWellFormed(trace);

        JsonNode checkpoint = StartCheckpoints.of(trace, "swe-agent", root);
        assertThat(checkpoint.at("/startingTree/repository").asText()).isEqualTo("testbed");
        assertThat(checkpoint.at("/startingTree/commit").asText()).isEqualTo(COMMIT);
        assertThat(checkpoint.at("/startingTree/cwd").asText()).isEqualTo(root);
        assertThat(StartCheckpoints.knownFields(checkpoint)).containsExactly("repository", "commit", "cwd");
        assertThat(trace.findings()).filteredOn(f -> f.code().equals("starting-tree-needed")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("(suggested: testbed@" + COMMIT + ")"));

        JsonNode sweAgent = trace.bundle().events().getFirst().data().at("/environment/sweAgent");
        assertThat(sweAgent.path("repoRoot").asText()).isEqualTo(root);
        assertThat(texts(sweAgent.path("toolBundles"))).containsExactly("tools/defaults", "tools/search", editBundle, "tools/submit");
        assertThat(sweAgent.path("envVariables").toString()).isEqualTo("{\"WINDOW\":100,\"OVERLAP\":2}");
        assertThat(sweAgent.path("postStartupCommands").isArray()).isTrue();
        assertThat(sweAgent.path("postStartupCommands")).isEmpty();
        assertThat(sweAgent.path("submitCommand").asText()).isEqualTo("submit");

        // every step is an action: its call carries the action exactly as in the file, and the directory it ran in
        List<Event> calls = ofType(trace, EventType.TOOL_CALL);
        JsonNode steps = raw.get("trajectory");
        assertThat(calls).hasSize(11).hasSize(steps.size());
        assertThat(calls.get(1).data().at("/sweAgent/action").asText()).isEqualTo(steps.get(1).get("action").asText())
                .contains("\n").startsWith(name.contains("replace") ? "insert '" : "edit 1:1\n");
        for (int k = 0; k < calls.size(); k++) {
            assertThat(calls.get(k).data().at("/sweAgent/action").asText()).as("action of step %d", k + 1)
                    .isEqualTo(steps.get(k).get("action").asText());
            assertThat(calls.get(k).data().at("/sweAgent/cwd").asText()).as("cwd of step %d", k + 1).isEqualTo(root);
        }
        // the shell command keeps its exec as well (python reproduce.py is step 3)
        assertThat(calls.get(2).data().at("/exec/argv/0").asText()).isEqualTo("bash");
        assertThat(calls.get(2).data().at("/exec/cwd").asText()).isEqualTo(root);

        Event end = ofType(trace, EventType.SESSION_END).getFirst();
        assertThat(end.text("submission")).isEqualTo(raw.at("/info/submission").asText()).contains("round(");
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }
}
