package dev.forkline.app;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.verify.Problem;
import dev.forkline.trace.verify.VerificationReport;
import dev.forkline.trace.verify.Verifier;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Check every event hash, chain link and blob of a bundle. Exit 0 when intact, 1 naming the first bad event and line.")
final class VerifyCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE", description = "A bundle directory or .zip.")
    Path bundlePath;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        try (Bundle bundle = BundleReader.read(bundlePath)) {
            VerificationReport report = Verifier.verify(bundle);
            var out = spec.commandLine().getOut();
            if (report.ok()) {
                out.printf("%s: intact (%d events, %d blobs checked)%n", bundlePath, report.eventsChecked(), report.blobsChecked());
                out.flush();
                return ExitCodes.OK;
            }
            Problem first = report.first().orElseThrow();
            var err = spec.commandLine().getErr();
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
