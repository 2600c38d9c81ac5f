package dev.forkline.views.viewmodel;

import dev.forkline.replay.engine.Cancellation;
import dev.forkline.replay.engine.EventEdit;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.engine.DivergenceClass;
import dev.forkline.replay.engine.SessionSetup;
import dev.forkline.replay.workspace.FileHistory;
import dev.forkline.replay.workspace.StartingTree;
import dev.forkline.views.data.StartingTrees;
import dev.forkline.replay.engine.RevertRequest;
import dev.forkline.replay.engine.RevertResult;
import dev.forkline.replay.engine.StepResult;
import dev.forkline.trace.Event;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.DockerProbe;
import dev.forkline.views.data.ReplayBackend;
import dev.forkline.views.data.RunNode;
import dev.forkline.views.data.WritableBundles;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replay from here, fork with an edit, revert to here: builds the engine's request from the selection, runs it on the
 * background executor with the engine's progress handed to the UI thread, then stores the grown bundle again, shows the
 * new run in the fork tree and offers its first divergence. While the reviewer looks at the run, the backend keeps a
 * sandbox restored to the checkpoint "Replay from here" would start from, so that the replay starts warm.
 * <p>
 * The panel follows the {@linkplain TraceSelection one current selection}: when another trace is opened, what it showed
 * about the previous one is cleared (unless a replay of it still runs, whose title names its trace).
 */
public final class ReplayViewModel {

    public static final String NO_BACKEND = "replays are not set up in this window";
    public static final String NOT_CHECKED = "checking for a Docker engine";
    public static final String NO_REPLAY_YET = "No replay yet";

    private static final Logger LOG = LoggerFactory.getLogger(ReplayViewModel.class);

    private final TaskExecutor executor;
    private final TraceSelection selection;
    private final TraceReloads reloads;
    private final ForkTreeViewModel runs;
    private final ReplayBackend backend;
    private final WritableBundles bundles;
    private final BundleWrites writes;
    /** The run the last replay or fork made, as the fork tree shows it (its agreement and its task's outcome), or null. */
    private final ReadOnlyObjectWrapper<dev.forkline.views.data.RunNode> resultRun = new ReadOnlyObjectWrapper<>();
    private final StartingTrees trees;
    private final RememberedSetups memory;

    private final ReadOnlyBooleanWrapper dockerReady = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper unavailableReason = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(NO_REPLAY_YET);
    private final ReadOnlyStringWrapper stepText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper currentStep = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper replayRun = new ReadOnlyStringWrapper();
    private final ReadOnlyObjectWrapper<StepResult> firstDivergence = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<ReplayResult> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<RevertResult> revertResult = new ReadOnlyObjectWrapper<>();
    private final ObservableList<StepResult> steps = FXCollections.observableArrayList();
    private final ObservableList<String> setupNotes = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper preparedCheckpoint = new ReadOnlyStringWrapper();
    private final StringBinding warmStartNote = Bindings.createStringBinding(() -> preparedCheckpoint.get() == null || running.get() ? ""
            : "A sandbox restored to checkpoint " + preparedCheckpoint.get() + " is ready: \"Replay from here\" starts without creating one.",
            preparedCheckpoint, running);
    private final BooleanBinding available;
    private final BooleanBinding startsFromSuppliedTree;
    private final ReplayActionGuard guard;
    private Cancellation cancellation;
    /** What a sandbox was last asked to be prepared for: moving the selection within that checkpoint asks nothing more. */
    private PreparationTarget preparing;
    private boolean asking;
    /** The trace what the panel shows is about (the last replay's or revert's); null while it shows nothing. */
    private String panelTrace;
    private String panelTraceTitle;

    /**
     * @param runs the fork tree, which shows a replay's run while it is written
     */
    ReplayViewModel(TaskExecutor executor, TraceSelection selection, TraceReloads reloads, ForkTreeViewModel runs, ReplayBackend backend,
                    WritableBundles bundles, BundleWrites writes, StartingTrees trees, RememberedSetups memory) {
        this.executor = executor;
        this.selection = selection;
        this.reloads = reloads;
        this.runs = runs;
        this.writes = writes;
        this.backend = backend;
        this.bundles = bundles;
        this.trees = trees;
        this.memory = memory;
        startsFromSuppliedTree = Bindings.createBooleanBinding(() -> checkpointForSelection().filter(SuppliedStart::isSupplied).isPresent(),
                selection.traceProperty(), selection.eventIndexProperty(), selection.runProperty());
        unavailableReason.set(backend == null || bundles == null ? NO_BACKEND : NOT_CHECKED);
        available = Bindings.createBooleanBinding(() -> backend != null && bundles != null && dockerReady.get() && !running.get(),
                dockerReady, running);
        guard = new ReplayActionGuard(this, selection, memory);
        selection.traceProperty().addListener((obs, old, now) -> followOpenTrace());
        selection.runProperty().addListener((obs, old, run) -> prepareForSelection());
        selection.eventIndexProperty().addListener((obs, old, index) -> prepareForSelection());
    }

