package dev.forkline.importers;

import dev.forkline.importers.support.ImportFindings;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.lint.LintCodes;
import dev.forkline.trace.lint.Linter;
import dev.forkline.trace.secrets.SecretHit;
import dev.forkline.trace.secrets.SecretScanner;
import dev.forkline.trace.verify.EventSweep;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
        findings.addAll(withoutRepeatedUnknownTypes(trace, lint.get()));
        secrets.get().forEach(hit -> findings.add(SecretScanner.finding(hit)));
        return findings;
    }

    /**
     * The lint without its {@code unknown-event-type} findings for event types an importer kept raw on purpose (the
     * event holds {@code data.raw}) and already reported as {@code unknown-record}: one record type, one finding.
     */
    private static List<Finding> withoutRepeatedUnknownTypes(ImportedTrace trace, List<Finding> lint) {
        boolean importerReported = trace.findings().stream().anyMatch(f -> f.code().equals(ImportFindings.UNKNOWN_RECORD));
        if (!importerReported) {
            return lint;
        }
        Set<String> keptRaw = new HashSet<>();
        for (Event event : trace.bundle().events()) {
            if (event.kind() == EventType.UNKNOWN && event.data().has("raw")) {
                keptRaw.add(event.id());
            }
        }
        return lint.stream().filter(f -> !(f.code().equals(LintCodes.UNKNOWN_EVENT_TYPE) && keptRaw.contains(f.eventId()))).toList();
    }

    public static List<Finding> findings(ImportedTrace trace) {
        return findings(trace, TraceIndex.of(trace.bundle().events()));
    }
}
