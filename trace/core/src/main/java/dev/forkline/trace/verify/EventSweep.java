package dev.forkline.trace.verify;

import dev.forkline.trace.Event;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.columns.LazyEventList.LineFilter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Shows every event of a trace (or those {@linkplain #onlyWhere a filter} wants) once to all the {@link Inspection}s
 * added to it: ranges of consecutive events are inspected in parallel, one thread per core, each event taken from the
 * list (for a lazily read trace: parsed, the range's lines read together) once and handed to every inspection before
 * the next. Nothing but what the inspections collect outlives an event, so a sweep over a million events read from a
 * file holds no more of them than the list itself caches, beside the lines of the ranges at work.
 *
 * <p>What an inspection collects from one range is its part; after {@link #run()} its {@link Parts} hand them back in
 * file order, so findings come out in the order of the events whatever thread saw them.
 */
public final class EventSweep {

    /** Events per range: enough to make handing a range to a thread cheap, few enough to spread a small trace. */
    static final int RANGE = 2048;

    private static final AtomicInteger INSPECTORS_MADE = new AtomicInteger();

    /**
     * One thread per core. A fork-join pool, so that a sweep started from within an inspection (or anything else
     * waiting on one of its threads) gets help from another thread instead of waiting for ever for a busy pool.
     */
    private static final ForkJoinPool INSPECTORS = new ForkJoinPool(Runtime.getRuntime().availableProcessors(), pool -> {
        ForkJoinWorkerThread worker = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
        // a worker gets its pool index only once it runs: every name was "-0", so profiles lumped the threads together
        worker.setName("forkline-event-sweep-" + INSPECTORS_MADE.getAndIncrement());
        return worker;
    }, null, false);

    /**
     * Something to learn from every event. {@link #inspect} is called from several threads at once, each time with a
     * part of its own: shared state it uses must be immutable or thread-safe, and what it finds goes in the part.
     *
     * @param <P> what it collects from one range of events
     */
    public interface Inspection<P> {

        /** An empty part, for one range of consecutive events. */
        P newPart();

        /** Adds what the event at file-order {@code index} shows to {@code part}; a part's events come in file order. */
        void inspect(int index, Event event, P part);
    }

    /** Told how far a sweep got, each time a range of events has been shown to every inspection. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (swept, events) -> {
        };

        /**
         * {@code swept} of the {@code events} are done; calls come one at a time, with {@code swept} growing, from the
         * sweep's threads. An exception thrown here (a {@link java.util.concurrent.CancellationException} when the work
         * is cancelled) stops the sweep: ranges not started are not, and {@link #run()} throws it.
         */
        void swept(int swept, int events);
    }

    /** The parts an inspection collected, available once the sweep has run. */
    public static final class Parts<P> {
        private final List<P> parts = new ArrayList<>();
        private boolean complete;

        /** One part per range, in file order. */
        public List<P> inFileOrder() {
            if (!complete) {
                throw new IllegalStateException("the sweep has not run yet");
            }
            return Collections.unmodifiableList(parts);
        }
    }

    /** An inspection added to the sweep, and where its parts go. */
    private record Joined<P>(Inspection<P> inspection, Parts<P> parts) {

        Ranged<P> startRange() {
            return new Ranged<>(this, inspection.newPart());
        }
    }

    /** An inspection at work on one range. */
    private record Ranged<P>(Joined<P> joined, P part) {

        void inspect(int index, Event event) {
            joined.inspection().inspect(index, event, part);
        }

        /** Called for the ranges in file order. */
        void handOver() {
            joined.parts().parts.add(part);
        }
    }

    private final List<Event> events;
    private final SweepMemo memo;
    private final List<Joined<?>> joined = new ArrayList<>();
    private LineFilter filter = LineFilter.ALL;
    private Progress progress = Progress.NONE;
    /** Held while the events done so far are counted and told, so that progress is told in order. */
    private final Object progressLock = new Object();
    private int swept;
    private boolean ran;

    public EventSweep(List<Event> events) {
        this(events, null);
    }

    /** @param memo what an earlier sweep over the same trace found about each event, or null to check every event */
    public EventSweep(List<Event> events, SweepMemo memo) {
        this.events = events;
        this.memo = memo;
    }

    /** What earlier sweeps over this trace found, for inspections that keep results by event; null when none is kept. */
    public SweepMemo memo() {
        return memo;
    }

    /**
     * Shows the inspections only the events {@code wanted} accepts: of a lazily read trace, the others are not even
     * parsed (the filter sees each line's bytes first); of events held in memory, it is asked with no line. It is
     * asked from the sweep's threads at once, so it must be stateless or thread-safe.
     */
    public EventSweep onlyWhere(LineFilter wanted) {
        if (ran) {
            throw new IllegalStateException("the sweep has already run");
        }
        this.filter = wanted;
        return this;
    }

    /** Tells {@code progress} how far the sweep got as it runs. */
    public EventSweep reportingTo(Progress progress) {
        if (ran) {
            throw new IllegalStateException("the sweep has already run");
        }
        this.progress = progress;
        return this;
    }

    /** Adds an inspection to the sweep; its parts are there once {@link #run()} returns. */
    public <P> Parts<P> add(Inspection<P> inspection) {
        if (ran) {
            throw new IllegalStateException("the sweep has already run");
        }
        Parts<P> parts = new Parts<>();
        joined.add(new Joined<>(inspection, parts));
        return parts;
    }

    /**
     * Inspects every event. An exception thrown by an inspection or by the event list (a damaged line of a lazily read
     * trace) is thrown here, after the ranges not yet started have been abandoned.
     */
    public void run() {
        if (ran) {
            throw new IllegalStateException("the sweep has already run");
        }
        ran = true;
        if (joined.isEmpty()) {
            return;
        }
        int ranges = Math.ceilDiv(events.size(), RANGE);
        List<List<Ranged<?>>> found;
        try {
            found = ranges <= 1 ? List.of(inspect(0, events.size())) : inParallel(ranges);
        } finally {
            if (memo != null) {
                memo.sweepDone();
            }
        }
        for (List<Ranged<?>> range : found) {
            range.forEach(Ranged::handOver);
        }
        joined.forEach(inspection -> inspection.parts().complete = true);
    }

    private List<List<Ranged<?>>> inParallel(int ranges) {
        List<CompletableFuture<List<Ranged<?>>>> pending = new ArrayList<>(ranges);
        for (int r = 0; r < ranges; r++) {
            int from = r * RANGE;
            int to = Math.min(events.size(), from + RANGE);
            pending.add(CompletableFuture.supplyAsync(() -> inspect(from, to), INSPECTORS));
        }
        List<List<Ranged<?>>> found = new ArrayList<>(ranges);
        try {
            for (CompletableFuture<List<Ranged<?>>> range : pending) {
                found.add(range.join());
            }
        } catch (CompletionException e) {
            pending.forEach(range -> range.cancel(false));
            throw unwrap(e);
        }
        return found;
    }

    /** Every inspection's part of the events {@code [from, to)}, in the order the inspections were added. */
    private List<Ranged<?>> inspect(int from, int to) {
        List<Ranged<?>> ranged = new ArrayList<>(joined.size());
        for (Joined<?> inspection : joined) {
            ranged.add(inspection.startRange());
        }
        if (events instanceof LazyEventList lazy) {
            lazy.forEachIn(from, to, filter, (event, i) -> inspectAll(ranged, i, event));
        } else {
            for (int i = from; i < to; i++) {
                if (filter.mayWant(i) && filter.wanted(i, null)) {
                    inspectAll(ranged, i, events.get(i));
                }
            }
        }
        if (to > from) {
            synchronized (progressLock) {
                swept += to - from;
                progress.swept(swept, events.size());
            }
        }
        return ranged;
    }

    private static void inspectAll(List<Ranged<?>> ranged, int index, Event event) {
        for (Ranged<?> inspection : ranged) {
            inspection.inspect(index, event);
        }
    }

    private static RuntimeException unwrap(CompletionException e) {
        if (e.getCause() instanceof RuntimeException runtime) {
            return runtime;
        }
        if (e.getCause() instanceof Error error) {
            throw error;
        }
        return e;
    }
}
