package dev.forkline.app;

import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionVerifier;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.IntegrityVerdict;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.TraceSummary;
import dev.forkline.trace.verify.Problem;
import dev.forkline.trace.verify.VerificationReport;
import dev.forkline.trace.verify.Verifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Check every event hash, chain link and blob of a bundle, and the signature of every human decision "
                + "(signed by a key trusted for its owner). Exit 0 when intact, 1 naming the first bad event and line. "
                + "With --db (or --all), verify stored traces again by id and store their new verdict (as 'forkline list' shows it).")
final class VerifyCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE|TRACE-ID", arity = "0..*",
            description = "A bundle directory or .zip; with --db, the ids of stored traces.")
    List<String> targets = List.of();

    @Option(names = "--db", paramLabel = "PATH|URL", description = "Verify traces stored in this database (an H2 file or a team"
            + " store postgresql://USER@HOST[:PORT]/DB) by id instead of a bundle.")
    String database;

    @Option(names = "--all", description = "Verify every trace in the store (the default database unless --db names one).")
    boolean all;

    @Mixin
    TrustedKeyOptions trust;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (database != null || all) {
            return verifyStored();
        }
        if (targets.size() != 1) {
            throw new UserInputException("verify takes one BUNDLE (or stored trace ids with --db PATH)");
        }
        return verifyBundle(Path.of(targets.getFirst()));
    }

    private int verifyStored() throws Exception {
        if (all == !targets.isEmpty()) {
            throw new UserInputException(all ? "--all verifies every stored trace: name no TRACE-ID with it"
                    : "name the stored traces to verify (TRACE-ID...), or --all");
        }
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        TrustedKeys trusted = trust.trusted();
        int failed = 0;
        try (TraceStore store = TraceStore.open(DatabaseOption.choose(database, System.getenv(DatabaseOption.VARIABLE)))) {
            List<String> traceIds = new ArrayList<>(targets);
            if (all) {
                store.list().stream().map(TraceSummary::traceId).forEach(traceIds::add);
            }
            for (String traceId : traceIds) {
                if (store.find(traceId).isEmpty()) {
                    throw new UserInputException("no stored trace '" + traceId + "' in " + store.address());
                }
                TraceIntegrity integrity = store.reverify(traceId, trusted);
                IntegrityVerdict verdict = integrity.verdict();
                out.println(traceId + ": " + verdict.headline());
                if (verdict.fails()) {
                    failed++;
                    err.println("forkline: " + IntegrityMessages.firstProblem(traceId, verdict) + ": " + IntegrityMessages.advice(verdict));
                    IntegrityMessages.listRest(err, traceId, integrity.problems());
                }
            }
        }
        out.flush();
        err.flush();
        return failed == 0 ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
    }

    private int verifyBundle(Path bundlePath) throws Exception {
        try (Bundle bundle = BundleReader.read(bundlePath)) {
            VerificationReport report = Verifier.verify(bundle);
            TrustedKeys trusted = trust.trusted();
            List<DecisionCheck> decisions = DecisionVerifier.verify(bundle, trusted);
            var out = spec.commandLine().getOut();
            var err = spec.commandLine().getErr();
            for (DecisionCheck decision : decisions) {
                out.println("decision " + decision.eventId() + ": " + decision.describe());
            }
            List<Finding> decisionProblems = decisions.stream().flatMap(check -> check.problems().stream()).toList();
            if (report.ok() && decisionProblems.isEmpty()) {
                out.printf("%s: intact (%d events, %d blobs, %d signed decisions checked)%n", bundlePath, report.eventsChecked(),
                        report.blobsChecked(), decisions.size());
                out.flush();
                return ExitCodes.OK;
            }
            out.flush();
            if (report.ok()) {
                for (Finding problem : decisionProblems) {
                    err.println("forkline: " + dev.forkline.trace.TraceFormatException.location(bundle.eventsFile(), problem.line())
                            + ": event " + problem.eventId() + ": " + problem.message());
                }
                err.flush();
                return ExitCodes.CHECK_FAILED;
            }
            Problem first = report.first().orElseThrow();
            err.println("forkline: " + first.describe(bundle.eventsFile()));
            if (report.problems().size() > 1) {
                err.println("  and " + (report.problems().size() - 1) + " more problem(s):");
                report.problems().stream().skip(1).limit(20).forEach(problem -> err.println("  " + problem.describe(bundle.eventsFile())));
            }
            err.flush();
            return ExitCodes.CHECK_FAILED;
        }
    }
}
