package dev.forkline.app;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.TraceChecks;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.store.StoreResult;
import dev.forkline.trace.store.TraceConflictException;
import dev.forkline.trace.store.TraceStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Store traces (Forkline bundles or a supported agent format). Each file is one transaction: "
                + "a file that fails leaves the store exactly as it was.")
final class ImportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "Bundle directories, .zip bundles or agent trace files.")
    List<Path> files;

    @Mixin
    DatabaseOption database;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        int failures = 0;
        Importers importers = Importers.builtIn();
        try (TraceStore store = database.open()) {
            for (Path file : files) {
                try {
                    ImportedTrace trace = importers.read(file);
                    try (var bundle = trace.bundle()) {
                        StoreResult result = store.importTrace(bundle, TraceChecks.findings(trace), file.toAbsolutePath().toString());
                        out.printf("%s\t%s\t%d events\t%s%n", bundle.manifest().traceId(), bundle.manifest().sourceFormat(),
                                bundle.events().size(), result.message());
                    }
                } catch (TraceFormatException | IOException | TraceConflictException e) {
                    failures++;
                    err.println("forkline: " + (e instanceof IOException ? file + ": " + e.getMessage() : e.getMessage()));
                }
            }
        }
        out.flush();
        err.flush();
        return failures == 0 ? ExitCodes.OK : ExitCodes.BAD_INPUT;
    }
}
