package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up cache's training: every command it runs must still work on the bundled samples, or the cache the
 * {@code forkline} script records stops covering what users run (and the script, seeing the failure, records none).
 */
class StartupTrainingCommandTest {

    @TempDir
    Path scratch;

    @Test
    void everyTrainingCommandSucceedsOnTheBundledSamplesWithinItsScratchDirectory() throws Exception {
        List<List<String>> commands = StartupTrainingCommand.commands(ReplayCliTest.SAMPLES.toAbsolutePath(), scratch);
        StringWriter log = new StringWriter();

        int failed = StartupTrainingCommand.run(commands, new PrintWriter(log, true));

        assertThat(failed).as(log.toString()).isZero();
        assertThat(commands).extracting(command -> command.getFirst())
                .contains("import", "list", "verify", "search", "queue", "gate", "report", "export", "screenshot");
        assertThat(log.toString()).contains("0 of " + commands.size() + " commands failed");
        assertThat(scratch.resolve("window.png")).isNotEmptyFile();
        assertThat(scratch.resolve("report.html")).isNotEmptyFile();
        assertThat(scratch.resolve("export/manifest.json")).isRegularFile();
    }

    @Test
    void aFailingCommandIsCountedAndTheOthersStillRun() {
        StringWriter log = new StringWriter();

        int failed = StartupTrainingCommand.run(List.of(List.of("inspect", scratch.resolve("missing").toString()), List.of("--version")),
                new PrintWriter(log, true));

        assertThat(failed).isEqualTo(1);
        assertThat(log.toString()).contains("exit " + ExitCodes.BAD_INPUT, "exit 0", "1 of 2 commands failed");
    }

    @Test
    void isHiddenFromTheHelp() {
        assertThat(CliTest.run("--help").out()).doesNotContain("startup-training").contains("export");
    }

    @Test
    void aFolderWithoutSampleBundlesIsRefused() throws IOException {
        Path empty = Files.createDirectories(scratch.resolve("empty"));

        assertThatThrownBy(() -> StartupTrainingCommand.commands(empty, scratch)).hasMessageContaining("no sample bundles in " + empty);
    }
}
