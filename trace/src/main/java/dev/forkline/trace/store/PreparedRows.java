package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ForkJoinPool;

/**
 * The per-event work of an import that depends on nothing but the event: its canonical JSON line, the hash the store
 * keys it by, and the blob names in its payload. On a large import this is a third of the writer thread's time, so it
 * is done ahead, chunk by chunk, on the common fork-join pool while the writer feeds earlier rows to the database.
 * Rows are handed out strictly in order; a failure while preparing surfaces when its event's turn comes.
 */
final class PreparedRows {

    /** What the writer needs of one event besides the event itself. */
    record Row(String line, String hash, List<String> blobNames) {
    }

    static final int CHUNK = EventRows.BATCH_SIZE;

    private final List<Event> events;
    private final int window;
    private final ArrayDeque<CompletableFuture<Row[]>> ahead = new ArrayDeque<>();
    private int submitted;
    private Row[] current = new Row[0];
    private int currentStart;

    PreparedRows(List<Event> events) {
        this.events = events;
        this.window = Math.max(2, 2 * ForkJoinPool.getCommonPoolParallelism());
    }

    static Row prepare(Event event) {
        String line = EventCodec.toLine(event);
        List<String> blobNames = new ArrayList<>(2);
        EventFacts.hashesIn(event.data(), blobNames::add);
        return new Row(line, EventRows.identity(event, line), blobNames);
    }

    /** The row of {@code events.get(index)}; indexes must be asked for in increasing order. */
    Row row(int index) {
        while (index >= currentStart + current.length) {
            currentStart += current.length;
            fill();
            current = join(ahead.poll());
        }
        return current[index - currentStart];
    }

    private void fill() {
        while (ahead.size() < window && submitted < events.size()) {
            List<Event> chunk = events.subList(submitted, Math.min(events.size(), submitted + CHUNK));
            submitted += chunk.size();
            ahead.add(CompletableFuture.supplyAsync(() -> {
                Row[] rows = new Row[chunk.size()];
                for (int i = 0; i < rows.length; i++) {
                    rows[i] = prepare(chunk.get(i));
                }
                return rows;
            }));
        }
    }

    private static Row[] join(CompletableFuture<Row[]> chunk) {
        try {
            return chunk.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Stops preparing rows nobody will ask for (the import failed). */
    void cancel() {
        ahead.forEach(chunk -> chunk.cancel(false));
        ahead.clear();
    }
}
