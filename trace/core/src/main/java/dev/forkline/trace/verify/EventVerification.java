package dev.forkline.trace.verify;

import dev.forkline.trace.CanonicalEvent;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventsWithLines;
import dev.forkline.trace.index.TraceIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@link Verifier}'s checks of one event, made while a {@link EventSweep} shows it: its hash, id, seq, causes,
 * blobs, the extra checks, and its link in its run's prev chain. What the event's neighbours contribute (their ids,
 * runs, seqs and hashes) comes from the index's columns, so no other event is looked at.
 */
final class EventVerification implements EventSweep.Inspection<List<Problem>> {

    private final TraceIndex index;
    private final EventColumns columns;
    private final int[] lines;
    private final BlobVerdicts blobs;
    private final List<EventCheck> extraChecks;
    private final RunNeighbours neighbours;

    /**
     * @param lines  {@code lines[i]} is the line of event {@code i}, or null when lines are unknown
     * @param blobs  where referenced blobs are looked up, or null to skip the blob checks
     */
    /** Events whose hash was found to match their content (a mismatch is not kept: it is reported on every sweep). */
    static final SweepMemo.Key<Boolean> HASH_MATCHES = new SweepMemo.Key<>("hash-matches");

    private final SweepMemo memo;
    /**
     * The events' lines were written when an {@link dev.forkline.trace.EventChain} in this process hashed them (an
     * import's, {@link EventsWithLines#hashedHere}): their hashes match their content by construction, so they are not
     * computed again.
     */
    private final boolean hashedHere;

    EventVerification(TraceIndex index, int[] lines, BlobSource blobs, List<EventCheck> extraChecks, SweepMemo memo) {
        this.memo = memo;
        this.hashedHere = index.events() instanceof EventsWithLines withLines && withLines.hashedHere();
        this.index = index;
        this.columns = index.columns();
        this.lines = lines;
        this.blobs = blobs == null ? null : new BlobVerdicts(blobs);
        this.extraChecks = List.copyOf(extraChecks);
        this.neighbours = new RunNeighbours(index);
    }

    /** The report, from the parts the sweep collected. */
    VerificationReport report(List<List<Problem>> parts) {
        List<Problem> problems = new ArrayList<>();
        parts.forEach(problems::addAll);
        return new VerificationReport(problems, columns.size(), blobs == null ? 0 : blobs.checked());
    }

    @Override
    public List<Problem> newPart() {
        return new ArrayList<>();
    }

    @Override
    public void inspect(int i, Event event, List<Problem> problems) {
        Reporter report = (code, message) -> problems.add(new Problem(code, event.id(), lineOf(i), message));
        if (!hashedHere && (memo == null || memo.recall(HASH_MATCHES, event) == null)) {
            checkHash(event, report);
        }
        if (index.indexOf(event.id()) != i) {
            report.problem("duplicate-id", "duplicate event id '" + event.id() + "'");
        }
        checkSeq(i, event, report);
        for (String cause : event.causes()) {
            if (index.indexOf(cause) < 0) {
                report.problem("unknown-cause", "cause '" + cause + "' names no event of this trace");
            }
        }
        if (blobs != null) {
            checkBlobs(event, report);
        }
        if (!extraChecks.isEmpty()) {
            runExtraChecks(event, report);
        }
        checkChain(i, event, report);
    }

    private interface Reporter {
        void problem(String code, String message);
    }

    private long lineOf(int i) {
        return lines == null || i >= lines.length ? 0 : lines[i];
    }

    private void checkHash(Event event, Reporter report) {
        if (event.hash() == null) {
            report.problem("missing-hash", "event has no hash");
            return;
        }
        String actual = CanonicalEvent.hashOf(event);
        if (!actual.equals(event.hash())) {
            report.problem("hash-mismatch", "hash " + event.hash() + " does not match the event's content, which hashes to " + actual);
        } else if (memo != null) {
            memo.keep(HASH_MATCHES, event, Boolean.TRUE);
        }
    }

    /** Seqs of a run increase in file order, starting at 1. */
    private void checkSeq(int i, Event event, Reporter report) {
        int previous = neighbours.previousInFile(i);
        if (previous < 0 && event.seq() != 1) {
            report.problem("seq-order", "first event of run '" + event.run() + "' has seq " + event.seq() + ", expected 1");
        } else if (previous >= 0 && event.seq() <= columns.seq(previous)) {
            report.problem("seq-order", "seq " + event.seq() + " does not follow seq " + columns.seq(previous) + " of run '" + event.run() + "'");
        }
    }

    private void checkBlobs(Event event, Reporter report) {
        for (BlobReferences.Reference reference : BlobReferences.of(event)) {
            if (!Hashes.isValid(reference.hash())) {
                report.problem("bad-blob-reference", reference.field() + " is not a blob name: '" + reference.hash() + "'");
                continue;
            }
            BlobVerdicts.Verdict verdict = blobs.of(reference.hash());
            if (verdict != BlobVerdicts.Verdict.INTACT) {
                report.problem(verdict.code(), reference.field() + ": " + verdict.message());
            }
        }
    }

    /** One event at a time, so that checks need not be thread-safe (see {@link EventCheck}). */
    private void runExtraChecks(Event event, Reporter report) {
        synchronized (extraChecks) {
            for (EventCheck extra : extraChecks) {
                for (String message : extra.check(event, index)) {
                    report.problem(extra.code(), message);
                }
            }
        }
    }

    /** The event's prev is the hash of the event before it in its run; a forked run starts from its fork point. */
    private void checkChain(int i, Event event, Reporter report) {
        int previous = neighbours.previousBySeq(i);
        if (previous >= 0) {
            String expected = columns.hash(previous);
            if (!Objects.equals(event.prev(), expected)) {
                report.problem("prev-chain-break", "prev " + event.prev() + " is not the hash of the run's previous event "
                        + columns.id(previous) + " (" + expected + ")");
            }
        } else if (event.is(EventType.RUN_FORK)) {
            checkForkStart(event, report);
        } else if (event.prev() != null) {
            report.problem("prev-chain-break", "first event of root run '" + event.run() + "' must have prev null, has " + event.prev());
        }
    }

    private void checkForkStart(Event fork, Reporter report) {
        String parentRun = fork.text("parentRun");
        String pointId = fork.text("checkpointEvent");
        int point = index.indexOf(pointId);
        if (point < 0) {
            report.problem("fork-point-unknown", "run.fork names checkpointEvent '" + pointId + "', which is not in this trace");
            return;
        }
        if (!columns.run(point).equals(parentRun)) {
            report.problem("fork-point-unknown", "checkpointEvent '" + pointId + "' belongs to run '" + columns.run(point)
                    + "', not to parentRun '" + parentRun + "'");
        }
        if (!Objects.equals(fork.prev(), columns.hash(point))) {
            report.problem("prev-chain-break", "prev " + fork.prev() + " of the forked run's first event is not the hash of its fork point "
                    + pointId + " (" + columns.hash(point) + ")");
        }
    }
}