    /** Clears what the panel shows about another trace than the open one, unless that replay still runs. */
    private void followOpenTrace() {
        if (panelTrace == null || selection.isOpen(panelTrace)) {
            return;
        }
        if (running.get()) {
            String of = " (trace " + panelTraceTitle + ")";
            if (!title.get().endsWith(of)) {
                title.set(title.get() + of);
            }
            return;
        }
        panelTrace = null;
        steps.clear();
        setupNotes.clear();
        result.set(null);
        revertResult.set(null);
        firstDivergence.set(null);
        replayRun.set(null);
        failure.set(null);
        summary.set("");
        title.set(NO_REPLAY_YET);
        stepText.set("");
        currentStep.set("");
        progress.set(0);
    }

    /** Takes the Docker probe's answer: the actions that need an engine are enabled, or disabled with this reason. */
    public void dockerStatus(DockerProbe.Status status) {
        if (backend == null || bundles == null) {
            return;
        }
        dockerReady.set(status.ready());
        unavailableReason.set(status.ready() ? null : status.message());
        prepareForSelection();
    }

    /**
     * Has the backend restore, in the background, a sandbox to the checkpoint "Replay from here" would start from for
     * the selected event, unless that checkpoint was the last asked for. Called as the selection moves; does nothing
     * without a selected event, while replays are unavailable, or while one runs (a replay prepares its checkpoint
     * again when it ends). One preparation is asked for at a time: a selection made meanwhile waits, and only the
     * latest one is asked for next.
     */
    public void prepareForSelection() {
        OpenedTrace trace = selection.trace();
        if (trace == null || !available.get() || selection.event() == null) {
            return;
        }
        Optional<Event> checkpoint = checkpointForSelection();
        if (checkpoint.isEmpty()) {
            return;
        }
        String traceId = trace.bundle().manifest().traceId();
        ImportedSetup imported = null;
        if (SuppliedStart.isSupplied(checkpoint.get())) {
            // an imported session's start is prepared only once its tree is known; without one there is nothing to restore
            Optional<SessionSetupAnswers> answers = memory.recall(traceId);
            if (answers.isEmpty()) {
                return;
            }
            imported = new ImportedSetup(answers.get(), null, SuppliedStart.of(checkpoint.get(), null).commit());
        }
        PreparationTarget target = new PreparationTarget(traceId, selection.run(), checkpoint.get().id(), imported);
        if (target.equals(preparing)) {
            return;
        }
        preparing = target;
        preparedCheckpoint.set(null);
        if (!asking) {
            ask(target);
        }
    }

    private void ask(PreparationTarget target) {
        asking = true;
        executor.execute("prepare-replay", work -> {
            Path dir = bundles.directoryFor(target.traceId());
            ReplayRequest.Builder request = ReplayRequest.builder(dir).run(target.run()).checkpoint(target.checkpointEventId());
            if (target.imported() != null) {
                target.imported().applyTo(request, trees);
            }
            return backend.prepare(request.build());
        }, preparation -> {
            asked(target);
            preparation.whenComplete((ready, failure) -> {
                if (failure == null && Boolean.TRUE.equals(ready)) {
                    executor.onUi(() -> {
                        if (target.equals(preparing)) {
                            preparedCheckpoint.set(target.checkpointEventId());
                        }
                    });
                }
            });
        }, error -> {
            LOG.debug("no sandbox prepared for " + target + ": " + WorkbenchViewModel.message(error));
            asked(target);
        });
    }

    /** The backend has the request for {@code target}; asks for the latest selection's checkpoint if it moved on since. */
    private void asked(PreparationTarget target) {
        asking = false;
        if (preparing != null && !preparing.equals(target) && !running.get()) {
            ask(preparing);
        }
    }

