package dev.forkline.trace.verify;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.CorruptBlobException;
import dev.forkline.trace.index.TraceIndex;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Checks a trace's integrity and reports every problem, not just the first: each event's hash against its recomputed
 * hash, each run's prev chain (a forked run's first event chains to the checkpoint it was forked from), seq order,
 * unique ids, causes naming existing events, and every referenced blob's presence and content.
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
        return new Run(index, lines, blobs, extraChecks).check();
    }

    private record BlobVerdict(String code, String message) {
        static final BlobVerdict INTACT = new BlobVerdict("", "");
    }

    private static final class Run {
        private final TraceIndex index;
        private final int[] lines;
        private final BlobSource blobs;
        private final List<EventCheck> extraChecks;
        private final List<Problem> problems = new ArrayList<>();
        private final List<Integer> problemIndexes = new ArrayList<>();
        private final Map<String, BlobVerdict> blobVerdicts = new HashMap<>();

        Run(TraceIndex index, int[] lines, BlobSource blobs, List<EventCheck> extraChecks) {
            this.index = index;
            this.lines = lines;
            this.blobs = blobs;
            this.extraChecks = List.copyOf(extraChecks);
        }

        VerificationReport check() {
            List<Event> events = index.events();
            Set<String> seen = new HashSet<>();
            Map<String, Long> lastSeq = new HashMap<>();
            // Recomputing hashes is most of the work and each is independent: spread it over the cores.
            String[] actualHashes = IntStream.range(0, events.size()).parallel()
                    .mapToObj(i -> Hashes.eventHash(EventCodec.toJson(events.get(i)))).toArray(String[]::new);
            for (int i = 0; i < events.size(); i++) {
                Event event = events.get(i);
                checkHash(i, event, actualHashes[i]);
                if (!seen.add(event.id())) {
                    report(i, "duplicate-id", "duplicate event id '" + event.id() + "'");
                }
                Long previous = lastSeq.put(event.run(), event.seq());
                if (previous == null && event.seq() != 1) {
                    report(i, "seq-order", "first event of run '" + event.run() + "' has seq " + event.seq() + ", expected 1");
                } else if (previous != null && event.seq() <= previous) {
                    report(i, "seq-order", "seq " + event.seq() + " does not follow seq " + previous + " of run '" + event.run() + "'");
                }
                for (String cause : event.causes()) {
                    if (index.indexOf(cause) < 0) {
                        report(i, "unknown-cause", "cause '" + cause + "' names no event of this trace");
                    }
                }
                if (blobs != null) {
                    checkBlobs(i, event);
                }
                for (EventCheck extra : extraChecks) {
                    for (String message : extra.check(event, index)) {
                        report(i, extra.code(), message);
                    }
                }
            }
            for (var run : index.runs()) {
                checkChain(run.id());
            }
            List<Integer> order = new ArrayList<>();
            for (int p = 0; p < problems.size(); p++) {
                order.add(p);
            }
            // Stable sort by event position: per-event problems come before chain problems of the same event.
            order.sort(Comparator.comparingInt(problemIndexes::get));
            return new VerificationReport(order.stream().map(problems::get).toList(), events.size(), blobVerdicts.size());
        }

        private void checkHash(int i, Event event, String actual) {
            if (event.hash() == null) {
                report(i, "missing-hash", "event has no hash");
                return;
            }
            if (!actual.equals(event.hash())) {
                report(i, "hash-mismatch", "hash " + event.hash() + " does not match the event's content, which hashes to " + actual);
            }
        }

        private void checkChain(String run) {
            int[] indexes = index.indexesOf(run);
            for (int p = 0; p < indexes.length; p++) {
                Event event = index.get(indexes[p]);
                if (p > 0) {
                    String expected = index.get(indexes[p - 1]).hash();
                    if (!Objects.equals(event.prev(), expected)) {
                        report(indexes[p], "prev-chain-break", "prev " + event.prev() + " is not the hash of the run's previous event "
                                + index.get(indexes[p - 1]).id() + " (" + expected + ")");
                    }
                } else if (event.is(EventType.RUN_FORK)) {
                    checkForkStart(indexes[p], event);
                } else if (event.prev() != null) {
                    report(indexes[p], "prev-chain-break", "first event of root run '" + run + "' must have prev null, has " + event.prev());
                }
            }
        }

        private void checkForkStart(int i, Event fork) {
            String parentRun = fork.text("parentRun");
            String pointId = fork.text("checkpointEvent");
            int point = index.indexOf(pointId);
            if (point < 0) {
                report(i, "fork-point-unknown", "run.fork names checkpointEvent '" + pointId + "', which is not in this trace");
                return;
            }
            Event forkPoint = index.get(point);
            if (!forkPoint.run().equals(parentRun)) {
                report(i, "fork-point-unknown", "checkpointEvent '" + pointId + "' belongs to run '" + forkPoint.run()
                        + "', not to parentRun '" + parentRun + "'");
            }
            if (!Objects.equals(fork.prev(), forkPoint.hash())) {
                report(i, "prev-chain-break", "prev " + fork.prev() + " of the forked run's first event is not the hash of its fork point "
                        + pointId + " (" + forkPoint.hash() + ")");
            }
        }

        private void checkBlobs(int i, Event event) {
            for (BlobReferences.Reference reference : BlobReferences.of(event)) {
                if (!Hashes.isValid(reference.hash())) {
                    report(i, "bad-blob-reference", reference.field() + " is not a blob name: '" + reference.hash() + "'");
                    continue;
                }
                BlobVerdict verdict = blobVerdicts.computeIfAbsent(reference.hash(), this::readBlob);
                if (verdict != BlobVerdict.INTACT) {
                    report(i, verdict.code(), reference.field() + ": " + verdict.message());
                }
            }
        }

        private BlobVerdict readBlob(String hash) {
            try {
                return blobs.read(hash).isPresent() ? BlobVerdict.INTACT : new BlobVerdict("missing-blob", "blob " + hash + " is not in the bundle");
            } catch (CorruptBlobException e) {
                return new BlobVerdict("corrupt-blob", e.getMessage());
            } catch (IOException e) {
                return new BlobVerdict("missing-blob", "blob " + hash + " cannot be read: " + e.getMessage());
            }
        }

        private void report(int i, String code, String message) {
            Event event = index.get(i);
            problems.add(new Problem(code, event.id(), lines == null || i >= lines.length ? 0 : lines[i], message));
            problemIndexes.add(i);
        }
    }
}
