package dev.forkline.app;

import dev.forkline.trace.store.TraceStore;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --db PATH} option shared by every command that uses the store. */
final class DatabaseOption {

    @Option(names = "--db", paramLabel = "PATH",
            description = "The H2 database file (default: $XDG_DATA_HOME/forkline/forkline, else ~/.local/share/forkline/forkline).")
    Path database;

    Path location() {
        return database != null ? database : TraceStore.defaultLocation();
    }

    TraceStore open() throws Exception {
        return TraceStore.open(location());
    }
}