    private record PreparationTarget(String traceId, String run, String checkpointEventId, ImportedSetup imported) {
    }

    /**
     * What a replay of an imported session takes from the reviewer: the answers, and the tree they name when it was
     * read already (null: read it, off the UI thread, when the replay starts).
     */
    private record ImportedSetup(SessionSetupAnswers answers, StartingTree tree, String pinnedCommit) {

        void applyTo(ReplayRequest.Builder request, StartingTrees trees) {
            StartingTree starting = tree != null ? tree : trees.get(answers.workspaceSpec(), pinnedCommit);
            Path tools = answers.tools().isEmpty() ? null : Path.of(answers.tools());
            FileHistory history = answers.fileHistory().isEmpty() ? null : FileHistory.open(Path.of(answers.fileHistory()));
            request.setup(new SessionSetup(starting, tools, answers.setupCommands(), answers.env(), history))
                    .image(answers.image().isEmpty() ? null : answers.image())
                    .strictEnvironment(answers.strictEnvironment());
        }
    }

    // --- actions ----------------------------------------------------------------------------------------------------

    /** The checkpoint "Replay from here" and "Revert to here" start from, for the selected event of the shown run. */
    public Optional<Event> checkpointForSelection() {
        OpenedTrace trace = selection.trace();
        Event selected = selectedOrLast();
        if (trace == null || selected == null) {
            return Optional.empty();
        }
        return ReplayTargets.checkpointAtOrBefore(trace.lineage(), selection.run(), selected.id());
    }

    /**
     * Replays the shown run from the nearest checkpoint at or before the selected event. For an imported session's
     * start, with the answers remembered for the trace (the window asks for them first: {@link SessionSetupViewModel}).
     */
    public void replayFromHere() {
        Optional<Event> checkpoint = checkpointForSelection();
        if (checkpoint.isEmpty()) {
            failure.set("There is no checkpoint at or before the selected event: nothing to replay from");
            return;
        }
        Event cp = checkpoint.get();
        Optional<ImportedSetup> imported = importedSetup(cp);
        if (imported == null) {
            return;
        }
        start("Replay of " + selection.run() + " from " + ReplayTargets.checkpointName(cp), cp, List.of(), imported.orElse(null));
    }

    /** Replays an imported session from its start with the dialog's answers and the tree it read. */
    void replayImported(SuppliedStart start, SessionSetupViewModel.Ready ready) {
        Event cp = start.checkpoint();
        start("Replay of " + selection.run() + " from " + start.name(), cp, List.of(),
                new ImportedSetup(ready.answers(), ready.tree(), start.commit()));
    }

    /** The imported session's start "Replay from here" would replay from, when the selection's checkpoint is one. */
    public Optional<SuppliedStart> suppliedStartForSelection() {
        OpenedTrace trace = selection.trace();
        return checkpointForSelection().filter(SuppliedStart::isSupplied).map(cp -> SuppliedStart.of(trace.lineage(), selection.run())
                .filter(s -> s.checkpoint().id().equals(cp.id())).orElseGet(() -> SuppliedStart.of(cp, null)));
    }

    /**
     * The remembered answers for a checkpoint whose files are supplied: empty for a recorded checkpoint; null (with the
     * failure said) when the trace has none yet.
     */
    private Optional<ImportedSetup> importedSetup(Event checkpoint) {
        if (!SuppliedStart.isSupplied(checkpoint)) {
            return Optional.empty();
        }
        OpenedTrace trace = selection.trace();
        Optional<SessionSetupAnswers> answers = trace == null ? Optional.empty() : memory.recall(trace.bundle().manifest().traceId());
        if (answers.isEmpty()) {
            failure.set("Checkpoint '" + ReplayTargets.checkpointName(checkpoint) + "' is the tree the session started from, which the "
                    + "trace does not hold: give it with Run › Replay from here… (forkline replay --workspace SRC)");
            return null;
        }
        return Optional.of(new ImportedSetup(answers.get(), null, SuppliedStart.of(checkpoint, null).commit()));
    }

    /** Fills {@code target} with the images the engine holds, in the background; leaves it empty without an engine. */
    void listImages(ObservableList<String> target) {
        if (backend == null || !dockerReady.get()) {
            return;
        }
        executor.execute("list-images", work -> backend.images(), target::setAll,
                error -> LOG.debug("no image list: " + WorkbenchViewModel.message(error)));
    }

