package dev.forkline.views.viewmodel;

import dev.forkline.views.data.RunComparison;
import dev.forkline.importers.TraceFiles;
import dev.forkline.trace.Event;
import dev.forkline.trace.HeapExhaustion;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.views.concurrent.LatestWins;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.concurrent.TaskHandle;
import dev.forkline.views.data.IndexRunLineage;
import dev.forkline.views.data.ImportResult;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.data.RunLineage;
import dev.forkline.views.data.StartingTrees;
import dev.forkline.views.data.StoredOtherwiseException;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.state.StateProvider;
import dev.forkline.views.timeline.TimelineModel;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * The workbench as a whole: which trace is open, which run and event are selected, background work and errors. The
 * only place that talks to the library and the state provider, and the only one that opens a trace; views bind to the
 * properties and call the methods. The child view models (replay, escape queue, recovery) get the
 * {@linkplain TraceSelection one current selection} and a {@link TraceReloads} for what they write, never this object.
 */
public final class WorkbenchViewModel {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(WorkbenchViewModel.class);

    private final TaskExecutor executor;
    private final Settings settings;
    private final TraceLibrary library;
    private final Function<Bundle, RunLineage> lineageFactory;

    private final LibraryViewModel libraryModel;
    private final ForkTreeViewModel forkTree = new ForkTreeViewModel();
    private final TimelineViewModel timeline = new TimelineViewModel();
    private final FilterViewModel filter;
    private final InspectorViewModel inspector;
    private final StatePanelViewModel state;
    private final RecentFiles recentFiles;
    private final StartingTrees startingTrees = new StartingTrees();
    private final RememberedSetups rememberedSetups;

    /** The purpose whose latest request alone is shown: opening a trace (from the library, the queue, an import). */
    private static final String OPEN_TRACE = "open-trace";
    /** The task that reads what the open trace's runs did to test files, after it is shown (see {@link RunLineage#checkTests}). */
    public static final String CHECK_TESTS = "check-tests";

    private final TraceSelection selection = new TraceSelection(forkTree, timeline);
    private final BackgroundWork background;
    private final LatestWins latest;
    private final ObjectProperty<ThemeChoice> theme = new SimpleObjectProperty<>(ThemeChoice.FOLLOW_OS);
    private final ReadOnlyStringWrapper dockerState = new ReadOnlyStringWrapper("Docker: not checked");
    private final ReadOnlyObjectWrapper<UserError> error = new ReadOnlyObjectWrapper<>();
    private final ObjectProperty<dev.forkline.trace.decision.TrustedKeys> trustedKeys;
    private final ReplayViewModel replay;
    private final BundleWrites bundleWrites;
    private final EscapeQueueViewModel escapeQueue;
    private final LiveSessionsViewModel live;
    private final RecoveryViewModel recovery;
    private final CauseNotesViewModel causeNotes;
    /** The imports running, which {@link #cancelImport()} cancels (UI thread; see {@link #importsChanged()}). */
    private final List<TaskHandle> imports = new java.util.ArrayList<>();
    private final ReadOnlyBooleanWrapper importRunning = new ReadOnlyBooleanWrapper();
    /** Set while {@link #keepingPlace} shows the grown trace and puts the cursor back. */
    private boolean keepingCursor;
    /** The last part of an import shown while it was read (see {@link #previewingProperty()}). */
    private OpenedTrace preview;
    private final ReadOnlyStringWrapper importNotice = new ReadOnlyStringWrapper("");

    public WorkbenchViewModel(TaskExecutor executor, TraceLibrary library, StateProvider stateProvider, RecentFiles recentFiles) {
        this(executor, library, stateProvider, recentFiles, IndexRunLineage::new);
    }

    public WorkbenchViewModel(TaskExecutor executor, TraceLibrary library, StateProvider stateProvider, RecentFiles recentFiles,
                              Function<Bundle, RunLineage> lineageFactory) {
        this(executor, library, stateProvider, recentFiles, lineageFactory, WorkbenchServices.none(),
                dev.forkline.trace.decision.TrustedKeys.none(), List.of());
    }

