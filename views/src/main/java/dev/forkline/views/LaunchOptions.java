package dev.forkline.views;

import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.state.StateProvider;
import dev.forkline.views.viewmodel.ThemeChoice;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * How {@link WorkbenchApp#launch(LaunchOptions)} starts the workbench.
 *
 * @param library     the stored traces (the library pane, opening, importing)
 * @param state       how the state panel reconstructs the five states at the cursor
 * @param openFiles   traces, bundle folders or folders of traces to import at start (the last one is opened); may be empty
 * @param openTraceId a stored trace to open at start, or null
 * @param theme       initial theme
 * @param recentStore where the recent-files list is kept, or null for in memory only
 * @param trustedKeys whose public keys make decision signatures "trusted" in the inspector (the local key ring)
 */
public record LaunchOptions(TraceLibrary library, StateProvider state, List<Path> openFiles, String openTraceId, ThemeChoice theme,
                            Path recentStore, TrustedKeys trustedKeys) {

    public LaunchOptions(TraceLibrary library, StateProvider state, List<Path> openFiles, String openTraceId, ThemeChoice theme,
                         Path recentStore) {
        this(library, state, openFiles, openTraceId, theme, recentStore, TrustedKeys.none());
    }

    public LaunchOptions {
        Objects.requireNonNull(library, "library");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(theme, "theme");
        openFiles = openFiles == null ? List.of() : List.copyOf(openFiles);
        Objects.requireNonNull(trustedKeys, "trustedKeys");
    }

    /** Traces in memory only (nothing is stored), following the OS theme, recent files in ~/.forkline/recent-files. */
    public static LaunchOptions inMemory() {
        return new LaunchOptions(new InMemoryTraceLibrary(), new ReconstructorStateProvider(), List.of(), null, ThemeChoice.FOLLOW_OS,
                Path.of(System.getProperty("user.home"), ".forkline", "recent-files"));
    }

    /**
     * The workbench over Forkline's H2 store (library, opening, importing); the caller opened the store and closes it
     * after {@link WorkbenchApp#launch(LaunchOptions)} returns.
     */
    public static LaunchOptions forStore(dev.forkline.trace.store.TraceStore store) {
        return inMemory().withLibrary(new dev.forkline.views.data.StoreTraceLibrary(store));
    }

    public LaunchOptions withLibrary(TraceLibrary traces) {
        return new LaunchOptions(traces, state, openFiles, openTraceId, theme, recentStore, trustedKeys);
    }

    public LaunchOptions withOpenFiles(List<Path> files) {
        return new LaunchOptions(library, state, files, openTraceId, theme, recentStore, trustedKeys);
    }

    public LaunchOptions withOpenTraceId(String traceId) {
        return new LaunchOptions(library, state, openFiles, traceId, theme, recentStore, trustedKeys);
    }

    public LaunchOptions withTrustedKeys(TrustedKeys keys) {
        return new LaunchOptions(library, state, openFiles, openTraceId, theme, recentStore, keys);
    }

    public LaunchOptions withTheme(ThemeChoice choice) {
        return new LaunchOptions(library, state, openFiles, openTraceId, choice, recentStore, trustedKeys);
    }
}
