package dev.forkline.live.claude;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HookSettingsTest {

    static final String USERS = """
            {"model": "opus", "permissions": {"allow": ["Bash(ls:*)"]},
             "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "~/bin/guard.sh"}]}],
                       "PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "prettier --write"},
                                                                     {"type": "command", "command": "old # forkline-hook"}]}]}}
            """;

    @TempDir
    Path dir;

    @Test
    void installKeepsTheUsersHooksAndUninstallRemovesExactlyForklines() throws Exception {
        ObjectNode users = (ObjectNode) Json.MAPPER.readTree(USERS);
        ObjectNode installed = HookSettings.install(users, "http://127.0.0.1:4318");
        assertThat(installed.path("model").asText()).isEqualTo("opus");
        assertThat(installed.at("/hooks/PreToolUse/0/hooks/0/command").asText()).isEqualTo("~/bin/guard.sh");
        assertThat(installed.at("/hooks/PostToolUse/0/hooks")).hasSize(1); // the stale Forkline entry was replaced
        assertThat(installed.at("/hooks/PostToolUse/0/hooks/0/command").asText()).isEqualTo("prettier --write");
        for (String event : HookSettings.EVENTS) {
            assertThat(installed.at("/hooks/" + event).toString()).as(event).contains(HookSettings.MARKER).contains("/v1/hooks/claude-code");
        }
        assertThat(installed.at("/hooks/PreToolUse/1/hooks/0/command").asText()).contains("exit 2");
        assertThat(HookSettings.install(installed, "http://127.0.0.1:4318")).as("installing twice changes nothing").isEqualTo(installed);

        ObjectNode removed = HookSettings.uninstall(installed);
        ObjectNode expected = (ObjectNode) Json.MAPPER.readTree(USERS);
        ((com.fasterxml.jackson.databind.node.ArrayNode) expected.at("/hooks/PostToolUse/0/hooks")).remove(1);
        assertThat(removed).isEqualTo(expected);

        Path file = dir.resolve(".claude/settings.json");
        HookSettings.write(file, installed);
        assertThat(HookSettings.read(file)).isEqualTo(installed);
        assertThat(HookSettings.uninstall(HookSettings.install(Json.object(), "http://x"))).isEqualTo(Json.object());
    }
}
