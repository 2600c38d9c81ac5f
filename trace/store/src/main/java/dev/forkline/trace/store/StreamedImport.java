package dev.forkline.trace.store;

import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.integrity.TraceIntegrity;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An import that stores a trace while it is still being read: handed to
 * {@link dev.forkline.trace.bundle.BundleReader#read(java.nio.file.Path, EventBatchSink)} (a large bundle) or to a
 * foreign importer that can (Claude Code, Codex, OTel), it starts the store's write transaction at the manifest and
 * passes each batch of events through a bounded queue (a few blocks of the file: the reader waits when the writer
 * falls behind) to the writer thread, which cuts them into chunks and inserts them while the rest is read.
 * {@link #finish} hands over the whole bundle with its findings and verdict, and the transaction completes (the
 * trace's other rows, the check that no two events share an id) and commits.
 *
 * <p>All or nothing, as {@link TraceStore#importTrace}: when reading fails part way (a bad line), the caller refuses
 * the trace after reading it (a failed verification under {@code --strict}), or the import is cancelled, {@link #close}
 * without {@link #finish} rolls the transaction back and waits until it has, so nothing of the trace is stored.
 *
 * <p>A bundle that is not streamed (small, or a zip: the reader never calls {@link #begin}), a trace id the store holds
 * already (compared with the stored events as a whole), and a run whose events do not arrive in seq order are stored
 * by {@link #finish} as {@link TraceStore#importTrace} stores them, from the whole bundle.
 *
 * <p>Use: {@code try (StreamedImport s = store.streamedImport(path)) { Bundle b = BundleReader.read(dir, s);
 * ... s.finish(b, findings, verdict); }}. {@link #begin} and {@link #accept} come from one thread at a time (the
 * reader's, or an importer's hashing thread, once {@link #begin} returned), {@link #finish} and {@link #close} from the
 * thread that reads, once the reading ended. While it runs, the store's other writes wait for it.
 */
public final class StreamedImport implements EventBatchSink, AutoCloseable {

    /** Batches (blocks of the file, about 4 MB each) that may wait for the writer: few, they are young garbage kept alive. */
    static final int QUEUED_BATCHES = 2;

    /** The stream cannot store this bundle as it arrives: the whole bundle is stored by {@link #finish} instead. */
    static final class FallBack extends StoreException {
        FallBack(String why) {
            super("stored from the whole bundle instead of while reading: " + why);
        }
    }

    /** The import was closed before its end: the transaction rolls back (not a failure of the store). */
    static final class Abandoned extends StoreException {
        Abandoned() {
            super("the import was closed before its end (reading failed, the trace was refused, or it was cancelled): nothing was stored");
        }
    }

    /** What {@link #finish} hands to the writer with the end of the input. */
    record Whole(Bundle bundle, List<Finding> findings, TraceIntegrity integrity) {
    }

    private static final Object END = new Object();

    private final TraceStore store;
    private final String sourcePath;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
    private volatile StoreWriter.Pending<StoreResult> write;
    private volatile boolean abandoned;
    private volatile Whole whole;
    private boolean finished;

    StreamedImport(TraceStore store, String sourcePath) {
        this.store = store;
        this.sourcePath = sourcePath;
    }

    @Override
    public void begin(String eventsFile, Manifest manifest, BlobSource blobs) throws IOException {
        if (write != null) {
            throw new IllegalStateException("one bundle per streamed import");
        }
        try {
            write = store.startStreamedWrite(manifest, sourcePath, blobs, eventsFile, new QueueFeed(), () -> whole);
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public void accept(EventBatch batch) throws IOException {
        if (write == null) {
            throw new IllegalStateException("a batch before begin");
        }
        put(batch);
    }

    /**
     * Completes the import with the whole bundle as read (the one whose events were streamed), and what was found in
     * it: the transaction commits, durable when this returns.
     *
     * @return as {@link TraceStore#importTrace(Bundle, List, String, TraceIntegrity)}
     */
    public StoreResult finish(Bundle bundle, List<Finding> findings, TraceIntegrity integrity) throws StoreException {
        if (finished) {
            throw new IllegalStateException("finished already");
        }
        finished = true;
        if (write == null) {
            return store.importTrace(bundle, findings, sourcePath, integrity);
        }
        whole = new Whole(bundle, List.copyOf(findings), integrity);
        try {
            put(END);
        } catch (InterruptedIOException e) {
            abandon();
            throw new StoreException("interrupted while storing trace '" + bundle.manifest().traceId() + "': nothing was stored", e);
        }
        try {
            return write.await();
        } catch (FallBack e) {
            return store.importTrace(bundle, findings, sourcePath, integrity);
        }
    }

    /** Without {@link #finish}: rolls back what was written and waits for it (nothing of the trace is stored). */
    @Override
    public void close() {
        if (!finished) {
            finished = true;
            abandon();
        }
    }

    private void abandon() {
        abandoned = true;
        queue.clear();
        if (write == null) {
            return;
        }
        boolean interrupted = Thread.interrupted();
        while (!write.isDone()) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Queues for the writer, waiting while the queue is full; drops the item once the write ended (it failed). */
    private void put(Object item) throws InterruptedIOException {
        try {
            while (!write.isDone()) {
                if (queue.offer(item, 50, TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
            queue.clear(); // nobody takes them any more (the write fell back or failed: finish says which)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while handing events to the store");
        }
    }

    /** The writer's side of the queue. */
    private final class QueueFeed implements StreamedChunks.Feed {
        @Override
        public EventBatch next() throws StoreException {
            try {
                while (true) {
                    if (abandoned) {
                        throw new Abandoned();
                    }
                    Object item = queue.poll(50, TimeUnit.MILLISECONDS);
                    if (item == END) {
                        return null;
                    }
                    if (item != null) {
                        return (EventBatch) item;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreException("interrupted while waiting for events to store", e);
            }
        }

        @Override
        public boolean hasReady() {
            return !queue.isEmpty();
        }
    }
}
