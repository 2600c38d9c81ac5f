package dev.forkline.importers;

import dev.forkline.trace.Finding;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.lint.Linter;
import dev.forkline.trace.secrets.SecretScanner;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything Forkline says about a trace it has just read: what its importer could not tell, the trace-quality lint, and
 * the credentials it carries (masked wherever they are shown). Inspecting and importing report the same list.
 */
public final class TraceChecks {

    private TraceChecks() {
    }

    public static List<Finding> findings(ImportedTrace trace, TraceIndex index) {
        List<Finding> findings = new ArrayList<>(trace.findings());
        findings.addAll(Linter.lint(index, trace.bundle().lines()));
        findings.addAll(new SecretScanner().scan(trace.bundle()));
        return findings;
    }

    public static List<Finding> findings(ImportedTrace trace) {
        return findings(trace, TraceIndex.of(trace.bundle().events()));
    }
}
