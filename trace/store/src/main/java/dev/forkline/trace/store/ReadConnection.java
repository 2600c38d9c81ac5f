package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A pooled connection taken for a read on the caller's thread, closed with that thread's interrupt flag cleared (and
 * set again afterwards). A read is often a window task, which is interrupted when it is cancelled or the window
 * closes; if its connection is the database's last one, closing it closes H2's files on that thread, and an interrupt
 * during H2's file I/O closes the file channel under it: the database then never finishes closing, and its file stays
 * locked.
 */
record ReadConnection(Connection connection) implements AutoCloseable {

    @Override
    public void close() throws SQLException {
        boolean interrupted = Thread.interrupted();
        try {
            connection.close();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
