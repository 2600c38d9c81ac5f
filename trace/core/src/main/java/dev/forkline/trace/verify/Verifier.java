package dev.forkline.trace.verify;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.index.TraceIndex;
import java.util.List;
import java.util.function.Supplier;

/**
 * Checks a trace's integrity and reports every problem, not just the first: each event's hash against its recomputed
 * hash, each run's prev chain (a forked run's first event chains to the checkpoint it was forked from), seq order,
 * unique ids, causes naming existing events, and every referenced blob's presence and content. Problems come in the
 * order of the events they are about. Each event is looked at once, in an {@link EventSweep}.
 */
public final class Verifier {

    private Verifier() {
    }

    public static VerificationReport verify(Bundle bundle) {
        return verify(bundle, List.of());
    }

    public static VerificationReport verify(Bundle bundle, List<EventCheck> extraChecks) {
        return verify(bundle.events(), bundle.lines(), bundle.blobs(), extraChecks);
    }

    /**
     * @param lines  {@code lines[i]} is the line of {@code events.get(i)}, or null when lines are unknown
     * @param blobs  where referenced blobs are looked up, or null to skip the blob checks
     */
    public static VerificationReport verify(List<Event> events, int[] lines, BlobSource blobs, List<EventCheck> extraChecks) {
        return verify(TraceIndex.of(events), lines, blobs, extraChecks);
    }

    public static VerificationReport verify(TraceIndex index, int[] lines, BlobSource blobs, List<EventCheck> extraChecks) {
        EventSweep sweep = new EventSweep(index.events());
        Supplier<VerificationReport> report = verifyDuring(sweep, index, lines, blobs, extraChecks);
        sweep.run();
        return report.get();
    }

    /**
     * Adds the verification of the index's events to a sweep that other checks may share (so each event is parsed
     * once for all of them). The report can be had once the sweep has run.
     */
    public static Supplier<VerificationReport> verifyDuring(EventSweep sweep, TraceIndex index, int[] lines, BlobSource blobs,
                                                            List<EventCheck> extraChecks) {
        EventVerification verification = new EventVerification(index, lines, blobs, extraChecks, sweep.memo());
        EventSweep.Parts<List<Problem>> problems = sweep.add(verification);
        return () -> verification.report(problems.inFileOrder());
    }
}
