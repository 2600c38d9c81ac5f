package dev.forkline.app;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code forkline}: with no subcommand, opens the workbench window. */
@Command(name = "forkline",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Review and replay recorded AI-agent runs.%n"
                + "Exit codes: 0 ok, 1 a check found a problem, 2 bad input or usage, 3 replay diverged, 4 environment missing (e.g. no Docker engine).")
public final class ForklineCommand implements Callable<Integer> {

    /** Every command, in the order the help lists them. */
    private static final List<Class<?>> SUBCOMMANDS = List.of(
            OpenCommand.class,
            InspectCommand.class,
            ImportCommand.class,
            ConvertCommand.class,
            ListCommand.class,
            SearchCommand.class,
            VerifyCommand.class,
            ScreenshotCommand.class,
            RecordCommand.class,
            DecideCommand.class,
            QueueCommand.class,
            ReplayCommand.class,
            ReplayAllCommand.class,
            RevertCommand.class,
            GateCommand.class,
            ReportCommand.class,
            KeysCommand.class,
            ServeCommand.class,
            HookCommand.class,
            DeleteCommand.class,
            HoldCommand.class,
            RetentionCommand.class,
            TeamCommand.class,
            ExportCommand.class,
            StartupTrainingCommand.class,
            CommandLine.HelpCommand.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        return new OpenCommand().call();
    }

    /**
     * The command line for these arguments: with only the command they name, when they name one other than
     * {@code help}, else with every command. Picocli builds its model of each command it is given, by reflection, when
     * it is given it: in a fresh JVM, making the command line took 0.68 s with every command and 0.24 s with one.
     */
    static CommandLine commandLine(String... args) {
        if (args.length > 0) {
            for (Class<?> subcommand : SUBCOMMANDS) {
                if (subcommand != CommandLine.HelpCommand.class && subcommand.getAnnotation(Command.class).name().equals(args[0])) {
                    return commandLine(List.of(subcommand));
                }
            }
        }
        return commandLine(SUBCOMMANDS);
    }

    private static CommandLine commandLine(List<Class<?>> subcommands) {
        CommandLine commandLine = new CommandLine(new ForklineCommand());
        subcommands.forEach(commandLine::addSubcommand);
        // set after the subcommands are added: picocli hands these settings to the subcommands it has
        ErrorReporting errors = new ErrorReporting();
        return commandLine
                .setExecutionExceptionHandler(errors)
                .setParameterExceptionHandler(errors)
                .setCaseInsensitiveEnumValuesAllowed(true);
    }
}
