package dev.forkline.views.data;

import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.store.StoreException;
import dev.forkline.trace.store.TeamDatabase;
import dev.forkline.trace.store.TraceStore;
import java.time.Clock;

/**
 * Opens a team store (PostgreSQL) for the window's "Connect to team store…": the address is read as
 * {@code forkline --db} reads it, and the password is the one typed, else the environment's
 * ({@value TeamDatabase#PASSWORD_VARIABLE}, {@code PGPASSWORD}), else {@code ~/.pgpass}.
 */
public final class TeamStoreConnection {

    private TeamStoreConnection() {
    }

    /** An open team store and the owner keys it trusts (read off the UI thread, with the connection). */
    public record Opened(TraceStore store, TrustedKeys trustedKeys) {
    }

    /**
     * @param typedPassword the password typed in the window, or empty to use the environment's
     * @throws IllegalArgumentException naming what is wrong with the address
     * @throws StoreException           when the server cannot be reached, refuses the login, or holds a newer schema
     */
    public static Opened open(String address, char[] typedPassword) throws StoreException {
        String text = address == null ? "" : address.strip();
        if (text.isEmpty()) {
            throw new IllegalArgumentException("give the team store's address: postgresql://USER@HOST[:PORT]/DB");
        }
        TeamDatabase database = TeamDatabase.parse(text);
        String password = typedPassword != null && typedPassword.length > 0 ? new String(typedPassword)
                : TeamDatabase.password(System::getenv);
        TraceStore store = TraceStore.open(database, password, Clock.systemUTC());
        try {
            return new Opened(store, store.trustedKeys());
        } catch (StoreException | RuntimeException e) {
            store.close();
            throw e;
        }
    }
}
