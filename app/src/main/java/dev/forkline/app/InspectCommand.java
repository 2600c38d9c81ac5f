package dev.forkline.app;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Json;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Parse a trace without storing it and report its format, events by type, runs, actors, checkpoints and findings.")
final class InspectCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "A bundle directory, a .zip bundle or an agent trace file.")
    Path file;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ImportedTrace trace = Importers.builtIn().read(file);
        try (var bundle = trace.bundle()) {
            InspectReport report = InspectReport.of(trace);
            var out = spec.commandLine().getOut();
            out.print(json ? Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(report.toJson()) + "\n" : report.toText());
            out.flush();
        }
        return ExitCodes.OK;
    }
}
