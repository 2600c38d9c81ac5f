package dev.forkline.views.testdata;

import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.testing.DirectoryTrees;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.ReplayBackend;
import dev.forkline.views.data.StoreTraceLibrary;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.viewmodel.RecentFiles;
import dev.forkline.views.viewmodel.Settings;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.WorkbenchServices;
import dev.forkline.views.viewmodel.WorkbenchViewModel;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The five recorded samples in sample-traces/, copied into a temporary folder before anything is appended to them
 * (the committed samples never change), imported into a store of their own.
 */
public final class Samples implements AutoCloseable {

    public static final Path ROOT = dev.forkline.trace.testing.RepositoryFiles.resolve("sample-traces");
    public static final List<String> NAMES = List.of("wrong-tool-call", "multi-agent-conflict", "permission-escalation",
            "poisoned-artifact", "sandbox-lost-mid-effect");
    public static final Path CONTRACT = ROOT.resolve("recovery-contract.yaml");
    /** The passphrase of the owners' keys set up by {@link #setUpOwner}. */
    public static final String PASSPHRASE = "correct horse battery";
    /** Keys set up in tests cost few PBKDF2 rounds (the count is stored in each key file). */
    public static final int KEY_ITERATIONS = 2000;

    public final Path dir;
    public final TraceStore store;
    public final StoreTraceLibrary library;
    public final OwnerKeys keys;
    public final Settings settings;
    /** Closed with the samples, which removes the sandboxes they keep prepared. */
    private final List<ReplayBackend> backends = new java.util.ArrayList<>();

    private Samples(Path dir) throws Exception {
        this.dir = dir;
        this.store = TraceStore.open(dir.resolve("db").resolve("forkline").toAbsolutePath());
        this.library = new StoreTraceLibrary(store);
        this.keys = new OwnerKeys(dir.resolve("owners"), KEY_ITERATIONS);
        this.settings = new Settings(dir.resolve("settings.properties"));
    }

    /** Copies and imports the named samples (all five when none is named). */
    public static Samples imported(Path tempDir, String... names) throws Exception {
        Samples samples = new Samples(tempDir);
        for (String name : names.length == 0 ? NAMES.toArray(String[]::new) : names) {
            samples.library.importTrace(samples.copy(name), Progress.NONE);
        }
        return samples;
    }

    /** A store of its own with nothing imported yet. */
    public static Samples empty(Path tempDir) throws Exception {
        return new Samples(tempDir);
    }

    public static String traceId(String name) {
        return "forkline-sample-" + name;
    }

    /** The copy of a sample bundle (made on first use). */
    public Path copy(String name) {
        Path target = dir.resolve("bundles").resolve(name);
        if (!Files.exists(target)) {
            copyTree(ROOT.resolve(name), target);
        }
        return target;
    }

    /** Sets up {@code owner}'s key, protected by {@link #PASSPHRASE}, as {@code forkline keys init} does. */
    public void setUpOwner(String owner) {
        try {
            keys.create(owner, PASSPHRASE.toCharArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public WorkbenchServices services(ReplayBackend backend) {
        if (backend != null) {
            backends.add(backend);
        }
        return new WorkbenchServices(backend, keys, settings, dir.resolve("exported"));
    }

    /** What the window is started with over these samples: light theme, no file or trace to open, {@code backend} for replays. */
    public LaunchOptions launchOptions(ReplayBackend backend) {
        return new LaunchOptions(library, new ReconstructorStateProvider(), null, null, ThemeChoice.LIGHT, null).withServices(services(backend));
    }

    public WorkbenchViewModel workbench(TaskExecutor executor, ReplayBackend backend) {
        return new WorkbenchViewModel(executor, library, new ReconstructorStateProvider(), new RecentFiles(null),
                dev.forkline.views.data.IndexRunLineage::new, services(backend), dev.forkline.trace.decision.TrustedKeys.none(),
                List.of(CONTRACT));
    }

    public TraceLibrary library() {
        return library;
    }

    private static void copyTree(Path from, Path to) {
        try {
            DirectoryTrees.copy(from, to);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        backends.forEach(ReplayBackend::close);
        store.close();
    }
}
