package dev.forkline.app;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.ContractReader;
import dev.forkline.trace.gate.Gate;
import dev.forkline.trace.gate.GateResult;
import dev.forkline.trace.report.Credentials;
import dev.forkline.trace.report.PostmortemReport;
import dev.forkline.trace.report.ReportInputs;
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
                + "Credentials found in the trace are masked unless --unmasked is given.")
final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE", description = "The trace (a bundle or any supported format).")
    Path bundlePath;

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
        ImportedTrace imported = Importers.builtIn().read(bundlePath);
        try (var bundle = imported.bundle()) {
            GateResult gate = contractFile == null ? null : Gate.check(List.of(bundle), ContractReader.read(contractFile), trusted);
            ReportInputs inputs = ReportInputs.of(bundle, trusted, gate, null, unmasked ? Credentials.AS_RECORDED : Credentials.MASKED)
                    .withFindingsFirst(imported.unreadParts());
            PostmortemReport.write(bundle, inputs, out);
        }
        spec.commandLine().getOut().println(out);
        return ExitCodes.OK;
    }
}
