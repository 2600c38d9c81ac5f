package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.columns.EventColumns;
import java.io.IOException;

/**
 * The chunks a write inserts, in order ({@link PreparedChunks} from events already read, {@link StreamedChunks} from
 * events still arriving), with what the writer needs to know of the last chunk handed out beyond its rows: the columns
 * its {@code events} index into, and an event itself for the few it parses (a run's fork and end).
 */
interface ChunkSource extends AutoCloseable {

    /** The next chunk in order, or null when there are no more. */
    ChunkEncoder.Chunk next() throws IOException, StoreException;

    /** The columns the last chunk's {@code events} index into. */
    EventColumns columns();

    /** Event {@code index} of {@link #columns()}, parsed. */
    Event event(int index);

    /** Stops preparing chunks nobody will ask for (the write failed or is done). */
    @Override
    void close();
}