    /**
     * @param trusted          the keys trusted at start (the local key ring); the owners' own keys join them after a decision
     * @param defaultContracts contract files tried, in order, when none was chosen before
     */
    public WorkbenchViewModel(TaskExecutor executor, TraceLibrary library, StateProvider stateProvider, RecentFiles recentFiles,
                              Function<Bundle, RunLineage> lineageFactory, WorkbenchServices services,
                              dev.forkline.trace.decision.TrustedKeys trusted, List<Path> defaultContracts) {
        this.executor = executor;
        this.background = new BackgroundWork(executor);
        this.latest = new LatestWins(executor);
        this.library = library;
        this.lineageFactory = lineageFactory;
        this.recentFiles = recentFiles;
        this.libraryModel = new LibraryViewModel(executor, library);
        libraryModel.importingProperty().bind(importRunning);
        this.filter = new FilterViewModel(timeline, executor);
        this.inspector = new InspectorViewModel(executor);
        this.settings = services.settings();
        this.rememberedSetups = new RememberedSetups(settings);
        this.state = new StatePanelViewModel(executor, stateProvider, new RebuiltWorkspaceViewModel(executor, startingTrees, rememberedSetups));
        this.trustedKeys = inspector.trustedKeysProperty();
        trustedKeys.set(trusted);
        library.useTrustedKeys(trustedKeys::get);
        dev.forkline.views.data.WritableBundles bundles = services.exportRoot() == null ? null
                : new dev.forkline.views.data.WritableBundles(library, services.exportRoot());
        this.bundleWrites = new BundleWrites(executor, bundles, services.settings());
        // the workbench follows the selection first, so that the children's listeners see the run's events shown
        forkTree.selectedRunProperty().addListener((obs, old, run) -> showRun(run));
        timeline.selectedIndexProperty().addListener((obs, old, index) -> showEvent(index.intValue()));
        TraceReloads reloads = new Reloads();
        this.replay = new ReplayViewModel(executor, selection, reloads, forkTree, services.replay(), bundles, bundleWrites,
                startingTrees, rememberedSetups);
        this.escapeQueue = new EscapeQueueViewModel(executor, selection, reloads, trustedKeys, library, bundles, bundleWrites,
                services.ownerKeys(),
                services.settings(), trusted);
        this.recovery = new RecoveryViewModel(executor, selection, trustedKeys, error::set, services.settings(), defaultContracts);
        this.causeNotes = new CauseNotesViewModel(executor, selection, reloads, bundles, bundleWrites, services.settings(),
                java.time.Clock.systemUTC());
        this.live = new LiveSessionsViewModel(executor, library, this, escapeQueue);
        selection.traceProperty().addListener((obs, old, now) -> selection.setImporting(now != null && now == preview));
        libraryModel.refresh();
        escapeQueue.refresh();
    }

    // --- opening ----------------------------------------------------------------------------------------------------

    /** Loads a stored trace in the background and opens it. */
    public void openStored(String traceId) {
        latest.claim(OPEN_TRACE).track(background.run("load-trace", "Opening " + traceId, progress -> {
                    Bundle bundle = library.load(traceId);
                    progress.update("Indexing " + bundle.events().size() + " events", 0.7);
                    return prepare(bundle);
                },
                trace -> openFromLibrary(traceId, trace),
                failure -> error.set(new UserError("Could not open " + traceId, null, 0, message(failure)))));
    }

    /** Imports a trace file or folder (any known format) into the library, then opens it. */
    public void importFile(Path path) {
        importFiles(List.of(path));
    }

    /**
     * Imports traces in the background, one after the other: trace files, bundle folders, or folders holding traces
     * (searched a few levels deep). Opens the last trace imported, unless another trace was asked for while it ran;
     * failures are collected into one error naming the first failing file and line, and do not stop the others. Only
     * the locations something was imported from join File › Recent.
     */
    public void importFiles(List<Path> paths) {
        importFiles(paths, (trace, step, preview) -> library.importTrace(trace, step, preview));
    }

