package dev.forkline.trace.store;

import java.sql.SQLException;

/**
 * Another process using the same store wrote the same rows at the same moment (the window and a command, or two
 * commands, on one H2 file shared through its server: their writes are not serialised, as a team store's are), and the
 * database refused the second writer's rows as duplicates. Nothing of the failed write was kept; done again, it sees
 * what the other process wrote.
 */
public final class ConcurrentWriteException extends StoreException {

    /** SQL's state for a unique key violated, the same on H2 and PostgreSQL. */
    private static final String UNIQUE_VIOLATION = "23505";

    ConcurrentWriteException(String what, SQLException cause) {
        super("cannot " + what + ": another process using this store wrote the same rows at the same moment, so nothing of it"
                + " was written; done again, it will see what the other wrote", cause);
    }

    /** The refusal of a duplicate key in {@code failure}'s causes (a batch's first failure included), or null. */
    static SQLException duplicateKey(Throwable failure) {
        int looked = 0;
        for (Throwable cause = failure; cause != null && looked++ < 64; cause = cause.getCause()) { // a cycle must not loop
            if (cause instanceof SQLException sql) {
                for (SQLException next = sql; next != null; next = next.getNextException()) {
                    if (UNIQUE_VIOLATION.equals(next.getSQLState())) {
                        return next;
                    }
                }
            }
        }
        return null;
    }
}
