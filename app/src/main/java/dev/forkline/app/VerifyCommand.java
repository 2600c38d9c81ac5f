package dev.forkline.app;

import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionVerifier;
import dev.forkline.trace.decision.TrustedKeys;
import java.util.List;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.verify.Problem;
import dev.forkline.trace.verify.VerificationReport;
import dev.forkline.trace.verify.Verifier;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Check every event hash, chain link and blob of a bundle, and the signature of every human decision "
                + "(signed by a key trusted for its owner). Exit 0 when intact, 1 naming the first bad event and line.")
final class VerifyCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE", description = "A bundle directory or .zip.")
    Path bundlePath;

    @Mixin
    TrustedKeyOptions trust;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
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