    /**
     * Stores the file a refusal kept as it was read in place of the stored trace (a session imported while it was still
     * going on, grown since): what the refusal's offer does; {@code forkline import --replace} is its twin.
     */
    private void storeReplacing(StoredOtherwiseException refused) {
        importFiles(List.of(refused.path()), (trace, step, preview) -> refused.storeReplacing(step));
    }

    /** How a trace file found in the locations given is imported. */
    @FunctionalInterface
    private interface ImportOne {
        ImportResult run(Path trace, dev.forkline.views.concurrent.Progress step, ImportPreview preview) throws Exception;
    }

    private void importFiles(List<Path> paths, ImportOne importOne) {
        if (paths.isEmpty()) {
            return;
        }
        String what = paths.size() == 1 ? paths.getFirst().getFileName().toString() : paths.size() + " locations";
        LatestWins.Deferred openWhenDone = latest.defer(OPEN_TRACE);
        java.util.concurrent.atomic.AtomicBoolean cancelled = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicBoolean ended = new java.util.concurrent.atomic.AtomicBoolean();
        importNotice.set("");
        TaskHandle handle = background.run("import-trace", "Importing " + what, progress -> {
            List<Path> traces = new java.util.ArrayList<>();
            java.util.Map<Path, Path> locationOf = new java.util.HashMap<>();
            for (Path path : paths) {
                for (Path trace : TraceFiles.expand(path, library::canRead)) {
                    traces.add(trace);
                    locationOf.putIfAbsent(trace, path);
                }
            }
            List<Imported> done = new java.util.ArrayList<>();
            List<Failed> failed = new java.util.ArrayList<>();
            for (int i = 0; i < traces.size() && !cancelled.get(); i++) {
                Path trace = traces.get(i);
                int number = i + 1;
                dev.forkline.views.concurrent.Progress step = (message, fraction) -> {
                    if (cancelled.get()) {
                        // the library reports before it stores, and the preview before each batch is stored: stopping
                        // here leaves nothing stored
                        throw new java.util.concurrent.CancellationException("the import of " + trace.getFileName() + " was cancelled");
                    }
                    progress.update((traces.size() > 1 ? number + "/" + traces.size() + " · " : "") + message,
                            fraction < 0 ? (double) (number - 1) / traces.size() : (number - 1 + fraction) / traces.size());
                };
                // while a large bundle is read, what was read so far is shown; the reading part is the first 40 %
                ImportPreview preview = new ImportPreview(trace, executor, this::preparePreview,
                        shown -> showPreview(openWhenDone, ended, shown),
                        (message, fraction) -> step.update(message, fraction < 0 ? -1 : 0.4 * fraction),
                        () -> cancelled.get() || ended.get());
                try {
                    ImportResult imported = importOne.run(trace, step, preview);
                    done.add(new Imported(locationOf.get(trace), imported, null));
                } catch (Exception e) {
                    failed.add(new Failed(trace, e));
                }
            }
            if (cancelled.get() || failed.size() > 1) {
                // the read a refusal keeps is offered to be stored only when it is the one failure told
                failed.forEach(Failed::letGoOfTheRead);
            }
            if (cancelled.get()) {
                return new Batch(List.of(), List.of(), null);
            }
            Imported last = done.isEmpty() ? null : done.getLast();
            OpenedTrace trace = null;
            if (last != null) {
                Bundle bundle = library.load(last.result().trace().traceId());
                trace = prepare(bundle);
            }
            return new Batch(done, failed, last == null ? null : new Imported(last.path(), last.result(), trace));
        }, batch -> {
            ended.set(true);
            importsChanged();
            paths.stream().filter(path -> batch.done().stream().anyMatch(d -> d.path().equals(path))).forEach(recentFiles::add);
            libraryModel.refresh();
            escapeQueue.refresh();
            if (batch.opened() != null && openWhenDone.takeTurn()) {
                OpenedTrace stored = batch.opened().trace();
                if (selection.importing()) {
                    // the stored trace takes the preview's place: same run, same event, same part of the timeline
                    keepingPlace(() -> openFromLibrary(batch.opened().result().trace().traceId(), stored));
                } else {
                    openFromLibrary(batch.opened().result().trace().traceId(), stored);
                }
            }
            closePreview();
            if (!batch.failed().isEmpty()) {
                Failed first = batch.failed().getFirst();
                UserError firstError = UserError.importFailed(first.path(), first.error());
                if (batch.failed().size() == 1) {
                    error.set(first.error() instanceof StoredOtherwiseException refused ? firstError.offering(new UserError.Offer(
                            "Replace the stored trace", () -> storeReplacing(refused), refused::close)) : firstError);
                } else {
                    StringBuilder others = new StringBuilder(firstError.detail());
                    others.append("\n\n").append(batch.failed().size() - 1).append(" more could not be imported:");
                    batch.failed().stream().skip(1).forEach(f -> others.append("\n").append(f.path()).append(": ").append(message(f.error())));
                    error.set(new UserError(batch.failed().size() + " of " + (batch.failed().size() + batch.done().size())
                            + " traces could not be imported", firstError.file(), firstError.line(), others.toString()));
                }
            }
        }, failure -> {
            ended.set(true);
            importsChanged();
            closePreview();
            error.set(UserError.importFailed(paths.getFirst(), failure));
        });
        imports.add(handle);
        importsChanged();
        handle.onCancel(() -> {
            cancelled.set(true);
            ended.set(true);
            importsChanged();
            closePreview();
            importNotice.set("Import of " + what + " cancelled: " + (paths.size() == 1 ? "nothing of it was stored"
                    : "nothing of the trace it was reading was stored (those it finished before are in the library)"));
            libraryModel.refresh();
        });
    }