    /** A form for editing the selected event, or null when no event is selected. */
    public ForkEditViewModel editSelected() {
        Event selected = selection.event();
        return selected == null ? null : new ForkEditViewModel(selected, selection.traceId(), selection.run(), this);
    }

    /** Whether this trace and run are still the ones shown (a form made for them may still act on them). */
    boolean stillShows(String traceId, String run) {
        return selection.isOpen(traceId) && java.util.Objects.equals(run, selection.run());
    }

    /** Forks the shown run with one edited (or dropped) event, from the latest checkpoint before it. */
    public void forkWithEdit(EventEdit edit) {
        OpenedTrace trace = selection.trace();
        if (trace == null) {
            return;
        }
        Optional<Event> before = checkpointBefore(edit.eventId());
        if (before.isEmpty()) {
            failure.set("There is no checkpoint before " + edit.eventId() + ": a fork starts from one");
            return;
        }
        Optional<ImportedSetup> imported = importedSetup(before.get());
        if (imported == null) {
            return;
        }
        start("Fork of " + selection.run() + " editing " + edit.eventId(), before.get(), List.of(edit), imported.orElse(null));
    }

    private Optional<Event> checkpointBefore(String eventId) {
        return ReplayTargets.checkpointBefore(selection.trace().lineage(), selection.run(), eventId);
    }

    private void start(String what, Event checkpoint, List<EventEdit> edits, ImportedSetup imported) {
        OpenedTrace trace = selection.trace();
        if (trace == null || !available.get()) {
            failure.set(unavailableReason.get() == null ? "A replay is already running" : "Replay unavailable: " + unavailableReason.get());
            return;
        }
        String traceId = trace.bundle().manifest().traceId();
        if (!writes.mayWrite(traceId, what.startsWith("Fork") ? "The fork" : "The replay")) {
            return;
        }
        String run = selection.run();
        Cancellation cancel = new Cancellation();
        cancellation = cancel;
        // the replay takes the prepared sandbox (if it is for this checkpoint) and prepares its checkpoint again as it ends
        preparing = null;
        preparedCheckpoint.set(null);
        panelTrace = traceId;
        panelTraceTitle = trace.bundle().manifest().title();
        steps.clear();
        result.set(null);
        resultRun.set(null);
        firstDivergence.set(null);
        replayRun.set(null);
        failure.set(null);
        summary.set("");
        title.set(what);
        setupNotes.clear();
        stepText.set(imported != null && imported.tree() == null ? "Reading the starting tree…" : "Preparing the bundle…");
        currentStep.set("");
        progress.set(-1);
        running.set(true);
        executor.execute("replay", work -> {
            Path dir = bundles.directoryFor(traceId);
            ReplayRequest.Builder request = ReplayRequest.builder(dir).run(run).checkpoint(checkpoint.id()).cancellation(cancel);
            edits.forEach(request::edit);
            if (imported != null) {
                imported.applyTo(request, trees);
            }
            ReplayResult done = backend.replay(request.build(), new UiListener(checkpoint, edits.size()));
            executor.onUi(() -> stepText.set("Storing the new run…"));
            bundles.reimport(dir, work);
            OpenedTrace reloaded = reloads.load(traceId);
            reloaded.lineage().checkTests(); // the new run's badge says what it did to test files from the start
            return new Finished(done, reloaded, dir);
        }, finished -> {
            running.set(false);
            writes.written((edits.isEmpty() ? "Replay " : "Fork ") + finished.result().replayRun(), finished.directory());
            ReplayResult done = finished.result();
            result.set(done);
            replayRun.set(done.replayRun());
            firstDivergence.set(done.firstDivergence().orElse(null));
            progress.set(1);
            stepText.set("Step " + done.steps().size() + " of " + done.totalSteps() + " · " + done.stopReason().wireName());
            currentStep.set("");
            summary.set(summarize(done));
            setupNotes.setAll(done.setupNotes());
            reloads.showAppended(traceId, finished.trace(), done.replayRun(), null);
            resultRun.set(finished.trace().lineage().node(done.replayRun()));
            reloads.appended(); // an escape the replay could not contain joins the queue
        }, error -> {
            running.set(false);
            progress.set(0);
            stepText.set("");
            failure.set("The replay failed: " + WorkbenchViewModel.message(error));
            runs.clearPendingRuns();
        });
    }

    private record Finished(ReplayResult result, OpenedTrace trace, Path directory) {
    }

