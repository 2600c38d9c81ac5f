package dev.forkline.app;

import dev.forkline.trace.store.TraceStore;
import picocli.CommandLine.Option;

/**
 * The {@code --db} option shared by every command that uses the store: an H2 file (the default, in the user's data
 * folder) or a team store {@code postgresql://USER@HOST[:PORT]/DB}; without {@code --db}, {@value #VARIABLE} chooses.
 */
final class DatabaseOption {

    /** The environment variable naming the store when {@code --db} is not given. */
    static final String VARIABLE = "FORKLINE_DB";

    @Option(names = "--db", paramLabel = "PATH|URL",
            description = "The store: an H2 database file, or a team store postgresql://USER@HOST[:PORT]/DB (password from"
                    + " FORKLINE_DB_PASSWORD, PGPASSWORD or ~/.pgpass). Default: $FORKLINE_DB, else"
                    + " $XDG_DATA_HOME/forkline/forkline, else ~/.local/share/forkline/forkline.")
    String database;

    /** Where the store is: {@code --db}, else {@code FORKLINE_DB}, else the default H2 file. */
    String location() {
        return choose(database, System.getenv(VARIABLE));
    }

    static String choose(String given, String fromEnvironment) {
        if (given != null && !given.isBlank()) {
            return given;
        }
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return fromEnvironment;
        }
        return TraceStore.defaultLocation().toString();
    }

    TraceStore open() throws Exception {
        return TraceStore.open(location());
    }
}