    /**
     * Cancels the imports running now, if any: reading stops at its next block, nothing of the trace being imported is
     * stored (traces it finished before stay), and the part shown while it was read is closed.
     */
    public void cancelImport() {
        List.copyOf(imports).forEach(TaskHandle::cancel);
    }

    /**
     * Drops the imports that ended (an executor marks a handle done before its outcome is delivered, and a cancelled
     * one before its cancel actions run) and says whether any still runs.
     */
    private void importsChanged() {
        imports.removeIf(TaskHandle::isDone);
        importRunning.set(!imports.isEmpty());
    }

    /** Whether an import runs, whether or not what it read so far is shown: what {@link #cancelImport()} stops. */
    public ReadOnlyBooleanProperty importRunningProperty() {
        return importRunning.getReadOnlyProperty();
    }

    /** The trace of a snapshot of an import: not verified yet (that needs the whole trace), so shown as unverified. */
    private OpenedTrace preparePreview(Bundle soFar) {
        return OpenedTrace.prepare(soFar, lineageFactory.apply(soFar), TraceIntegrity.unverified(), List.of());
    }

    /**
     * Shows what an import read so far, unless the import ended (a preview prepared late) or another trace was asked
     * for since it started: the first time as an open does, later in place of the one before, keeping the run, the
     * cursor and the zoom.
     */
    private void showPreview(LatestWins.Deferred openWhenDone, java.util.concurrent.atomic.AtomicBoolean ended, OpenedTrace soFar) {
        if (ended.get() || !openWhenDone.isCurrent()) {
            return;
        }
        boolean replacing = selection.importing() && isOpen(soFar.bundle().manifest().traceId());
        preview = soFar;
        if (replacing) {
            keepingPlace(() -> show(soFar));
        } else {
            filter.useStoredSearch(null); // not stored yet: filters search the events in memory
            show(soFar);
        }
    }

    /** Closes the part of an import shown while it was read, if it is still the open trace. */
    private void closePreview() {
        if (selection.importing()) {
            selection.close();
        }
        preview = null;
        selection.setImporting(false);
    }

