package dev.forkline.trace.bundle;

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
}
