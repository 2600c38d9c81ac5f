package dev.forkline.trace.bundle;

import java.io.IOException;

/**
 * Receives a large bundle's events while {@link BundleReader#read(java.nio.file.Path, EventBatchSink)} is still
 * reading them: first the manifest and the blobs, then the events in file order, batch by batch, each checked as
 * strictly as the whole bundle is. The reader may still fail after any batch (a bad line further on): what the sink
 * did with the batches must then be undone by whoever reads. Called on the reading thread; a sink that cannot keep up
 * blocks it (back-pressure).
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