    /**
     * Opens another version of the open trace (one that grew) where the reviewer is: the same run and event, and the
     * same part of the timeline, or the whole run when the whole run was shown.
     */
    private void keepingPlace(Runnable open) {
        String run = currentRun();
        Event cursor = timeline.selectedEvent();
        long start = timeline.viewport().start();
        long span = timeline.viewport().span();
        boolean whole = span >= timeline.viewport().duration();
        // the cursor is cleared while the grown trace is shown and then put back: the inspector and the state panel
        // keep showing the event meanwhile instead of blinking empty at every part of an import
        keepingCursor = cursor != null;
        try {
            open.run();
            if (run != null) {
                selectRun(run);
            }
            if (cursor != null) {
                selectEvent(cursor.id());
            }
        } finally {
            keepingCursor = false;
        }
        if (cursor != null && timeline.selectedIndex() < 0) {
            showEvent(-1); // not in the grown trace's run after all
        }
        if (whole) {
            timeline.fit();
        } else {
            timeline.zoomTo(start, start + span);
        }
    }

    private record Failed(Path path, Throwable error) {

        void letGoOfTheRead() {
            if (error instanceof StoredOtherwiseException refused) {
                refused.close();
            }
        }
    }

    private record Batch(List<Imported> done, List<Failed> failed, Imported opened) {
    }

    /** @param path the location given to import (a trace, or the folder it was found in) */
    private record Imported(Path path, ImportResult result, OpenedTrace trace) {
    }


    /** Opens a stored trace and puts the cursor on one event of one run (from the escape queue). */
    public void openStoredAt(String traceId, String run, String eventId) {
        if (isOpen(traceId)) {
            latest.cancel(OPEN_TRACE);
            selectRun(run);
            selectEvent(eventId);
            return;
        }
        latest.claim(OPEN_TRACE).track(background.run("load-trace", "Opening " + traceId, progress -> loadOpened(traceId),
                trace -> showAt(traceId, trace, run, eventId),
                failure -> error.set(new UserError("Could not open " + traceId, null, 0, message(failure)))));
    }

    /** Loads a stored trace with its run lineage; call off the UI thread. */
    OpenedTrace loadOpened(String traceId) throws Exception {
        return prepare(library.load(traceId));
    }

    /**
     * The bundle ready to show, with the library's verdict on it (unverified when the library has none) and what its
     * importer could not read of its file; off the UI thread.
     */
    private OpenedTrace prepare(Bundle bundle) {
        String traceId = bundle.manifest().traceId();
        TraceIntegrity verdict;
        try {
            verdict = library.integrity(traceId).orElse(TraceIntegrity.unverified());
        } catch (java.io.IOException e) {
            verdict = TraceIntegrity.unverified(); // a verdict that cannot be read vouches for nothing; the banner says so
        }
        List<dev.forkline.trace.Finding> unread;
        try {
            unread = library.unreadParts(traceId);
        } catch (java.io.IOException e) {
            LOG.warn("cannot read what the import of '{}' could not read of its file", traceId, e);
            unread = List.of();
        }
        return OpenedTrace.prepare(bundle, lineageFactory.apply(bundle), verdict, unread);
    }

    /** Shows a trace just loaded, with this run (and event) selected. */
    private void showAt(String traceId, OpenedTrace trace, String run, String eventId) {
        libraryModel.refresh();
        openFromLibrary(traceId, trace);
        if (run != null) {
            selectRun(run);
        }
        if (eventId != null) {
            selectEvent(eventId);
        }
    }

    /**
     * Shows a trace loaded again after something was appended to it, with this run (and event) selected, if it is still
     * the one open: a replay or a decision that ends after the reviewer moved to another trace does not take the window
     * back; the library shows the grown trace either way.
     */
    void showReloaded(String traceId, OpenedTrace trace, String run, String eventId) {
        if (!isOpen(traceId)) {
            libraryModel.refresh();
            return;
        }
        latest.cancel(OPEN_TRACE);
        showAt(traceId, trace, run, eventId);
    }

    /** What the child view models may ask about traces beyond the selection. */
    private final class Reloads implements TraceReloads {
        @Override
        public OpenedTrace load(String traceId) throws Exception {
            return loadOpened(traceId);
        }

        @Override
        public void showAppended(String traceId, OpenedTrace trace, String run, String eventId) {
            showReloaded(traceId, trace, run, eventId);
        }

        @Override
        public void openAt(String traceId, String run, String eventId) {
            openStoredAt(traceId, run, eventId);
        }

