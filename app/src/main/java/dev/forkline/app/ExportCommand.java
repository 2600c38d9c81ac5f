package dev.forkline.app;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.export.BundleExport;
import dev.forkline.trace.store.TraceStore;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code forkline export TRACE-ID --out BUNDLE}: one stored trace out of the store as a bundle directory. */
@Command(name = "export", mixinStandardHelpOptions = true, description = "Write a stored trace (from your H2 file or a team"
        + " store) to a new bundle directory, with its decisions and the blobs it names: 'forkline verify' checks it as any bundle.")
final class ExportCommand implements Callable<Integer> {

    @Mixin
    DatabaseOption database;

    @Parameters(paramLabel = "TRACE-ID")
    String traceId;

    @Option(names = "--out", required = true, paramLabel = "BUNDLE", description = "The bundle directory to write; must not exist.")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        try (TraceStore store = database.open(); Bundle stored = store.load(traceId)) {
            Path written = BundleExport.write(stored, out);
            spec.commandLine().getOut().printf("%s: trace %s, %d events, from %s%n", written, traceId, stored.events().size(), store.address());
        }
        return ExitCodes.OK;
    }
}
