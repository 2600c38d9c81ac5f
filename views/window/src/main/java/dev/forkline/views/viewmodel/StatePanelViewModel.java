package dev.forkline.views.viewmodel;

import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.views.concurrent.LatestWins;
import dev.forkline.views.concurrent.SerialLatest;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.data.RunLineage;
import dev.forkline.views.state.StateProvider;
import dev.forkline.views.state.StateSnapshot;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import dev.forkline.trace.secrets.SecretMasker;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The five states at the cursor (computed off the UI thread, one at a time) and the content of the file chosen in the
 * workspace tab. Only the latest request wins: a slow reconstruction for an old cursor never overwrites a newer one,
 * and cursors passed over while one runs are never reconstructed.
 */
public final class StatePanelViewModel {

    private static final int MAX_PREVIEW_BYTES = 512 * 1024;

    private final StateProvider provider;
    private final RebuiltWorkspaceViewModel rebuilt;
    private final ReadOnlyObjectWrapper<StateSnapshot> snapshot = new ReadOnlyObjectWrapper<>(StateSnapshot.EMPTY);
    private final StringProperty selectedFile = new SimpleStringProperty();
    private final ReadOnlyStringWrapper fileContent = new ReadOnlyStringWrapper("");
    private BlobSource blobs = BlobSource.NONE;
    private final LatestWins latest;
    private final SerialLatest<StateSnapshot> states;
    private final ReadOnlyBooleanWrapper working = new ReadOnlyBooleanWrapper();
    /** An earlier load of the shown trace whose states may answer for it (see {@link #carryOver}); null when none. */
    private RunLineage carried;
    /** The run of the latest state asked for. */
    private String lastRun;
    private final TaskExecutor executor;
    private CompletableFuture<Void> preparation = CompletableFuture.completedFuture(null);

    public StatePanelViewModel(TaskExecutor executor, StateProvider provider) {
        this(executor, provider, new RebuiltWorkspaceViewModel(executor, new dev.forkline.views.data.StartingTrees(),
                new RememberedSetups(Settings.inMemory())));
    }

    /** @param rebuilt the workspace of an imported session, rebuilt from the tree the reviewer supplied */
    public StatePanelViewModel(TaskExecutor executor, StateProvider provider, RebuiltWorkspaceViewModel rebuilt) {
        this.executor = executor;
        this.latest = new LatestWins(executor);
        this.states = new SerialLatest<>(executor, "reconstruct-state");
        this.provider = provider;
        this.rebuilt = rebuilt;
        selectedFile.addListener(obs -> refreshFileContent());
        snapshot.addListener(obs -> refreshFileContent());
    }

    /** Starts, in the background, the work the first state of a newly shown run needs (see {@link StateProvider#prepare}). */
    public void prepare(RunLineage lineage, String run) {
        CompletableFuture<Void> pass = provider.prepare(lineage, run);
        preparation = pass;
        // what is carried over is let go once the shown trace answers for itself: it may hold as many events
        pass.whenComplete((done, failure) -> executor.onUi(() -> {
            if (preparation == pass) {
                carried = null;
            }
        }));
    }

    /** The latest {@link #prepare}: done once the shown run's first state no longer waits for it. */
    public CompletableFuture<Void> preparation() {
        return preparation;
    }

    public void update(RunLineage lineage, String run, int eventIndex, BlobSource bundleBlobs) {
        this.blobs = bundleBlobs;
        if (lineage == null || eventIndex < 0) {
            states.cancel();
            working.set(states.isWorking());
            snapshot.set(StateSnapshot.EMPTY);
            return;
        }
        lastRun = run;
        RunLineage answering = answering(lineage, run, eventIndex);
        states.request(progress -> provider.at(answering, run, eventIndex), this::answered, error -> answered(StateSnapshot.EMPTY));
        working.set(states.isWorking());
    }

    /**
     * The trace now shown extends {@code earlier} (the same trace grown: an import's next part, a live trace reloaded,
     * a decision added), or null when it does not. Until the shown trace's own state pass is made, the state at an event
     * {@code earlier} also holds is taken from {@code earlier} if its pass is made or being made (a pass over fewer
     * events, begun earlier): the same events come before it, so the state is the same, and a reviewer stepping while
     * an import goes on does not wait for a pass per part. One earlier load is kept: one whose pass is made before one
     * whose pass is being made, the later of two alike.
     */
    public void carryOver(RunLineage earlier) {
        if (earlier == null) {
            carried = null;
        } else if (lastRun != null && (provider.isPrepared(earlier, lastRun)
                || provider.isPreparing(earlier, lastRun) && (carried == null || !provider.isPrepared(carried, lastRun)))) {
            carried = earlier;
        }
    }

    private RunLineage answering(RunLineage lineage, String run, int eventIndex) {
        if (carried == null || carried == lineage) {
            return lineage;
        }
        if (provider.isPrepared(lineage, run)) {
            carried = null;
            return lineage;
        }
        if (carried.node(run) == null || !provider.isPreparing(carried, run)) {
            return lineage;
        }
        RunEvents earlier = carried.events(run);
        return eventIndex < earlier.size() && earlier.id(eventIndex).equals(lineage.events(run).id(eventIndex)) ? carried : lineage;
    }

    private void answered(StateSnapshot state) {
        working.set(states.isWorking());
        snapshot.set(state);
    }

    /**
     * Whether the state at the cursor is still being worked out: the snapshot shown is the one before (the first state
     * of a newly shown trace waits for its state pass, seconds on a million events).
     */
    public ReadOnlyBooleanProperty workingProperty() {
        return working.getReadOnlyProperty();
    }

    /** Reads the chosen file's content at the cursor from the blobs, off the UI thread (they may live in the database). */
    private void refreshFileContent() {
        latest.cancel("read-file");
        String path = selectedFile.get();
        if (path == null) {
            fileContent.set("");
            return;
        }
        Optional<StateSnapshot.FileEntry> file = snapshot.get().workspace().stream().filter(f -> f.path().equals(path)).findFirst();
        if (file.isEmpty()) {
            fileContent.set("(not in the workspace at this point)");
            return;
        }
        String blob = file.get().blob();
        if (blob == null) {
            fileContent.set("(deleted)");
            return;
        }
        BlobSource source = blobs;
        latest.execute("read-file", progress -> source.read(blob)
                .map(bytes -> bytes.length > MAX_PREVIEW_BYTES ? "(" + bytes.length + " bytes, too large to preview)"
                        : SecretMasker.mask(new String(bytes, StandardCharsets.UTF_8)))
                .orElse("(contents " + blob + " are not in the bundle)"), fileContent::set,
                failure -> fileContent.set("(could not read " + blob + ": " + failure.getMessage() + ")"));
    }

    /** The workspace tab's view of an imported session (real files from the supplied tree and the recorded edits). */
    public RebuiltWorkspaceViewModel rebuilt() {
        return rebuilt;
    }

    public ReadOnlyObjectProperty<StateSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    public StateSnapshot snapshot() {
        return snapshot.get();
    }

    public StringProperty selectedFileProperty() {
        return selectedFile;
    }

    public ReadOnlyStringProperty fileContentProperty() {
        return fileContent.getReadOnlyProperty();
    }
}