        @Override
        public void appended() {
            escapeQueue.refresh();
        }
    }

    public boolean isOpen(String traceId) {
        return selection.isOpen(traceId);
    }

    public dev.forkline.trace.decision.TrustedKeys trustedKeys() {
        return trustedKeys.get();
    }

    /** A trace the library's search found by its events' text opens with that text in its own event search. */
    private void openFromLibrary(String traceId, OpenedTrace trace) {
        filter.useStoredSearch((query, stopped) -> library.searchEvents(traceId, query.text(), query.type(), query.actor(),
                query.errorsOnly(), stopped));
        show(trace);
        if (libraryModel.eventHits().containsKey(traceId)) {
            filter.textProperty().set(libraryModel.textProperty().get().strip());
        }
    }

    /**
     * Opens a bundle already in memory: builds its run lineage and shows its first root run, with the library's
     * verdict on the trace of that id (unverified when the library has none).
     */
    public void open(Bundle bundle) {
        latest.cancel(OPEN_TRACE);
        filter.useStoredSearch(null);
        show(prepare(bundle));
    }

    /**
     * Shows {@code trace}; then, unless it is what an import read so far, reads what its runs did to test files in the
     * background and shows it in the fork tree (a success stays "checking tests" until then, never green before it;
     * the same trace shown again keeps what was known of its runs meanwhile).
     */
    private void show(OpenedTrace trace) {
        OpenedTrace before = selection.trace();
        RunLineage lineage = trace.lineage();
        boolean grown = before != null && before != trace && before.bundle().manifest().traceId().equals(trace.bundle().manifest().traceId());
        if (grown) {
            lineage.assumeTestsOf(before.lineage()); // the same trace, grown: its badges keep what was known until checked
        }
        state.carryOver(grown ? before.lineage() : null);
        selection.show(trace);
        if (trace == preview || lineage.testsChecked()) {
            latest.cancel(CHECK_TESTS);
            return;
        }
        latest.execute(CHECK_TESTS, progress -> {
            lineage.checkTests();
            return lineage;
        }, checked -> {
            if (selection.trace() == trace) {
                forkTree.refreshNodes();
            }
        }, failure -> { /* checkTests says what it could not read in the nodes themselves */ });
    }

    // --- integrity --------------------------------------------------------------------------------------------------

    /** The open trace's integrity verdict and its problems; null when no trace is open. */
    public ReadOnlyObjectProperty<TraceIntegrity> integrityProperty() {
        return selection.integrityProperty();
    }

    public TraceIntegrity integrity() {
        return selection.integrity();
    }

    /** The run of the open trace's first bad event, or null when it has none (or it is not in the trace). */
    public String firstBreakRun() {
        OpenedTrace trace = selection.trace();
        TraceIntegrity verdict = selection.integrity();
        if (trace == null || verdict == null || verdict.verdict().eventId() == null) {
            return null;
        }
        var columns = trace.bundle().columns();
        int at = columns.idTable().indexOf(verdict.verdict().eventId());
        return at < 0 ? null : columns.run(at);
    }

    /** Shows the run of the first bad event with the cursor on it; false when the trace has none. */
    public boolean jumpToFirstBreak() {
        String run = firstBreakRun();
        if (run == null) {
            return false;
        }
        selectRun(run);
        return selectEvent(selection.integrity().verdict().eventId());
    }

    /**
     * Verifies the open trace again (the library stores the new verdict) against the keys trusted now, then shows the
     * new verdict, its marks and the library's badge.
     */
    public void verifyOpenedAgain() {
        OpenedTrace trace = selection.trace();
        if (trace == null) {
            return;
        }
        String traceId = trace.bundle().manifest().traceId();
        background.run("verify-trace", "Verifying " + traceId, progress -> library.reverify(traceId), verified -> {
            if (isOpen(traceId)) {
                selection.setIntegrity(verified);
                markAltered();
                showEvent(timeline.selectedIndex());
                recovery.refresh();
            }
            libraryModel.refresh();
            escapeQueue.refresh();
        }, failure -> error.set(new UserError("Could not verify " + traceId, null, 0, message(failure))));
    }

