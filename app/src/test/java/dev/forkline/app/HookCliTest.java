package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.ExitStatus;
import dev.forkline.trace.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code forkline hook install|uninstall claude-code}: the settings file it writes and the endpoints it refuses. */
class HookCliTest {

    @TempDir
    Path project;

    @Test
    void installWritesForklinesHooksBesideTheUsersAndUninstallRemovesThem() throws Exception {
        Path settings = project.resolve(".claude/settings.json");
        Files.createDirectories(settings.getParent());
        Files.writeString(settings, "{\"model\": \"opus\"}");

        CliTest.Outcome installed = CliTest.run("hook", "install", "claude-code", "--project", project.toString(),
                "--endpoint", "http://127.0.0.1:4999/");
        assertThat(installed.code()).as(installed.err()).isEqualTo(ExitStatus.OK);
        var written = Json.MAPPER.readTree(Files.readString(settings));
        assertThat(written.path("model").asText()).isEqualTo("opus");
        assertThat(written.at("/hooks/PreToolUse/0/hooks/0/command").asText())
                .startsWith("bash -c '").contains("/dev/tcp/127.0.0.1/4999").endsWith("# forkline-hook");

        CliTest.Outcome removed = CliTest.run("hook", "uninstall", "--project", project.toString());
        assertThat(removed.code()).isEqualTo(ExitStatus.OK);
        assertThat(Json.MAPPER.readTree(Files.readString(settings))).isEqualTo(Json.MAPPER.readTree("{\"model\": \"opus\"}"));
    }

    @Test
    void anEndpointTheHookCannotReachIsRefusedAndNothingIsWritten() {
        for (String endpoint : new String[] {"https://127.0.0.1:4318", "http://127.0.0.1:4318/v1", "http://evil';rm -rf ~;'"}) {
            CliTest.Outcome refused = CliTest.run("hook", "install", "claude-code", "--project", project.toString(), "--endpoint", endpoint);
            assertThat(refused.code()).as(endpoint).isEqualTo(ExitStatus.BAD_INPUT);
            assertThat(refused.err()).as(endpoint).contains("--endpoint").contains("http://HOST:PORT");
        }
        assertThat(project.resolve(".claude")).doesNotExist();
    }
}