    /** Restores the checkpoint at or before the selected event into a new directory, or a container kept running (null). */
    public void revertToHere(Path directory) {
        OpenedTrace trace = selection.trace();
        Optional<Event> checkpoint = checkpointForSelection();
        if (trace == null || checkpoint.isEmpty()) {
            failure.set("There is no checkpoint at or before the selected event: nothing to revert to");
            return;
        }
        if (backend == null || bundles == null || running.get() || (directory == null && !dockerReady.get())) {
            failure.set("Revert unavailable: " + (directory == null && unavailableReason.get() != null ? unavailableReason.get() : NO_BACKEND));
            return;
        }
        String traceId = trace.bundle().manifest().traceId();
        if (!writes.mayWrite(traceId, "The revert")) {
            return;
        }
        String run = selection.run();
        Event cp = checkpoint.get();
        panelTrace = traceId;
        panelTraceTitle = trace.bundle().manifest().title();
        steps.clear();
        setupNotes.clear();
        result.set(null);
        revertResult.set(null);
        firstDivergence.set(null);
        failure.set(null);
        title.set("Revert of " + run + " to " + ReplayTargets.checkpointName(cp));
        stepText.set(directory == null ? "Starting a container…" : "Writing " + directory + "…");
        summary.set("");
        progress.set(-1);
        running.set(true);
        executor.execute("revert", work -> {
            Path dir = bundles.directoryFor(traceId);
            RevertRequest request = (directory == null ? RevertRequest.toContainer(dir, cp.id()) : RevertRequest.toDirectory(dir, cp.id(), directory))
                    .inRun(run);
            RevertResult done = backend.revert(request);
            bundles.reimport(dir, work);
            return new Reverted(done, reloads.load(traceId), dir);
        }, reverted -> {
            running.set(false);
            writes.written("Revert " + reverted.result().revertRun(), reverted.directory());
            progress.set(1);
            revertResult.set(reverted.result());
            replayRun.set(reverted.result().revertRun());
            stepText.set("Restored " + reverted.result().files() + " files in " + reverted.result().durationMs() + " ms");
            summary.set(reverted.result().describe().strip());
            reloads.showAppended(traceId, reverted.trace(), reverted.result().revertRun(), null);
        }, error -> {
            running.set(false);
            progress.set(0);
            stepText.set("");
            failure.set("The revert failed: " + WorkbenchViewModel.message(error));
        });
    }

    private record Reverted(RevertResult result, OpenedTrace trace, Path directory) {
    }

    /** Asks the running replay to stop after its current step. */
    public void cancel() {
        Cancellation current = cancellation;
        if (current != null && running.get()) {
            current.cancel();
            stepText.set("Stopping after the current step…");
        }
    }

    /** Shows the replay run with the cursor on the first divergence. */
    public boolean goToFirstDivergence() {
        StepResult step = firstDivergence.get();
        if (step == null || replayRun.get() == null) {
            return false;
        }
        String eventId = step.replayEventId() != null ? step.replayEventId() : step.eventId();
        if (panelTrace != null && !selection.isOpen(panelTrace)) {
            reloads.openAt(panelTrace, replayRun.get(), eventId); // the replay ended after another trace was opened
            return true;
        }
        selection.selectRun(replayRun.get());
        return selection.selectEvent(eventId);
    }

    static String summarize(ReplayResult done) {
        StringBuilder s = new StringBuilder(done.replayRun()).append(": ")
                .append(done.matched()).append(" matched, ")
                .append(done.diverged()).append(" diverged, ")
                .append(done.stubbed()).append(" stubbed, ")
                .append(done.contained()).append(" contained");
        if (done.expectedDivergences() > 0) {
            s.append(", ").append(done.expectedDivergences()).append(" expected divergences");
        }
        long behaviour = done.divergences(DivergenceClass.BEHAVIOUR);
        long environment = done.divergences(DivergenceClass.ENVIRONMENT);
        long workspace = done.divergences(DivergenceClass.WORKSPACE);
        if (behaviour + environment + workspace > 0) {
            s.append(" (by class: ").append(behaviour).append(" behaviour, ").append(environment).append(" environment, ")
                    .append(workspace).append(" workspace");
            if (environment > 0) {
                s.append(done.strictEnvironment() ? "; environment ones fail it: strict" : "; environment ones do not fail it");
            }
            s.append(')');
        }
        s.append(" — ").append(done.stopReason().wireName());
        if (done.stopDetail() != null) {
            s.append(": ").append(done.stopDetail());
        }
        done.firstDivergence().ifPresent(step -> s.append("\nFirst divergence: step ").append(step.number()).append(", ").append(step.label()));
        return s.toString();
    }

