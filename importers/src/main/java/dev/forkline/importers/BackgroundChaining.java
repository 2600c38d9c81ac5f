package dev.forkline.importers;

import dev.forkline.trace.Event;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The second step of appending an import's events ({@link dev.forkline.trace.EventChain#chain}: each event's canonical
 * line and hash, then keeping it) on a thread of its own, so that reading a file and hashing its events share the
 * cores instead of taking turns: the hashing was a third of a large import's reading thread. The importing thread
 * hands over the events it placed in batches and goes on reading; they are chained in the order they were placed.
 *
 * <p>{@link #drain} waits until every event handed over is chained and throws, on the importing thread, what failed on
 * the way (an event whose data cannot be canonicalized, a full disk): the import then fails as it did when it hashed
 * each event itself, only a few events later. A bounded queue makes the importing thread wait when the hashing falls
 * behind. The threads are daemons of a shared pool, and a session whose import is abandoned leaves none waiting.
 */
final class BackgroundChaining {

    static final int BATCH = 256;
    /** Batches that may wait for the chaining thread: enough to ride out a pause, few enough to hold little. */
    static final int QUEUED_BATCHES = 8;

    private static final ExecutorService THREADS = Executors.newCachedThreadPool(
            Thread.ofPlatform().daemon().name("forkline-import-chaining-", 0).factory());

    /** Chains one placed event and keeps it; called on the chaining thread, in placing order. */
    @FunctionalInterface
    interface Chainer {
        /** @param line the source line the event came from, as handed to {@link #submit} */
        void chain(Event placed, int line);
    }

    /** Events handed over together, with the source line of each. */
    private record Batch(Event[] events, int[] lines, int size) {
    }

    private final Chainer chainer;
    private final BlockingQueue<Batch> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
    private final AtomicBoolean running = new AtomicBoolean();
    private Event[] batch = new Event[BATCH];
    private int[] batchLines = new int[BATCH];
    private int batchSize;
    private long handedOver;
    /** Batches taken from the queue and done with; guarded by {@code this}. */
    private long done;
    private volatile Throwable failure;

    BackgroundChaining(Chainer chainer) {
        this.chainer = chainer;
    }

    /** Hands over an event just placed, which came from {@code line} of the source (from the importing thread). */
    void submit(Event placed, int line) {
        batchLines[batchSize] = line;
        batch[batchSize++] = placed;
        if (batchSize == BATCH) {
            handOver();
        }
    }

    /** Returns once every event handed over is chained; throws what failed while chaining them. */
    void drain() {
        handOver();
        boolean interrupted = false;
        synchronized (this) {
            while (done < handedOver) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true; // the wait is short (a few batches): finish it so that the session stays whole
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        rethrowFailure();
    }

    private void handOver() {
        rethrowFailure();
        if (batchSize == 0) {
            return;
        }
        Batch full = new Batch(batch, batchLines, batchSize);
        batch = new Event[BATCH];
        batchLines = new int[BATCH];
        batchSize = 0;
        try {
            queue.put(full); // the queue is not empty, so its chaining thread runs: it makes room
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new InterruptedIOException("interrupted while handing events over to be hashed"));
        }
        synchronized (this) {
            handedOver++;
        }
        startIfIdle();
    }

    private void startIfIdle() {
        if (running.compareAndSet(false, true)) {
            THREADS.execute(this::work);
        }
    }

    private void work() {
        do {
            for (Batch next = queue.poll(); next != null; next = queue.poll()) {
                if (failure == null) {
                    try {
                        for (int k = 0; k < next.size(); k++) {
                            chainer.chain(next.events()[k], next.lines()[k]);
                        }
                    } catch (RuntimeException | Error e) {
                        failure = e;
                    }
                }
                synchronized (this) {
                    done++;
                    notifyAll();
                }
            }
            running.set(false);
        } while (!queue.isEmpty() && running.compareAndSet(false, true));
    }

    private void rethrowFailure() {
        Throwable failed = failure;
        if (failed instanceof RuntimeException e) {
            throw e;
        }
        if (failed instanceof Error e) {
            throw e;
        }
    }
}
