package dev.forkline.trace.store;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread that writes to the store. Each piece of work runs as one transaction on the writer's own
 * connection: committed when it returns, rolled back entirely when it throws anything.
 *
 * <p>Durability: H2 keeps a commit in memory and writes it out in the background (WRITE_DELAY). So after each
 * commit the writer runs {@code CHECKPOINT SYNC}, which writes all pending changes to the file and forces them to
 * the device ({@code FileChannel.force}); work is only reported done after that. PostgreSQL's commit is durable when
 * it returns ({@link Dialect#makeDurable}).
 *
 * <p>In a PostgreSQL store, writers of other processes write too: each transaction first takes the store's write lock
 * ({@link Dialect#lockForWrite}), so they take turns as this thread's work does.
 */
final class StoreWriter implements AutoCloseable {

    static final String THREAD_NAME = "forkline-store-writer";
    private static final Logger LOG = LoggerFactory.getLogger(StoreWriter.class);

    /** Work done inside the writer's transaction. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection connection) throws SQLException, IOException, StoreException;
    }

    /** Told how each write's transaction ended, e.g. to publish what it staged in memory only once it committed. */
    interface TransactionListener {
        /** At the start of each transaction, once it holds the write lock. */
        default void began(Connection connection) throws SQLException, StoreException {
        }

        void committed();

        void rolledBack();
    }

    private final Connection connection;
    private final Dialect dialect;
    private final TransactionListener listener;
    private final ExecutorService executor;

    StoreWriter(Connection connection, TransactionListener listener) throws SQLException {
        this.connection = connection;
        this.dialect = Dialect.of(connection);
        this.listener = listener;
        connection.setAutoCommit(false);
        this.executor = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, THREAD_NAME);
            thread.setDaemon(true);
            thread.setUncaughtExceptionHandler((t, e) -> LOG.error("uncaught failure on {}", t.getName(), e));
            return thread;
        });
    }

    /** Runs {@code work} as one durable transaction on the writer thread and waits for it. */
    <T> T write(String what, Work<T> work) throws StoreException {
        return start(what, work).await();
    }

    /**
     * Starts {@code work} as one durable transaction on the writer thread (after the writes started before it) and
     * returns at once: for work that is fed while it runs ({@link StreamedImport}).
     */
    <T> Pending<T> start(String what, Work<T> work) throws StoreException {
        try {
            return new Pending<>(what, executor.submit(() -> inTransaction(what, work)));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            throw new StoreException("the trace store is closed");
        }
    }

    /** A write that was started. */
    static final class Pending<T> {
        private final String what;
        private final Future<T> future;

        private Pending(String what, Future<T> future) {
            this.what = what;
            this.future = future;
        }

        boolean isDone() {
            return future.isDone();
        }

        /** Waits for the write; its failure (it was rolled back) as a {@link StoreException}. */
        T await() throws StoreException {
            try {
                return future.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreException("interrupted while waiting for the store to " + what + " (the write goes on and commits or rolls back on its own)", e);
            } catch (ExecutionException e) {
                throw translate(what, e.getCause());
            }
        }

        /** The write's failure as thrown on the writer thread, or null if it has not failed (yet). */
        Throwable failure() {
            if (!future.isDone()) {
                return null;
            }
            try {
                future.get();
                return null;
            } catch (ExecutionException e) {
                return e.getCause();
            } catch (InterruptedException | java.util.concurrent.CancellationException e) {
                return e;
            }
        }
    }

    private <T> T inTransaction(String what, Work<T> work) throws Exception {
        try {
            dialect.lockForWrite(connection);
            listener.began(connection);
            T result = work.run(connection);
            connection.commit();
            listener.committed();
            dialect.makeDurable(connection);
            return result;
        } catch (Throwable failure) {
            listener.rolledBack();
            try {
                connection.rollback();
            } catch (SQLException rollbackFailure) {
                failure.addSuppressed(rollbackFailure);
            }
            if (failure instanceof StreamedImport.FallBack || failure instanceof StreamedImport.Abandoned) {
                LOG.info("store: {}: {}", what, failure.getMessage());
            } else if (failure instanceof StoreRefusedException || failure instanceof TraceConflictException) {
                LOG.info("store: cannot {}: {}", what, failure.getMessage());
            } else if (ConcurrentWriteException.duplicateKey(failure) != null) {
                LOG.info("store: cannot {}: another process wrote the same rows meanwhile: {}", what, failure.getMessage());
            } else {
                LOG.warn("store: failed to {}, rolled back", what, failure);
            }
            throw failure instanceof Exception exception ? exception : new ExecutionException(failure);
        }
    }

    static StoreException translate(String what, Throwable cause) {
        return switch (cause) {
            case StoreException store -> store;
            case Throwable full when FullDisk.causedBy(full) -> new StoreException("cannot " + what + ": " + FullDisk.MESSAGE, full);
            case Throwable duplicate when ConcurrentWriteException.duplicateKey(duplicate) != null ->
                    new ConcurrentWriteException(what, ConcurrentWriteException.duplicateKey(duplicate));
            case SQLException sql when DecisionRecords.INSUFFICIENT_PRIVILEGE.equals(sql.getSQLState()) ->
                    new StoreRefusedException("cannot " + what + ": the team store refused it (" + sql.getMessage() + "): your role lacks"
                            + " the grant; 'forkline team init' (run by the store's administrator) gives owners and reviewers theirs."
                            + " Nothing was stored", sql);
            case SQLException sql -> new StoreException("cannot " + what + ": database error: " + sql.getMessage(), sql);
            case IOException io -> new StoreException("cannot " + what + ": " + io.getMessage(), io);
            case RuntimeException runtime -> new StoreException("cannot " + what + ": " + runtime, runtime);
            default -> new StoreException("cannot " + what + ": " + cause, cause);
        };
    }

    @Override
    public void close() {
        executor.shutdown();
        try {
            if (!executor.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("store writer still busy after 30 s; closing its connection anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.warn("closing the store writer's connection failed", e);
        }
    }
}