    /** Marks the events of the shown run that something is wrong with. */
    private void markAltered() {
        TraceIntegrity verdict = selection.integrity();
        RunEvents events = timeline.events();
        java.util.BitSet altered = new java.util.BitSet();
        if (verdict != null) {
            for (String id : verdict.eventIds()) {
                int position = events.positionOf(id);
                if (position >= 0) {
                    altered.set(position);
                }
            }
        }
        timeline.markAltered(altered.isEmpty() ? null : altered);
    }

    public void selectRun(String run) {
        selection.selectRun(run);
    }

    /** Asks the probe for the Docker engine's state in the background and shows it in the status bar. */
    public void checkDocker(dev.forkline.views.data.DockerProbe probe) {
        dockerState.set("Docker: checking…");
        executor.execute("docker-probe", progress -> probe.status(), status -> {
            dockerState.set(status.message());
            replay.dockerStatus(status);
        }, failure -> {
            var status = new dev.forkline.views.data.DockerProbe.Status(false, "Docker: unavailable (" + message(failure) + ")");
            dockerState.set(status.message());
            replay.dockerStatus(status);
        });
    }

    /** The current run side by side with its parent from the fork point; empty rows for a root run. */
    public RunComparison compareWithParent() {
        OpenedTrace trace = selection.trace();
        String run = currentRun();
        if (trace == null || run == null) {
            return new RunComparison(null, run, null, List.of(), -1);
        }
        return RunComparison.withParent(trace.lineage(), run);
    }

    /** Whether the current run has a parent to compare with. */
    public boolean canCompare() {
        OpenedTrace trace = selection.trace();
        String run = currentRun();
        return trace != null && run != null && trace.lineage().node(run) != null && trace.lineage().node(run).parentRun() != null;
    }

    /** Selects the event with this id in the current run, if it is there. */
    public boolean selectEvent(String eventId) {
        return selection.selectEvent(eventId);
    }

    /** Shows the run's timeline and starts its state pass in the background, so that the first step rarely waits. */
    private void showRun(String run) {
        OpenedTrace trace = selection.trace();
        if (trace == null || run == null) {
            timeline.setRun(RunEvents.empty(), TimelineModel.empty());
            return;
        }
        timeline.setRun(trace.lineage().events(run), trace.timeline(run));
        markAltered();
        if (trace != preview) {
            // a preview is replaced as the import goes on: its state is reconstructed when the reviewer steps, not ahead
            state.prepare(trace.lineage(), run);
        }
    }

    private void showEvent(int index) {
        if (index < 0 && keepingCursor) {
            return;
        }
        OpenedTrace trace = selection.trace();
        BlobSource blobs = trace == null ? BlobSource.NONE : trace.bundle().blobs();
        Event event = timeline.selectedEvent();
        TraceIntegrity verdict = selection.integrity();
        inspector.show(event, timeline.events(), blobs, event == null || verdict == null ? List.of() : verdict.problemsAbout(event.id()));
        state.update(trace == null ? null : trace.lineage(), forkTree.selectedRunProperty().get(), index, blobs);
        state.rebuilt().show(trace == null ? null : trace.bundle().manifest().traceId(), trace == null ? null : trace.lineage(),
                forkTree.selectedRunProperty().get(), index, blobs);
    }

    /**
     * The dialog asking for what an imported session's replay needs (its starting tree first), for the shown run, or
     * null when the run is not an imported one: for a replay, the checkpoint "Replay from here" starts from must be one
     * whose files are supplied. Its answers, once read, start the replay or rebuild the state panel's workspace.
     */
    public SessionSetupViewModel sessionSetup(SessionSetupViewModel.Purpose purpose) {
        OpenedTrace trace = selection.trace();
        String run = currentRun();
        if (trace == null || run == null) {
            return null;
        }
        java.util.Optional<SuppliedStart> start = purpose == SessionSetupViewModel.Purpose.REPLAY
                ? replay.suppliedStartForSelection() : SuppliedStart.of(trace.lineage(), run);
        if (start.isEmpty()) {
            return null;
        }
        String traceId = trace.bundle().manifest().traceId();
        SessionSetupViewModel form = new SessionSetupViewModel(traceId, start.get(), purpose, executor, startingTrees, rememberedSetups, ready -> {
            if (isOpen(traceId)) {
                state.rebuilt().setupChanged();
            }
            if (purpose == SessionSetupViewModel.Purpose.REPLAY) {
                replay.replayImported(start.get(), ready);
            }
        });
        replay.listImages(form.images());
        return form;
    }

