package dev.forkline.trace.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pieces of work run ahead on the common fork-join pool and taken back strictly in the order they were submitted.
 * A taker that finds the next piece not started yet runs it itself instead of waiting, so the taker's thread works too
 * (on two cores the common pool has a single thread). A failure surfaces when its piece is taken. Once
 * {@link #close()} returns, no piece runs any more: what they read (a bundle's lines) may be closed.
 */
final class OrderedPoolWork<T> implements AutoCloseable {

    private final ArrayDeque<Piece<T>> pending = new ArrayDeque<>();
    private final int window;

    OrderedPoolWork() {
        this.window = Math.max(2, 2 * ForkJoinPool.getCommonPoolParallelism());
    }

    boolean isFull() {
        return pending.size() >= window;
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }

    void submit(Callable<T> work) {
        Piece<T> piece = new Piece<>(work);
        pending.add(piece);
        ForkJoinPool.commonPool().execute(piece.task);
    }

    /**
     * The result of the oldest piece. Its failure is rethrown as it was thrown: an {@link IOException} (also when
     * wrapped in an {@link UncheckedIOException}), a {@link StoreException}, an unchecked exception or an error.
     */
    T takeNext() throws IOException, StoreException {
        Piece<T> next = pending.poll();
        if (next == null) {
            throw new IllegalStateException("nothing submitted");
        }
        next.task.run(); // does nothing when a pool thread has started it already
        try {
            return next.task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for work on the common pool", e);
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case IOException io -> throw io;
                case UncheckedIOException io -> throw io.getCause();
                case StoreException store -> throw store;
                case RuntimeException runtime -> throw runtime;
                case Error error -> throw error;
                default -> throw new IllegalStateException(e.getCause());
            }
        }
    }

    /** Drops the pieces nobody will take: those not started never run, those running are waited for. */
    @Override
    public void close() {
        boolean interrupted = false;
        for (Piece<T> piece : pending) {
            if (!piece.state.compareAndSet(Piece.NEW, Piece.DROPPED)) {
                while (true) {
                    try {
                        piece.finished.await();
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
        }
        pending.clear();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** One piece: whoever starts it first runs it; once dropped, nobody does. */
    private static final class Piece<T> {
        static final int NEW = 0;
        static final int RUNNING = 1;
        static final int DROPPED = 2;

        final AtomicInteger state = new AtomicInteger(NEW);
        final CountDownLatch finished = new CountDownLatch(1);
        final FutureTask<T> task;

        Piece(Callable<T> work) {
            this.task = new FutureTask<>(() -> {
                if (!state.compareAndSet(NEW, RUNNING)) {
                    throw new CancellationException("dropped");
                }
                try {
                    return work.call();
                } finally {
                    finished.countDown();
                }
            });
        }
    }
}
