package dev.forkline.trace.columns;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.ObjIntConsumer;

/**
 * The events of a large trace without holding them: {@link #columns()} answers what the index, timeline and filters
 * ask about every event; {@link #get} parses one event from its line when it is looked at. A small cache keeps
 * recently parsed events, so stepping back and forth does not parse them again. Thread-safe.
 *
 * <p>The lines were checked when the trace was read or stored, so a line that no longer parses means the file or
 * database changed underneath: {@link #get} throws {@link DamagedEventException} naming where.
 */
public final class LazyEventList extends AbstractList<Event> implements RandomAccess, EventsWithLines, ColumnedEvents {

    private static final int CACHE_SLOTS = 8192;

    private final EventColumns columns;
    private final EventLines lines;
    private final boolean hashedHere;
    private final Map<String, KnownRun> knownRuns;
    private final AtomicReferenceArray<Cached> cache = new AtomicReferenceArray<>(CACHE_SLOTS);

    private record Cached(int index, Event event) {
    }

    public LazyEventList(EventColumns columns, EventLines lines) {
        this(columns, lines, false, Map.of());
    }

    /** @param knownRuns what is known of runs without parsing their events, by run, as {@link #knownRun} gives it */
    public LazyEventList(EventColumns columns, EventLines lines, Map<String, KnownRun> knownRuns) {
        this(columns, lines, false, knownRuns);
    }

    private LazyEventList(EventColumns columns, EventLines lines, boolean hashedHere, Map<String, KnownRun> knownRuns) {
        if (columns.size() != lines.size()) {
            throw new IllegalArgumentException(columns.size() + " columns rows for " + lines.size() + " lines");
        }
        this.columns = columns;
        this.lines = lines;
        this.hashedHere = hashedHere;
        this.knownRuns = Map.copyOf(knownRuns);
    }

    /**
     * The events of lines this process wrote when it hashed them ({@link EventsWithLines#hashedHere}): an import's
     * events past what it holds in memory, read back from its temporary file or from the store it handed them to.
     */
    public static LazyEventList hashedHere(EventColumns columns, EventLines lines) {
        return hashedHere(columns, lines, Map.of());
    }

    /** As {@link #hashedHere(EventColumns, EventLines)}, knowing what {@code knownRuns} says of runs. */
    public static LazyEventList hashedHere(EventColumns columns, EventLines lines, Map<String, KnownRun> knownRuns) {
        return new LazyEventList(columns, lines, true, knownRuns);
    }

    @Override
    public boolean hashedHere() {
        return hashedHere;
    }

    @Override
    public KnownRun knownRun(String run) {
        return knownRuns.get(run);
    }

    @Override
    public EventColumns columns() {
        return columns;
    }

    @Override
    public EventLines lines() {
        return lines;
    }

    @Override
    public int size() {
        return columns.size();
    }

    @Override
    public Event get(int index) {
        if (index < 0 || index >= size()) {
            throw new IndexOutOfBoundsException(index);
        }
        int slot = index & (CACHE_SLOTS - 1);
        Cached cached = cache.get(slot);
        if (cached != null && cached.index == index) {
            return cached.event;
        }
        Event event = parse(index);
        cache.set(slot, new Cached(index, event));
        return event;
    }

    /** Which events a reader of many wants parsed, judged before their lines are read and then from their bytes. */
    @FunctionalInterface
    public interface LineFilter {
        LineFilter ALL = (index, line) -> true;

        /** Whether the event may be wanted, asked before its line is read: the lines of those it rules out are not. */
        default boolean mayWant(int index) {
            return true;
        }

        /**
         * Asked of the events {@link #mayWant} let through.
         *
         * @param line the event's line (UTF-8), or null where the events are held in memory and have none to read
         */
        boolean wanted(int index, byte[] line);
    }

    /**
     * Hands the events {@code [from, to)} that {@code filter} wants to {@code action} in file order, for a reader that
     * visits each once (a sweep): their lines are read together ({@link EventLines#lines}), one read for a run of
     * neighbours instead of one per event, and the events are not cached. Throws as {@link #get} does.
     */
    public void forEachIn(int from, int to, LineFilter filter, ObjIntConsumer<Event> action) {
        Objects.checkFromToIndex(from, to, size());
        int[] indexes = new int[to - from];
        int count = 0;
        for (int i = from; i < to; i++) {
            if (filter.mayWant(i)) {
                indexes[count++] = i;
            }
        }
        if (count < indexes.length) {
            indexes = Arrays.copyOf(indexes, count);
        }
        byte[][] read;
        try {
            read = lines.lines(indexes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read events " + (from + 1) + " to " + to + " of " + lines.file() + ": " + e.getMessage(), e);
        }
        for (int k = 0; k < indexes.length; k++) {
            byte[] line = read[k];
            read[k] = null;
            if (filter.wanted(indexes[k], line)) {
                action.accept(parse(indexes[k], line), indexes[k]);
            }
        }
    }

    private Event parse(int index) {
        byte[] line;
        try {
            line = lines.line(index);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read event " + (index + 1) + " of " + lines.file() + ": " + e.getMessage(), e);
        }
        return parse(index, line);
    }

    private Event parse(int index, byte[] line) {
        try {
            Event event = EventCodec.parseLine(line, 0, line.length, lines.file(), lines.lineNumber(index));
            if (!event.id().equals(columns.id(index))) {
                throw new TraceFormatException(lines.file(), lines.lineNumber(index),
                        "holds event '" + event.id() + "' where '" + columns.id(index) + "' was stored");
            }
            return event;
        } catch (TraceFormatException e) {
            throw new DamagedEventException(e);
        }
    }

    /**
     * A stored line that no longer reads as the event it was (the file or database was changed). {@link EventLines}
     * implementations throw it too, for lines they find damaged before they could hand them out.
     */
    public static final class DamagedEventException extends RuntimeException {
        private final transient TraceFormatException cause;

        public DamagedEventException(TraceFormatException cause) {
            super(cause.getMessage(), cause);
            this.cause = cause;
        }

        public TraceFormatException formatError() {
            return cause;
        }
    }
}
