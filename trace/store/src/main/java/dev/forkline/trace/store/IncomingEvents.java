package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.EventsWithLines;
import dev.forkline.trace.columns.LazyEventList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The events an import or an append is about to store: their columns, the line each is stored as, and the event
 * itself for the few places that need more than the columns. A list {@link EventsWithLines} gives its lines: a
 * {@link LazyEventList} as they were written (parsed only for those few events), an import's events as they were
 * written when hashed; other events held in memory are stored as their canonical line.
 * Safe to use from several threads (lines are prepared on the common pool).
 */
abstract sealed class IncomingEvents {

    private final EventColumns columns;

    private IncomingEvents(EventColumns columns) {
        this.columns = columns;
    }

    static IncomingEvents of(List<Event> events, EventColumns columns) {
        if (columns.size() != events.size()) {
            throw new IllegalArgumentException(columns.size() + " column rows for " + events.size() + " events");
        }
        return events instanceof EventsWithLines withLines ? new Lined(events, withLines.lines(), columns) : new InMemory(events, columns);
    }

    static IncomingEvents of(List<Event> events) {
        return of(events, EventColumns.of(events));
    }

    final EventColumns columns() {
        return columns;
    }

    final int size() {
        return columns.size();
    }

    /** Event {@code i}'s line as it is to be stored (UTF-8, no line break). */
    abstract byte[] line(int i) throws IOException;

    /** The lines of these events, in the order given. */
    byte[][] lines(int[] indexes) throws IOException {
        byte[][] lines = new byte[indexes.length][];
        for (int k = 0; k < indexes.length; k++) {
            lines[k] = line(indexes[k]);
        }
        return lines;
    }

    /** Event {@code i} itself (parsed, for a lazy list). */
    abstract Event event(int i);

    /**
     * The hash the store keys event {@code i} by: its own {@code hash}, or for an unhashed event the SHA-256 of its
     * canonical line (what the store has always used, whatever the line looked like in the file). Unhashed events are
     * rare; only they are parsed here.
     */
    final void identityHash(int i, byte[] target, int offset) {
        if (!columns.copyHash(i, target, offset)) {
            String canonical = Hashes.sha256(EventCodec.toLine(event(i)).getBytes(StandardCharsets.UTF_8));
            System.arraycopy(HashBytes.of(canonical), 0, target, offset, HashBytes.LENGTH);
        }
    }

    /** {@link #identityHash(int, byte[], int)} as a {@code sha256:} name. */
    final String identityHash(int i) {
        byte[] hash = new byte[HashBytes.LENGTH];
        identityHash(i, hash, 0);
        return HashBytes.name(hash, 0);
    }

    /** Events that come with their lines: a lazy list's lines as written, an import's as hashed. */
    private static final class Lined extends IncomingEvents {
        private final List<Event> events;
        private final EventLines lines;

        Lined(List<Event> events, EventLines lines, EventColumns columns) {
            super(columns);
            this.events = events;
            this.lines = lines;
        }

        @Override
        byte[] line(int i) throws IOException {
            return lines.line(i);
        }

        @Override
        byte[][] lines(int[] indexes) throws IOException {
            return lines.lines(indexes);
        }

        @Override
        Event event(int i) {
            return events.get(i);
        }
    }

    private static final class InMemory extends IncomingEvents {
        private final List<Event> events;

        InMemory(List<Event> events, EventColumns columns) {
            super(columns);
            this.events = events;
        }

        @Override
        byte[] line(int i) {
            return EventCodec.toLine(events.get(i)).getBytes(StandardCharsets.UTF_8);
        }

        @Override
        Event event(int i) {
            return events.get(i);
        }
    }
}
