package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The command line is built with only the command the arguments name, and behaves as with every command. */
class ForklineCommandTest {

    @Test
    void aNamedCommandIsTheOnlyOneBuilt() {
        assertThat(ForklineCommand.commandLine("list", "--json").getSubcommands()).containsOnlyKeys("list");
        assertThat(ForklineCommand.commandLine("keys", "list").getSubcommands()).containsOnlyKeys("keys");
    }

    @Test
    void withoutANamedCommandEveryOneIsBuilt() {
        assertThat(ForklineCommand.commandLine().getSubcommands()).containsKeys("open", "import", "list", "export", "help");
        assertThat(ForklineCommand.commandLine("--help").getSubcommands()).hasSize(ForklineCommand.commandLine().getSubcommands().size());
        assertThat(ForklineCommand.commandLine("help", "import").getSubcommands()).hasSize(ForklineCommand.commandLine().getSubcommands().size());
        assertThat(ForklineCommand.commandLine("lsit").getSubcommands()).containsKey("list");
    }

    @Test
    void helpUsageAndMistakesReadAsWithEveryCommand() {
        assertThat(CliTest.run("list", "--help").out()).startsWith("Usage: forkline list");
        assertThat(CliTest.run("help", "import").out()).startsWith("Usage: forkline import");
        assertThat(CliTest.run("--help").out()).contains("inspect", "import", "replay-all", "retention", "export");

        CliTest.Outcome mistyped = CliTest.run("lsit");
        assertThat(mistyped.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(mistyped.err()).contains("lsit");

        CliTest.Outcome wrongOption = CliTest.run("list", "--jsn");
        assertThat(wrongOption.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(wrongOption.err()).contains("--jsn", "--json", "forkline list --help");
    }
}
