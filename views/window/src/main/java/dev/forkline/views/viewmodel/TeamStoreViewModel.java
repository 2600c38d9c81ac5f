package dev.forkline.views.viewmodel;

import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.TeamStoreConnection;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * "Connect to team store…", the window's twin of {@code --db postgresql://…}: the address (the last one used, else
 * {@code FORKLINE_DB} when it names a team store) and an optional password; connecting opens the store off the UI
 * thread and hands it to whoever shows the team's library, or says why it could not (unreachable, login refused,
 * malformed address, newer schema). The address is remembered once a connection succeeded.
 */
public final class TeamStoreViewModel {

    /** The settings key of the last team store the window connected to. */
    public static final String LAST_ADDRESS = "team.store";

    private final TaskExecutor executor;
    private final Settings settings;
    private final Consumer<TeamStoreConnection.Opened> connected;
    private final StringProperty address = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();

    /**
     * @param fromEnvironment the value of {@code FORKLINE_DB}, or null
     * @param connected       takes the opened store (on the UI thread) and becomes responsible for closing it
     */
    public TeamStoreViewModel(TaskExecutor executor, Settings settings, String fromEnvironment, Consumer<TeamStoreConnection.Opened> connected) {
        this.executor = executor;
        this.settings = settings;
        this.connected = connected;
        Optional<String> last = settings.get(LAST_ADDRESS);
        if (last.isPresent()) {
            address.set(last.get());
        } else if (fromEnvironment != null && dev.forkline.trace.store.TeamDatabase.isAddress(fromEnvironment)) {
            address.set(fromEnvironment);
        }
    }

    /** Connects with the typed password (empty: the environment's or {@code ~/.pgpass}); the array is cleared. */
    public void connect(char[] password) {
        if (busy.get()) {
            Arrays.fill(password, '\0');
            return;
        }
        String where = address.get() == null ? "" : address.get().strip();
        char[] typed = password.clone();
        Arrays.fill(password, '\0');
        busy.set(true);
        message.set("Connecting to " + where + "…");
        executor.execute("team-store", progress -> {
            try {
                return TeamStoreConnection.open(where, typed);
            } finally {
                Arrays.fill(typed, '\0');
            }
        }, opened -> {
            busy.set(false);
            settings.put(LAST_ADDRESS, where);
            message.set("Connected to " + opened.store().describe());
            connected.accept(opened);
        }, failure -> {
            busy.set(false);
            message.set("Could not connect: " + WorkbenchViewModel.message(failure));
        });
    }

    public StringProperty addressProperty() {
        return address;
    }

    /** What happened last: connecting, connected, or why not. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** True while a connection is being made. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }
}
