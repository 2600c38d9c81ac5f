package dev.forkline.views;

import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.state.StateProvider;
import dev.forkline.views.viewmodel.Settings;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.WorkbenchServices;

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
 * @param services    what replays, forks, reverts and decisions write with ({@link WorkbenchServices#none()}: those
 *                    actions say they are unavailable)
 * @param contracts   recovery contract files the gate panel tries, in order, when none was chosen before
 */
public record LaunchOptions(TraceLibrary library, StateProvider state, List<Path> openFiles, String openTraceId, ThemeChoice theme,
                            Path recentStore, TrustedKeys trustedKeys, WorkbenchServices services, List<Path> contracts) {

    public LaunchOptions(TraceLibrary library, StateProvider state, List<Path> openFiles, String openTraceId, ThemeChoice theme,
                         Path recentStore) {
        this(library, state, openFiles, openTraceId, theme, recentStore, TrustedKeys.none());
    }

    public LaunchOptions(TraceLibrary library, StateProvider state, List<Path> openFiles, String openTraceId, ThemeChoice theme,
                         Path recentStore, TrustedKeys trustedKeys) {
        this(library, state, openFiles, openTraceId, theme, recentStore, trustedKeys, WorkbenchServices.none(), List.of());
    }

    public LaunchOptions {
        Objects.requireNonNull(library, "library");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(theme, "theme");
        openFiles = openFiles == null ? List.of() : List.copyOf(openFiles);
        Objects.requireNonNull(trustedKeys, "trustedKeys");
        services = services == null ? WorkbenchServices.none() : services;
        contracts = contracts == null ? List.of() : List.copyOf(contracts);
    }

    /**
     * Traces in memory only (nothing is stored), following the OS theme, recent files and settings in ~/.forkline/,
     * replays on the local Docker engine, decisions signed with the user's key ring ({@code -Dforkline.owners=DIR}
     * overrides it, as for the command line), copies of traces without a bundle directory under
     * {@code $XDG_DATA_HOME/forkline/bundles/}, and the gate's default contract
     * {@code sample-traces/recovery-contract.yaml} (in the working directory or the installation).
     */
    public static LaunchOptions inMemory() {
        Path home = Path.of(System.getProperty("user.home"), ".forkline");
        String owners = System.getProperty("forkline.owners");
        WorkbenchServices services = new WorkbenchServices(dev.forkline.views.data.ReplayBackend.docker(),
                owners != null && !owners.isBlank() ? new dev.forkline.trace.decision.OwnerKeys(Path.of(owners))
                        : dev.forkline.trace.decision.OwnerKeys.inUserConfig(),
                new Settings(home.resolve("settings.properties")), dev.forkline.views.data.WritableBundles.defaultExportRoot());
        List<Path> contracts = new java.util.ArrayList<>();
        contracts.add(Path.of("sample-traces", "recovery-contract.yaml"));
        String installed = System.getProperty("forkline.home");
        if (installed != null) {
            contracts.add(Path.of(installed, "sample-traces", "recovery-contract.yaml"));
        }
        return new LaunchOptions(new InMemoryTraceLibrary(), new ReconstructorStateProvider(), List.of(), null, ThemeChoice.FOLLOW_OS,
                home.resolve("recent-files"), TrustedKeys.none(), services, contracts);
    }

    /**
     * The workbench over Forkline's H2 store (library, opening, importing); the caller opened the store and closes it
     * after {@link WorkbenchApp#launch(LaunchOptions)} returns.
     */
    public static LaunchOptions forStore(dev.forkline.trace.store.TraceStore store) {
        return inMemory().withLibrary(new dev.forkline.views.data.StoreTraceLibrary(store));
    }

    public LaunchOptions withLibrary(TraceLibrary traces) {
        return new LaunchOptions(traces, state, openFiles, openTraceId, theme, recentStore, trustedKeys, services, contracts);
    }

    public LaunchOptions withOpenFiles(List<Path> files) {
        return new LaunchOptions(library, state, files, openTraceId, theme, recentStore, trustedKeys, services, contracts);
    }

    public LaunchOptions withOpenTraceId(String traceId) {
        return new LaunchOptions(library, state, openFiles, traceId, theme, recentStore, trustedKeys, services, contracts);
    }

    public LaunchOptions withTrustedKeys(TrustedKeys keys) {
        return new LaunchOptions(library, state, openFiles, openTraceId, theme, recentStore, keys, services, contracts);
    }

    public LaunchOptions withTheme(ThemeChoice choice) {
        return new LaunchOptions(library, state, openFiles, openTraceId, choice, recentStore, trustedKeys, services, contracts);
    }

    public LaunchOptions withServices(WorkbenchServices actions) {
        return new LaunchOptions(library, state, openFiles, openTraceId, theme, recentStore, trustedKeys, actions, contracts);
    }

    public LaunchOptions withContracts(List<Path> files) {
        return new LaunchOptions(library, state, openFiles, openTraceId, theme, recentStore, trustedKeys, services, files);
    }
}
