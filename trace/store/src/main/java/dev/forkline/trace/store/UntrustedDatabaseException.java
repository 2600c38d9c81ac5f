package dev.forkline.trace.store;

/**
 * The database file holds something Forkline never creates (a trigger, a Java alias, a linked table, an unknown
 * table, ...). Such objects can run code or reach other databases, so the file is refused rather than opened.
 */
public final class UntrustedDatabaseException extends StoreException {

    public UntrustedDatabaseException(String message) {
        super(message);
    }
}
