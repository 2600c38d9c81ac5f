package dev.forkline.app;

import dev.forkline.trace.gate.Contract;
import dev.forkline.trace.gate.ContractReader;
import dev.forkline.trace.store.TraceDeletion;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.TraceSummary;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code forkline retention --contract FILE [--apply]}: the traces past the contract's retention window, then deleted. */
@Command(name = "retention", mixinStandardHelpOptions = true, description = "List the stored traces imported longer ago than"
        + " the recovery contract's retention window (traces on legal hold excepted); with --apply, delete them (each"
        + " deletion recorded, as forkline delete does).")
final class RetentionCommand implements Callable<Integer> {

    @Mixin
    DatabaseOption database;

    @Option(names = "--contract", required = true, paramLabel = "FILE", description = "The recovery contract whose 'retention' applies.")
    Path contractFile;

    @Option(names = "--apply", description = "Delete the traces listed.")
    boolean apply;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Contract contract = ContractReader.read(contractFile);
        var out = spec.commandLine().getOut();
        try (TraceStore store = database.open()) {
            List<TraceSummary> due = store.pastRetention(contract.retention());
            out.printf("%d traces past the retention of %s (%s)%n", due.size(), contract.retention(), contract.name());
            for (TraceSummary trace : due) {
                if (apply) {
                    TraceDeletion deletion = store.delete(trace.traceId(), Operator.name(), "retention " + contract.retention()
                            + " of contract " + contract.name());
                    out.printf("deleted %s (imported %s, last hash %s)%n", trace.traceId(), trace.importedAt(), deletion.lastHash());
                } else {
                    out.printf("%s (imported %s)%n", trace.traceId(), trace.importedAt());
                }
            }
        }
        return ExitCodes.OK;
    }
}
