package dev.forkline.trace.store;

import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.integrity.TraceIntegrity;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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
 * <p>An importer that has no file of the events' lines (a foreign format: it makes them) need not keep a copy while the
 * store writes them: {@link #keepsLines} says whether the store is writing this trace, and {@link #linesKept} ends the
 * input and reads the lines back from the import's open transaction ({@link WrittenLines}), for the checks before
 * {@link #finish}. A run out of seq order then fails the import instead of falling back, as the lines are nowhere else.
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

    /** What {@link #finish} hands to the writer once the input has ended. */
    record Whole(Bundle bundle, List<Finding> findings, TraceIntegrity integrity) {
    }

    /** {@link #linesKept} found the write failed: the store's failure, for a caller that reports store failures as such. */
    public static final class WriteFailedException extends IOException {
        private final StoreException storeFailure;

        WriteFailedException(StoreException storeFailure) {
            super(storeFailure.getMessage(), storeFailure);
            this.storeFailure = storeFailure;
        }

        public StoreException storeFailure() {
            return storeFailure;
        }
    }

    private static final Object END = new Object();

    private final TraceStore store;
    private final String sourcePath;
    /** A trace stored with other events is replaced ({@link TraceStore#importReplacing}), not refused. */
    private final boolean replacing;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
    private volatile StoreWriter.Pending<StoreResult> write;
    private volatile boolean abandoned;
    private final CompletableFuture<Whole> whole = new CompletableFuture<>();
    /** Completed by the writer once it found the trace id free and writes the events (it does not fall back). */
    private final CompletableFuture<Void> writing = new CompletableFuture<>();
    /** Completed by the writer once every event is written and their lines can be read back. */
    private final CompletableFuture<Void> served = new CompletableFuture<>();
    private WrittenLines written;
    private String eventsFile;
    private boolean inputEnded;
    private boolean finished;

    StreamedImport(TraceStore store, String sourcePath, boolean replacing) {
        this.store = store;
        this.sourcePath = sourcePath;
        this.replacing = replacing;
    }

    @Override
    public void begin(String eventsFile, Manifest manifest, BlobSource blobs) throws IOException {
        if (write != null) {
            throw new IllegalStateException("one bundle per streamed import");
        }
        this.eventsFile = eventsFile;
        written = new WrittenLines(manifest.traceId(), store.readPool());
        try {
            write = store.startStreamedWrite(manifest, sourcePath, blobs, eventsFile, new QueueFeed(), new WriterSide());
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

    /** Whether the store writes this trace's events as they come (it did not fall back, and has not failed so far). */
    @Override
    public boolean keepsLines() throws IOException {
        if (write == null) {
            throw new IllegalStateException("asked before begin");
        }
        return awaitWriter(writing);
    }

    @Override
    public EventLines linesKept(EventColumns columns) throws IOException {
        if (write == null) {
            throw new IllegalStateException("asked before begin");
        }
        endInput();
        if (!awaitWriter(served)) {
            try {
                write.await();
            } catch (StoreException e) {
                throw new WriteFailedException(e);
            }
            throw new IllegalStateException("the write of " + eventsFile + " ended before its events were read back");
        }
        if (columns.size() != written.size()) {
            throw new IllegalArgumentException(columns.size() + " events asked for, " + written.size() + " written from " + eventsFile);
        }
        return written.of(columns, "the events of " + eventsFile + " as the store wrote them");
    }

    /** Waits until the writer completes {@code step} (true) or the write ended without it (false: it fell back or failed). */
    private boolean awaitWriter(Future<?> step) throws InterruptedIOException {
        try {
            while (true) {
                try {
                    step.get(50, TimeUnit.MILLISECONDS);
                    return true;
                } catch (TimeoutException e) {
                    if (write.isDone() && !step.isDone()) {
                        return false;
                    }
                }
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the store to write the events of " + eventsFile);
        }
    }

    /** Tells the writer that no batch follows. */
    private void endInput() throws InterruptedIOException {
        if (!inputEnded) {
            inputEnded = true;
            put(END);
        }
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
            return wholeBundleStored(bundle, findings, integrity);
        }
        whole.complete(new Whole(bundle, List.copyOf(findings), integrity));
        try {
            endInput();
        } catch (InterruptedIOException e) {
            abandon();
            throw new StoreException("interrupted while storing trace '" + bundle.manifest().traceId() + "': nothing was stored", e);
        }
        boolean committed = false;
        try {
            StoreResult result = write.await();
            committed = true;
            return result;
        } catch (FallBack e) {
            return wholeBundleStored(bundle, findings, integrity);
        } finally {
            written.ended(committed);
        }
    }

    private StoreResult wholeBundleStored(Bundle bundle, List<Finding> findings, TraceIntegrity integrity) throws StoreException {
        return replacing ? store.importReplacing(bundle, findings, sourcePath, integrity)
                : store.importTrace(bundle, findings, sourcePath, integrity);
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
        written.ended(false);
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

    /** What the writer thread meets on its way: the trace id found free, each chunk, the end of the events. */
    final class WriterSide {
        /** The trace is not stored: its events are written as they come. */
        void writing() {
            writing.complete(null);
        }

        /** A chunk as handed to the writer to insert. */
        void chunk(ChunkEncoder.Chunk chunk) {
            written.add(chunk);
        }

        /**
         * After the last chunk: the lines written are read back through {@code connection} (see {@link #linesKept})
         * until the whole bundle arrives ({@link #finish}), which this returns; the writer then has its connection back.
         */
        Whole awaitWhole(Connection connection) throws StoreException {
            written.serve(connection);
            served.complete(null);
            try {
                while (true) {
                    if (abandoned) {
                        throw new Abandoned();
                    }
                    try {
                        return whole.get(50, TimeUnit.MILLISECONDS);
                    } catch (TimeoutException e) {
                        // look at abandoned again
                    }
                }
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreException("interrupted while waiting for the rest of the import", e);
            } finally {
                written.writerResumes(); // also before a rollback: no read may be using the connection then
            }
        }

        /** The whole bundle, once {@link #awaitWhole} returned it. */
        Whole whole() {
            return whole.join();
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
