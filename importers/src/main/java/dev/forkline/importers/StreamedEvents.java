package dev.forkline.importers;

import dev.forkline.trace.CanonicalEvent;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.columns.EventColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * An import's events handed to an {@link EventBatchSink} (the store) while the import reads on: each event's canonical
 * line, as it is hashed, goes into a batch, and a full batch is handed over. Called on the chaining thread, in the
 * order the events were placed; {@link #flush} hands over the last, partial batch.
 */
final class StreamedEvents {

    /** Events per batch: a batch of the native bundle's reader is a block of 4 MB of its file, a few thousand events. */
    static final int BATCH_EVENTS = 4096;
    /** Bytes of lines per batch, whichever fills first. */
    static final int BATCH_BYTES = 4 << 20;

    private final EventBatchSink sink;
    /** Hears each batch's column rows before the batch is handed over (the session keeps them for the whole trace). */
    private final Consumer<EventColumns> columnsMade;
    private int firstIndex;
    private EventColumns.Builder columns = new EventColumns.Builder(BATCH_EVENTS);
    private byte[] bytes = new byte[1 << 16];
    private int used;
    private int[] starts = new int[BATCH_EVENTS];
    private int[] lengths = new int[BATCH_EVENTS];
    private long[] lineNumbers = new long[BATCH_EVENTS];
    private int size;

    StreamedEvents(EventBatchSink sink, Consumer<EventColumns> columnsMade) {
        this.sink = sink;
        this.columnsMade = columnsMade;
    }

    /** Where the events go (which may keep their lines: {@link EventBatchSink#keepsLines}). */
    EventBatchSink sink() {
        return sink;
    }

    /** Adds the next event, which came from {@code line} of the source (0: no one line). */
    void add(CanonicalEvent.Hashed hashed, int line) {
        byte[] canonical = hashed.line();
        if (used + canonical.length > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, used + canonical.length));
        }
        System.arraycopy(canonical, 0, bytes, used, canonical.length);
        starts[size] = used;
        lengths[size] = canonical.length;
        lineNumbers[size] = line;
        used += canonical.length;
        columns.add(hashed.event());
        size++;
        if (size == BATCH_EVENTS || used >= BATCH_BYTES) {
            flush();
        }
    }

    /** Hands over the events added since the last batch, if any. */
    void flush() {
        if (size == 0) {
            return;
        }
        EventColumns part = columns.buildPart();
        columnsMade.accept(part);
        EventBatch batch = new EventBatch(firstIndex, part, Arrays.copyOf(bytes, used), 0,
                Arrays.copyOf(starts, size), Arrays.copyOf(lengths, size), Arrays.copyOf(lineNumbers, size));
        firstIndex += size;
        size = 0;
        used = 0;
        columns = new EventColumns.Builder(BATCH_EVENTS);
        try {
            sink.accept(batch);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot hand the import's events to the store: " + e.getMessage(), e);
        }
    }
}
