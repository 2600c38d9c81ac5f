package dev.forkline.app;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.ContractReader;
import dev.forkline.trace.gate.Gate;
import dev.forkline.trace.gate.GateResult;
import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.recovery.RecoveryMetrics;
import dev.forkline.trace.report.Credentials;
import dev.forkline.trace.report.PostmortemReport;
import dev.forkline.trace.report.ReportInputs;
import dev.forkline.trace.store.TraceStore;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write a self-contained postmortem HTML page: summary, timeline, fork tree, failures, first divergences, "
                + "escapes and their signed decisions, recovery metrics, gate result (with --contract), environment and model identity. "
                + "Credentials found in the trace are masked unless --unmasked is given. With --db, the report of a stored trace, "
                + "as the window's Export report writes it.")
final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE|TRACE-ID", description = "The trace (a bundle or any supported format); with --db, the id of a stored trace.")
    String target;

    @Option(names = "--db", paramLabel = "PATH|URL", description = "Report the trace stored in this database (an H2 file or a team"
            + " store postgresql://USER@HOST[:PORT]/DB) under the id given, instead of a file.")
    String database;

    @Option(names = "--out", required = true, paramLabel = "FILE.html")
    Path out;

    @Option(names = "--contract", paramLabel = "FILE", description = "Include the launch-gate result against this recovery contract.")
    Path contractFile;

    @Mixin
    TrustedKeyOptions trust;

    @Option(names = "--unmasked", description = "Show credentials found in the trace as they are (by default they are masked).")
    boolean unmasked;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        TrustedKeys trusted = trust.trusted();
        if (database != null) {
            try (TraceStore store = TraceStore.open(database)) {
                if (store.find(target).isEmpty()) {
                    throw new UserInputException("no stored trace '" + target + "' in " + store.address());
                }
                // the verdict stored at import (or by forkline verify --db) stands, as in the window, unless there is none
                TraceIntegrity known = store.integrity(target)
                        .filter(integrity -> integrity.verdict().status() != IntegrityStatus.UNVERIFIED).orElse(null);
                try (Bundle stored = store.load(target)) {
                    write(stored, trusted, known, ImportedTrace.unreadPartsAmong(store.findings(target)));
                }
            }
        } else {
            ImportedTrace imported = Importers.builtIn().read(Path.of(target));
            try (Bundle bundle = imported.bundle()) {
                write(bundle, trusted, null, imported.unreadParts());
            }
        }
        spec.commandLine().getOut().println(out);
        return ExitCodes.OK;
    }

    private void write(Bundle bundle, TrustedKeys trusted, TraceIntegrity knownIntegrity, List<Finding> unreadParts) throws Exception {
        GateResult gate = contractFile == null ? null
                : Gate.check(bundle, RecoveryMetrics.of(bundle), knownIntegrity, ContractReader.read(contractFile), trusted);
        ReportInputs inputs = ReportInputs.of(bundle, trusted, gate, knownIntegrity, unmasked ? Credentials.AS_RECORDED : Credentials.MASKED)
                .withFindingsFirst(unreadParts);
        PostmortemReport.write(bundle, inputs, out);
    }
}