    static String message(Throwable failure) {
        if (HeapExhaustion.causedBy(failure)) {
            return HeapExhaustion.message();
        }
        return failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
    }

    /**
     * "Connect to team store…": the form, remembering the address in the settings; {@code connected} gets the opened
     * store on the UI thread.
     */
    public TeamStoreViewModel teamStore(java.util.function.Consumer<dev.forkline.views.data.TeamStoreConnection.Opened> connected) {
        return new TeamStoreViewModel(executor, settings, System.getenv("FORKLINE_DB"), connected);
    }

    // --- accessors --------------------------------------------------------------------------------------------------

    /** The one current selection (open trace, run, event) every panel follows. */
    public TraceSelection selection() {
        return selection;
    }

    public ReadOnlyObjectProperty<OpenedTrace> openedProperty() {
        return selection.traceProperty();
    }

    public OpenedTrace opened() {
        return selection.trace();
    }

    public String currentRun() {
        return selection.run();
    }

    public LibraryViewModel library() {
        return libraryModel;
    }

    public String libraryLocation() {
        return library.location();
    }

    public ForkTreeViewModel forkTree() {
        return forkTree;
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    public FilterViewModel filter() {
        return filter;
    }

    public InspectorViewModel inspector() {
        return inspector;
    }

    public StatePanelViewModel state() {
        return state;
    }

    public RecentFiles recentFiles() {
        return recentFiles;
    }

    public ObjectProperty<ThemeChoice> themeProperty() {
        return theme;
    }

    public ReadOnlyStringProperty dockerStateProperty() {
        return dockerState.getReadOnlyProperty();
    }

    /** The user-visible background tasks: how many run, the newest one's message and progress. */
    public BackgroundWork background() {
        return background;
    }

    public ReadOnlyStringProperty backgroundMessageProperty() {
        return background.messageProperty();
    }

    public ReadOnlyDoubleProperty backgroundProgressProperty() {
        return background.progressProperty();
    }

    /** Whether any user-visible background task runs. */
    public ReadOnlyBooleanProperty busyProperty() {
        return background.busyProperty();
    }

    /**
     * Whether the open trace is what an import has read so far: it grows as the import goes on and is replaced by the
     * stored trace at its end (the "importing" badge).
     */
    public ReadOnlyBooleanProperty previewingProperty() {
        return selection.importingProperty();
    }

    /** What became of the last import when it did not end by opening its trace (it was cancelled); empty otherwise. */
    public ReadOnlyStringProperty importNoticeProperty() {
        return importNotice.getReadOnlyProperty();
    }

    /** The last error to show the user; null until there is one. */
    public ReadOnlyObjectProperty<UserError> errorProperty() {
        return error.getReadOnlyProperty();
    }

    public javafx.beans.binding.BooleanBinding replayAvailableProperty() {
        return replay.availableProperty();
    }

    public ReadOnlyStringProperty replayUnavailableReasonProperty() {
        return replay.unavailableReasonProperty();
    }

    public ReplayViewModel replay() {
        return replay;
    }

    public EscapeQueueViewModel escapeQueue() {
        return escapeQueue;
    }

    /** What other processes write while the window is open: live traces, new approval requests, following the tail. */
    public LiveSessionsViewModel live() {
        return live;
    }

    /** Where replays, forks and decisions write, the reviewer's say in it, and Save bundle as…. */
    public BundleWrites bundleWrites() {
        return bundleWrites;
    }

    /** Pinning a failure's why to one of its causes. */
    public CauseNotesViewModel causeNotes() {
        return causeNotes;
    }

    public RecoveryViewModel recovery() {
        return recovery;
    }
}
