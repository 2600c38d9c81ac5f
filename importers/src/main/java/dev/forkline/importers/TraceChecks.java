package dev.forkline.importers;

import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.lint.Linter;
import dev.forkline.trace.secrets.SecretHit;
import dev.forkline.trace.secrets.SecretScanner;
import dev.forkline.trace.verify.EventSweep;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Everything Forkline says about a trace it has just read: what its importer could not tell, the trace-quality lint, and
 * the credentials it carries (masked wherever they are shown). Inspecting and importing report the same list. The lint
 * (with its verification) and the secret scan share one {@link EventSweep}, so each event is parsed once for both.
 */
public final class TraceChecks {

    private TraceChecks() {
    }

    /** @param index the index of {@code trace}'s events */
    public static List<Finding> findings(ImportedTrace trace, TraceIndex index) {
        Bundle bundle = trace.bundle();
        EventSweep sweep = new EventSweep(index.events());
        Supplier<List<Finding>> lint = Linter.lintDuring(sweep, index, bundle.lines(), null);
        Supplier<List<SecretHit>> secrets = new SecretScanner().hitsDuring(sweep, bundle.lines());
        sweep.run();
        List<Finding> findings = new ArrayList<>(trace.findings());
        findings.addAll(lint.get());
        secrets.get().forEach(hit -> findings.add(SecretScanner.finding(hit)));
        return findings;
    }

    public static List<Finding> findings(ImportedTrace trace) {
        return findings(trace, TraceIndex.of(trace.bundle().events()));
    }
}
