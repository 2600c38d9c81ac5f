package dev.forkline.benchmarks.figures;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.TraceChecks;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.store.StoreResult;
import dev.forkline.trace.store.StreamedImport;
import dev.forkline.trace.store.TraceStore;
import java.nio.file.Path;

/**
 * What {@code forkline import FILE} does, as the main class of a child JVM whose memory {@link ImportMemoryFigures}
 * watches: the built-in importer's read, the checks of {@link TraceChecks} (verification, lint, secret scan) and
 * the store's import into the store at the second argument ({@link StreamedImport}: a large bundle is stored while it is read). Prints the stored event count.
 */
public final class CommandLineImport {

    private CommandLineImport() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        try (TraceStore store = TraceStore.open(Path.of(args[1]));
             StreamedImport stream = store.streamedImport(file.toAbsolutePath().toString())) {
            ImportedTrace trace = Importers.builtIn().read(file, stream);
            try (Bundle bundle = trace.bundle()) {
                TraceChecks.Checked checked = TraceChecks.check(trace, TrustedKeys.none());
                StoreResult result = stream.finish(bundle, checked.findings(), checked.integrity());
                System.out.println(result.newEvents());
            }
        }
        System.exit(0);
    }
}
