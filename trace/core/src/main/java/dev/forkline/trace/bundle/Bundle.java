package dev.forkline.trace.bundle;

import dev.forkline.trace.Event;
import dev.forkline.trace.columns.ColumnedEvents;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventsWithLines;
import dev.forkline.trace.columns.LazyEventList;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * A trace as read from disk: its manifest, its events in file order, and its blobs.
 *
 * @param source    the file or directory it was read from, as the user named it (used in messages)
 * @param events    in file order; for a large trace a {@link LazyEventList}, which parses an event when it is asked for;
 *                  kept as given when it holds its lines ({@link EventsWithLines}) or its columns ({@link ColumnedEvents}),
 *                  both immutable, else copied
 * @param lines     {@code lines[i]} is the 1-based line of {@code events.get(i)} in {@code trace.jsonl}
 * @param columns   what the index, timeline and filters need of every event, without parsing events
 */
public record Bundle(String source, Manifest manifest, List<Event> events, int[] lines, BlobSource blobs, EventColumns columns)
        implements Closeable {

    public static final String MANIFEST = "manifest.json";
    public static final String EVENTS = "trace.jsonl";
    public static final String BLOBS = "blobs";

    public Bundle {
        if (!(events instanceof EventsWithLines) && !(events instanceof ColumnedEvents)) {
            events = List.copyOf(events);
        }
        if (columns == null) {
            columns = EventColumns.of(events);
        } else if (columns.size() != events.size()) {
            throw new IllegalArgumentException(columns.size() + " column rows for " + events.size() + " events");
        }
    }

    /** A bundle whose columns are computed from its events. */
    public Bundle(String source, Manifest manifest, List<Event> events, int[] lines, BlobSource blobs) {
        this(source, manifest, events, lines, blobs, null);
    }

    public int lineOf(int index) {
        return lines[index];
    }

    /** Closes the blob source and the file the events' lines are read from (reopened if an event is asked for later). */
    @Override
    public void close() throws IOException {
        try {
            blobs.close();
        } finally {
            if (events instanceof LazyEventList lazy && lazy.lines() instanceof Closeable lines) {
                lines.close();
            }
        }
    }

    public String eventsFile() {
        return source + "/" + EVENTS;
    }
}
