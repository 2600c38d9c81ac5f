package dev.forkline.replay.scenario;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioLoaderTest {

    @TempDir
    Path temp;

    private static final String VALID = """
            title: t
            model: {provider: p, model: m}
            agents: [a]
            workspace:
              - {path: x.txt, content: "x"}
            steps:
              - model: {agent: a, text: go, toolCalls: [{callId: c1, name: shell, arguments: {command: "true"}}]}
              - tool: {callId: c1, agent: a, command: "true"}
              - checkpoint: {id: cp1, label: one}
            recovery: {mode: fork, from: cp1, replay: true}
            """;

    private Path write(String yaml) throws Exception {
        Path file = temp.resolve("s-" + System.nanoTime() + ".yaml");
        Files.writeString(file, yaml);
        return file;
    }

    @Test
    void everySampleScenarioLoads() throws Exception {
        for (String name : List.of("wrong-tool-call", "poisoned-artifact", "permission-escalation", "multi-agent-conflict",
                "sandbox-lost-mid-effect")) {
            Scenario scenario = ScenarioLoader.load(ScenarioRecorderTest.scenario(name));
            assertThat(scenario.name()).isEqualTo(name);
            assertThat(scenario.recovery()).isNotNull();
            assertThat(scenario.readme()).contains("Known-good checkpoint");
        }
    }

    @Test
    void aValidScenarioLoadsWithItsFileName() throws Exception {
        Scenario scenario = ScenarioLoader.load(write(VALID));
        assertThat(scenario.name()).startsWith("s-");
        assertThat(scenario.steps()).extracting(Scenario.Step::kind).containsExactly("model", "tool", "checkpoint");
    }

    @Test
    void mistakesAreReportedBeforeAnythingRuns() throws Exception {
        assertThatThrownBy(() -> ScenarioLoader.load(write(VALID.replace("agent: a, command", "agent: b, command"))))
                .hasMessageContaining("agent 'b' is not declared");
        assertThatThrownBy(() -> ScenarioLoader.load(write(VALID.replace("from: cp1", "from: cp9"))))
                .hasMessageContaining("recovery.from 'cp9'");
        assertThatThrownBy(() -> ScenarioLoader.load(write(VALID.replace("label: one", "label: one, colour: red"))))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("colour");
        assertThatThrownBy(() -> ScenarioLoader.load(write(VALID.replace("path: x.txt", "path: ../x.txt"))))
                .hasMessageContaining("'..'");
        assertThatThrownBy(() -> ScenarioLoader.load(write(VALID.replace("  - checkpoint: {id: cp1, label: one}",
                "  - checkpoint: {id: c1, label: one}"))))
                .hasMessageContaining("duplicate step id 'c1'");
    }
}
