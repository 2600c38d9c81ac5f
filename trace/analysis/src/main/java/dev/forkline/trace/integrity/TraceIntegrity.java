package dev.forkline.trace.integrity;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionEventChecks;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.verify.EventSweep;
import dev.forkline.trace.verify.Problem;
import dev.forkline.trace.verify.VerificationReport;
import dev.forkline.trace.verify.Verifier;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A trace's integrity: the {@link IntegrityVerdict} and every problem behind it, in the order of the events they are
 * about. What the verdict means depends on where the trace came from:
 *
 * <ul>
 *   <li>a Forkline bundle ({@code sourceFormat} {@value Manifest#NATIVE_FORMAT}) is <em>intact</em> when the verifier
 *       finds nothing; <em>decisions by untrusted keys</em> when all it finds is decisions signed by keys not trusted
 *       for their owners; <em>altered</em> otherwise, at the first problem of another kind;</li>
 *   <li>a trace imported from an agent's own format is <em>not signed</em>: the chain Forkline computed when importing it
 *       proves nothing about the file it came from, and the agent's own approvals were never signed. Only the chain
 *       and blobs are held against it (a bundle exported from such a trace and edited afterwards is <em>altered</em>).</li>
 * </ul>
 *
 * @param problems the problems that count for the verdict (a foreign trace's decision problems do not), in file order
 */
public record TraceIntegrity(IntegrityVerdict verdict, List<Problem> problems) {

    private static final TraceIntegrity UNVERIFIED = new TraceIntegrity(IntegrityVerdict.unverified(), List.of());

    public TraceIntegrity {
        Objects.requireNonNull(verdict, "verdict");
        problems = List.copyOf(problems);
    }

    public static TraceIntegrity unverified() {
        return UNVERIFIED;
    }

    /** Verifies a bundle: hashes, chains, seqs, ids, causes, every referenced blob, every decision's signature and key. */
    public static TraceIntegrity check(Bundle bundle, TrustedKeys trusted) {
        return check(bundle, TraceIndex.of(bundle.events()), trusted);
    }

    /** As {@link #check(Bundle, TrustedKeys)}, with the index of the bundle's events already built. */
    public static TraceIntegrity check(Bundle bundle, TraceIndex index, TrustedKeys trusted) {
        EventSweep sweep = new EventSweep(index.events());
        Supplier<TraceIntegrity> integrity = checkDuring(sweep, bundle, index, trusted);
        sweep.run();
        return integrity.get();
    }

    /**
     * Adds the verification of {@code bundle} to a sweep other checks share (the linter, the secret scan), so that each
     * event is parsed once for all of them. The result can be had once the sweep has run.
     *
     * @param index the index of the bundle's events (the sweep's)
     */
    public static Supplier<TraceIntegrity> checkDuring(EventSweep sweep, Bundle bundle, TraceIndex index, TrustedKeys trusted) {
        Supplier<VerificationReport> report = Verifier.verifyDuring(sweep, index, bundle.lines(), bundle.blobs(),
                DecisionEventChecks.of(trusted));
        String format = bundle.manifest().sourceFormat();
        return () -> of(report.get().problems(), format);
    }

    /** The verdict the verifier's problems amount to for a trace of this source format (see the class comment). */
    public static TraceIntegrity of(List<Problem> found, String sourceFormat) {
        if (!Manifest.NATIVE_FORMAT.equals(sourceFormat)) {
            List<Problem> chain = found.stream().filter(problem -> !isAboutADecision(problem)).toList();
            return chain.isEmpty() ? new TraceIntegrity(IntegrityVerdict.notSigned(), List.of()) : altered(chain);
        }
        if (found.isEmpty()) {
            return new TraceIntegrity(IntegrityVerdict.intact(), List.of());
        }
        if (found.stream().allMatch(TraceIntegrity::isUntrustedKey)) {
            Problem first = found.getFirst();
            return new TraceIntegrity(new IntegrityVerdict(IntegrityStatus.UNTRUSTED_DECISIONS, first.eventId(), first.line(),
                    found.size(), first.code(), first.message()), found);
        }
        return altered(found);
    }

    private static TraceIntegrity altered(List<Problem> found) {
        Problem first = found.stream().filter(problem -> !isUntrustedKey(problem)).findFirst().orElseThrow();
        return new TraceIntegrity(new IntegrityVerdict(IntegrityStatus.ALTERED, first.eventId(), first.line(), found.size(),
                first.code(), first.message()), found);
    }

    static boolean isUntrustedKey(Problem problem) {
        return DecisionCheck.UNTRUSTED_KEY.equals(problem.code());
    }

    static boolean isAboutADecision(Problem problem) {
        return problem.code().startsWith("decision-");
    }

    /** The problems about one event, in the order found (empty for an event nothing is wrong with). */
    public List<Problem> problemsAbout(String eventId) {
        return problems.stream().filter(problem -> problem.eventId().equals(eventId)).toList();
    }

    /** The events something is wrong with, in file order. */
    public Set<String> eventIds() {
        Set<String> ids = new LinkedHashSet<>();
        problems.forEach(problem -> ids.add(problem.eventId()));
        return ids;
    }

    /**
     * Whether the verdict's first bad event is {@code subject} or comes before it in the subject's lineage (its run, and
     * the runs it was forked from up to the fork point): what the subject's history rests on is altered. False when the
     * trace is not altered or either event is not in {@code index}.
     */
    public boolean breakPrecedes(String subject, TraceIndex index) {
        if (!verdict.altered()) {
            return false;
        }
        int at = index.indexOf(subject);
        int broken = index.indexOf(verdict.eventId());
        if (at < 0 || broken < 0) {
            return false;
        }
        Lineage lineage = index.lineage(index.columns().run(at));
        int brokenPosition = lineage.positionOfIndex(broken);
        return brokenPosition >= 0 && brokenPosition <= lineage.positionOfIndex(at);
    }
}
