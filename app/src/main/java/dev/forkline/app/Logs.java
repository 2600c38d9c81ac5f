package dev.forkline.app;

import java.nio.file.Path;

/** Where Forkline writes its log: $XDG_STATE_HOME/forkline/forkline.log or ~/.local/state/forkline/forkline.log. */
final class Logs {

    private Logs() {
    }

    static Path logFile() {
        return Path.of(System.getProperty("forkline.logDir", defaultDirectory().toString()), "forkline.log");
    }

    static Path defaultDirectory() {
        String state = System.getenv("XDG_STATE_HOME");
        Path base = state != null && !state.isBlank() ? Path.of(state) : Path.of(System.getProperty("user.home"), ".local", "state");
        return base.resolve("forkline");
    }
}
