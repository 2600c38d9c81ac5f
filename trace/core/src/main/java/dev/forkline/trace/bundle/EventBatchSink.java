package dev.forkline.trace.bundle;

import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import java.io.IOException;

/**
 * Receives a trace's events while it is still being read: from {@link BundleReader#read(java.nio.file.Path, EventBatchSink)}
 * a large bundle's events, each checked as strictly as the whole bundle is, and from the importers of the foreign
 * formats that can (Claude Code, Codex, OTel) the events as they make them. First the manifest and the blobs, then the
 * events in trace order, batch by batch. The reading may still fail after any batch (a bad line further on): what the
 * sink did with the batches must then be undone by whoever reads. Called from one thread at a time, in order (the
 * reading thread, or an importer's hashing thread); a sink that cannot keep up blocks it (back-pressure), and so the
 * reading.
 */
public interface EventBatchSink {

    /**
     * Before the first batch; not called at all for a bundle read in one piece (small, or a zip).
     *
     * @param eventsFile the events file as messages name it ({@link Bundle#eventsFile()})
     */
    void begin(String eventsFile, Manifest manifest, BlobSource blobs) throws IOException;

    void accept(EventBatch batch) throws IOException;

    /**
     * Whether this sink keeps the lines of the events handed to it where {@link #linesKept} gives them back once the
     * input has ended, so that whoever reads need not keep a copy of its own (a store writing them in its open
     * transaction). Asked after {@link #begin}; may wait until the sink knows.
     */
    default boolean keepsLines() throws IOException {
        return false;
    }

    /**
     * Ends the input (no batch follows) and gives back the lines of every event handed in, in the order they came, as
     * {@code columns}, the columns of those events, number them. Only for a sink whose {@link #keepsLines} said so.
     *
     * @throws IOException when the sink failed and did not keep them
     */
    default EventLines linesKept(EventColumns columns) throws IOException {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " keeps no lines");
    }
}