    private Event selectedOrLast() {
        Event selected = selection.event();
        RunEvents events = selection.events();
        return selected != null ? selected : events.isEmpty() ? null : events.event(events.size() - 1);
    }

    /** The engine's callbacks, handed to the UI thread. */
    private final class UiListener implements ReplayListener {

        private final Event checkpoint;
        private final int edits;
        private volatile int total;

        UiListener(Event checkpoint, int edits) {
            this.checkpoint = checkpoint;
            this.edits = edits;
        }

        @Override
        public void started(String newRun, String checkpointId, int totalSteps) {
            total = totalSteps;
            executor.onUi(() -> {
                replayRun.set(newRun);
                stepText.set("Step 0 of " + totalSteps);
                progress.set(totalSteps == 0 ? -1 : 0);
                runs.addPendingRun(new RunNode(newRun, checkpoint.run(), edits > 0 ? "fork" : "replay", null, "running",
                        checkpointId, edits, 0, List.of()));
            });
        }

        @Override
        public void provisioned(String containerId, long provisionMs, long restoreMs, boolean fromPool) {
            executor.onUi(() -> currentStep.set("Sandbox " + containerId.substring(0, Math.min(12, containerId.length())) + " ready in "
                    + (provisionMs + restoreMs) + " ms"));
        }

        @Override
        public void stepStarted(int number, int total, String label) {
            executor.onUi(() -> {
                stepText.set("Step " + number + " of " + total);
                currentStep.set(label);
                progress.set(total == 0 ? -1 : (number - 1) / (double) total);
            });
        }

        @Override
        public void stepFinished(StepResult step) {
            executor.onUi(() -> {
                steps.add(step);
                if (total > 0) {
                    progress.set(step.number() / (double) total);
                }
            });
        }

        @Override
        public void firstDivergence(StepResult step) {
            executor.onUi(() -> firstDivergence.set(step));
        }
    }

    // --- accessors ----------------------------------------------------------------------------------------------------

    /** Replay and fork can start: a backend, a Docker engine, and nothing running. */
    /** Why each replay action cannot act on the current selection (null while it can). */
    public ReplayActionGuard guard() {
        return guard;
    }

    public BooleanBinding availableProperty() {
        return available;
    }

    /** Revert into a directory needs no engine. */
    public boolean canRevertToDirectory() {
        return backend != null && bundles != null && !running.get();
    }

    public ReadOnlyBooleanProperty dockerReadyProperty() {
        return dockerReady.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty unavailableReasonProperty() {
        return unavailableReason.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty stepTextProperty() {
        return stepText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty currentStepProperty() {
        return currentStep.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /** The checkpoint (event id) a sandbox is restored to and waiting for "Replay from here"; null while there is none. */
    public ReadOnlyStringProperty preparedCheckpointProperty() {
        return preparedCheckpoint.getReadOnlyProperty();
    }

    /** A line for the replay panel while a prepared sandbox waits (empty otherwise, and during a replay). */
    public StringBinding warmStartNoteProperty() {
        return warmStartNote;
    }

    public ReadOnlyStringProperty replayRunProperty() {
        return replayRun.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<StepResult> firstDivergenceProperty() {
        return firstDivergence.getReadOnlyProperty();
    }

    /** The run the last replay or fork made, with its two badges' facts (agreement with the recording, the task's outcome). */
    public ReadOnlyObjectProperty<dev.forkline.views.data.RunNode> resultRunProperty() {
        return resultRun.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<ReplayResult> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<RevertResult> revertResultProperty() {
        return revertResult.getReadOnlyProperty();
    }

    public ObservableList<StepResult> steps() {
        return steps;
    }

    /** What was done to prepare the sandbox of an imported session (tools installed, set-up commands), once it ended. */
    public ObservableList<String> setupNotes() {
        return setupNotes;
    }

    /**
     * "Replay from here" would start from a checkpoint whose files the trace does not hold (an imported session's
     * start): the window asks for them first.
     */
    public BooleanBinding startsFromSuppliedTreeProperty() {
        return startsFromSuppliedTree;
    }
}
