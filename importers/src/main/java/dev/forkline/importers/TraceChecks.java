package dev.forkline.importers;

import dev.forkline.importers.support.ImportFindings;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.lint.LintCodes;
import dev.forkline.trace.lint.Linter;
import dev.forkline.trace.secrets.SecretHit;
import dev.forkline.trace.secrets.SecretScanner;
import dev.forkline.trace.verify.EventSweep;
import dev.forkline.trace.verify.Problem;
import dev.forkline.trace.verify.SweepMemo;
import dev.forkline.trace.verify.VerificationReport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Everything Forkline says about a trace it has just read: what its importer could not tell, the trace-quality lint, and
 * the credentials it carries (masked wherever they are shown). Inspecting and importing report the same list. The lint
 * (with its verification) and the secret scan share one {@link EventSweep}, so each event is parsed once for both.
 * Importing also verifies the trace's integrity ({@link #check}) in that same sweep.
 */
public final class TraceChecks {

    private TraceChecks() {
    }

    /**
     * The findings and the integrity of a trace being imported.
     *
     * @param findings  as {@link #findings(ImportedTrace, TraceIndex)}, with blob problems among the verifier's
     * @param integrity the verdict on its hashes, chains, blobs and decision signatures
     */
    public record Checked(List<Finding> findings, TraceIntegrity integrity) {

        public Checked {
            findings = List.copyOf(findings);
        }
    }

    /** @param index the index of {@code trace}'s events */
    public static List<Finding> findings(ImportedTrace trace, TraceIndex index) {
        Bundle bundle = trace.bundle();
        EventSweep sweep = new EventSweep(index.events());
        Supplier<List<Finding>> lint = Linter.lintDuring(sweep, index, bundle.lines(), (BlobSource) null);
        Supplier<List<SecretHit>> secrets = new SecretScanner().hitsDuring(sweep, bundle.lines());
        sweep.run();
        return collect(trace, lint, secrets);
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

    /**
     * Findings and integrity in one sweep: the trace is verified once (blobs and decision signatures against
     * {@code trusted} included), and the lint reports that verification's problems, except those about decisions,
     * which the integrity verdict speaks for.
     */
    public static Checked check(ImportedTrace trace, TraceIndex index, TrustedKeys trusted) {
        return check(trace, index, trusted, null);
    }

    /**
     * As {@link #check(ImportedTrace, TraceIndex, TrustedKeys)}, for a trace checked again as it grows: events the memo
     * kept from the last check (the very same objects) are not hashed and scanned for secrets again.
     *
     * @param memo what the last check of this trace found per event, or null
     */
    public static Checked check(ImportedTrace trace, TraceIndex index, TrustedKeys trusted, SweepMemo memo) {
        return check(trace, index, trusted, memo, EventSweep.Progress.NONE);
    }

    private static Checked check(ImportedTrace trace, TraceIndex index, TrustedKeys trusted, SweepMemo memo, EventSweep.Progress progress) {
        Bundle bundle = trace.bundle();
        EventSweep sweep = new EventSweep(index.events(), memo).reportingTo(progress);
        Supplier<TraceIntegrity> integrity = TraceIntegrity.checkDuring(sweep, bundle, index, trusted);
        Supplier<VerificationReport> chain = () -> new VerificationReport(integrity.get().problems().stream()
                .filter(problem -> !isAboutADecision(problem)).toList(), index.size(), 0);
        Supplier<List<Finding>> lint = Linter.lintDuring(sweep, index, bundle.lines(), chain);
        Supplier<List<SecretHit>> secrets = new SecretScanner().hitsDuring(sweep, bundle.lines());
        sweep.run();
        return new Checked(collect(trace, lint, secrets), integrity.get());
    }

    public static Checked check(ImportedTrace trace, TrustedKeys trusted) {
        return check(trace, trusted, EventSweep.Progress.NONE);
    }

    /**
     * As {@link #check(ImportedTrace, TrustedKeys)}, telling {@code progress} how many events were checked as the checks
     * go (a large trace takes seconds); an exception it throws stops the checks and is thrown here.
     */
    public static Checked check(ImportedTrace trace, TrustedKeys trusted, EventSweep.Progress progress) {
        return check(trace, indexOf(trace), trusted, null, progress);
    }

    /** @param memo what the last check of this trace found per event, or null */
    public static Checked check(ImportedTrace trace, TrustedKeys trusted, SweepMemo memo) {
        return check(trace, indexOf(trace), trusted, memo);
    }

    private static TraceIndex indexOf(ImportedTrace trace) {
        Bundle bundle = trace.bundle();
        return TraceIndex.of(bundle.events(), bundle.columns());
    }

    private static boolean isAboutADecision(Problem problem) {
        return problem.code().startsWith("decision-");
    }

    private static List<Finding> collect(ImportedTrace trace, Supplier<List<Finding>> lint, Supplier<List<SecretHit>> secrets) {
        List<Finding> findings = new ArrayList<>(trace.findings());
        findings.addAll(withoutRepeatedUnknownTypes(trace, lint.get()));
        secrets.get().forEach(hit -> findings.add(SecretScanner.finding(hit)));
        return findings;
    }
}
