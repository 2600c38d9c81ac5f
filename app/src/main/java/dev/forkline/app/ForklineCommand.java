package dev.forkline.app;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code forkline}: with no subcommand, opens the workbench window. */
@Command(name = "forkline",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Review and replay recorded AI-agent runs.%n"
                + "Exit codes: 0 ok, 1 a check found a problem, 2 bad input or usage, 3 replay diverged, 4 environment missing (e.g. no Docker engine).",
        subcommands = {
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
                CommandLine.HelpCommand.class
        })
public final class ForklineCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        return new OpenCommand().call();
    }

    static CommandLine commandLine() {
        ErrorReporting errors = new ErrorReporting();
        return new CommandLine(new ForklineCommand())
                .setExecutionExceptionHandler(errors)
                .setParameterExceptionHandler(errors)
                .setCaseInsensitiveEnumValuesAllowed(true);
    }
}
