package dev.forkline.trace.bundle;

import dev.forkline.trace.Event;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * A trace as read from disk: its manifest, its events in file order, and its blobs.
 *
 * @param source    the file or directory it was read from, as the user named it (used in messages)
 * @param lines     {@code lines[i]} is the 1-based line of {@code events.get(i)} in {@code trace.jsonl}
 */
public record Bundle(String source, Manifest manifest, List<Event> events, int[] lines, BlobSource blobs) implements Closeable {

    public static final String MANIFEST = "manifest.json";
    public static final String EVENTS = "trace.jsonl";
    public static final String BLOBS = "blobs";

    public Bundle {
        events = List.copyOf(events);
    }

    public int lineOf(int index) {
        return lines[index];
    }

    @Override
    public void close() throws IOException {
        blobs.close();
    }

    public String eventsFile() {
        return source + "/" + EVENTS;
    }
}
