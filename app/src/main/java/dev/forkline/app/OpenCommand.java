package dev.forkline.app;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "open", mixinStandardHelpOptions = true,
        description = "Open the workbench window. FILES (traces, or folders of traces such as sample-traces/) are imported first.")
final class OpenCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILES", arity = "0..*", description = "Traces or folders of traces to import and show.")
    List<Path> files = List.of();

    @Mixin
    DatabaseOption database = new DatabaseOption();

    @Override
    public Integer call() throws Exception {
        throw new EnvironmentMissingException("the workbench window is not wired into this build yet");
    }
}
