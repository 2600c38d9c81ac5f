package dev.forkline.views.shell;

import dev.forkline.views.viewmodel.StepScope;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.TimelineViewModel;
import dev.forkline.views.viewmodel.UserError;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import dev.forkline.views.data.RunNode;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.controlsfx.control.BreadCrumbBar;
import org.controlsfx.control.StatusBar;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The main window's content, built in code: menu, library (left), breadcrumb, filter bar, timeline and state panel
 * (centre), fork tree and inspector (right), status bar. It only binds to and forwards events to the
 * {@link WorkbenchViewModel}.
 */
public final class WorkbenchView extends BorderPane {

    private final WorkbenchViewModel model;
    final LibraryPane library;
    final ForkTreePane forkTree;
    final InspectorPane inspector;
    final StatePane state;
    final FilterBar filterBar;
    final PlaybackBar playback;
    final TimelineCanvas timelineCanvas;
    final BreadCrumbBar<RunNode> breadcrumb = new BreadCrumbBar<>();
    final StatusBar statusBar = new StatusBar();
    final BundleWritesUi bundleWrites;
    final Menu runMenu = new Menu("Run");
    final ReplayPane replayPane;
    final IntegrityBanner integrityBanner;
    final UnreadPartsBanner unreadPartsBanner;
    final Label replayIntegrityWarning = new Label();
    final RecoveryPane recoveryPane;
    final javafx.scene.control.TabPane bottomTabs = new javafx.scene.control.TabPane();
    final javafx.scene.control.Tab stateTab;
    final javafx.scene.control.Tab replayTab;
    final javafx.scene.control.Tab recoveryTab;
    final javafx.scene.control.Button queueButton = new javafx.scene.control.Button();
    javafx.stage.Stage queueStage;
    EscapeQueuePane queuePane;
    final LiveSessionsUi liveUi;
    javafx.stage.Stage decisionStage;
    DecisionPane decisionPane;
    javafx.stage.Stage forkStage;
    ForkEditPane forkPane;
    ComparePane comparePane;
    javafx.scene.control.TextInputDialog pinDialog;
    javafx.stage.Stage setupStage;
    SessionSetupPane setupPane;
    javafx.stage.Stage teamStoreStage;
    TeamStorePane teamStorePane;
    private java.util.function.Consumer<dev.forkline.views.data.TeamStoreConnection.Opened> teamStoreSwitch;
    private final Menu recentMenu = new Menu("Recent");
    private final WindowFactory windows;
    private boolean dark;

    public WorkbenchView(WorkbenchViewModel model) {
        this.model = model;
        this.bundleWrites = new BundleWritesUi(model, this::window);
        getStyleClass().add("workbench");
        getStylesheets().add(Objects.requireNonNull(WorkbenchView.class.getResource("/dev/forkline/views/workbench.css")).toExternalForm());
        windows = new WindowFactory(this::window, getStylesheets());
        TimelineViewModel timeline = model.timeline();

        library = new LibraryPane(model.library(), model.selection(), trace -> model.openStored(trace.traceId()));
        forkTree = new ForkTreePane(model.forkTree());
        inspector = new InspectorPane(model.inspector());
        inspector.onOpenEvent(id -> model.selectEvent(id));
        inspector.onPinCause(cause -> pinDialog = PinCauseDialog.show(window(), model.causeNotes(), model.timeline().selectedEvent().id(), cause));
        inspector.pinStatus.textProperty().bind(model.causeNotes().messageProperty());
        state = new StatePane(model.state());
        state.onGiveStartingTree(() -> showSessionSetup(dev.forkline.views.viewmodel.SessionSetupViewModel.Purpose.SHOW_WORKSPACE));
        filterBar = new FilterBar(model.filter(), timeline);
        playback = new PlaybackBar(timeline);
        timelineCanvas = new TimelineCanvas(timeline);
        timelineCanvas.setId("timeline");
        // until the first part read is shown, or the trace is stored when no part of it can be, the timeline is empty
        timelineCanvas.placeholderProperty().bind(Bindings.when(model.importRunningProperty())
                .then("Importing: the trace opens here once it is stored (see the status bar)")
                .otherwise(dev.forkline.views.timeline.render.TimelineRenderer.NO_TRACE));
        LaneLinks.install(timelineCanvas, timeline);

        breadcrumb.setId("breadcrumb");
        breadcrumb.setAutoNavigationEnabled(false);
        breadcrumb.setCrumbFactory(item -> {
            RunNode node = item.getValue();
            return new BreadCrumbBar.BreadCrumbButton(node == null ? "" : node.run() + " · " + node.originLabel());
        });
        model.forkTree().breadcrumb().addListener((javafx.collections.ListChangeListener<RunNode>) c -> updateBreadcrumb());
        breadcrumb.setOnCrumbAction(e -> model.selectRun(e.getSelectedCrumb().getValue().run()));
        Label traceTitle = new Label();
        traceTitle.getStyleClass().add("trace-heading");
        traceTitle.textProperty().bind(model.openedProperty().map(t -> t.bundle().manifest().title()).orElse("No trace open"));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        queueButton.setId("queue-button");
        queueButton.setGraphic(Icons.of(Material2MZ.SECURITY));
        queueButton.textProperty().bind(model.escapeQueue().badgeProperty());
        queueButton.getStyleClass().add("queue-button");
        model.escapeQueue().openTraceCountProperty().addListener((obs, old, n) -> queueButton.pseudoClassStateChanged(
                javafx.css.PseudoClass.getPseudoClass("waiting"), n.intValue() > 0));
        queueButton.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("waiting"), model.escapeQueue().openTraceCountProperty().get() > 0);
        javafx.scene.control.Tooltip queueTip = new javafx.scene.control.Tooltip();
        queueTip.textProperty().bind(Bindings.createStringBinding(() -> "Approval requests, escape attempts and external effects of "
                + "unknown outcome waiting for a signed decision: " + (model.opened() == null ? ""
                : model.escapeQueue().openTraceCountProperty().get() + " in the open trace, ")
                + model.escapeQueue().countProperty().get() + " across the library",
                model.openedProperty(), model.escapeQueue().openTraceCountProperty(), model.escapeQueue().countProperty()));
        queueButton.setTooltip(queueTip);
        queueButton.setOnAction(e -> showEscapeQueue());
        traceTitle.setMinWidth(120);
        FullText.whenCut(traceTitle);
        breadcrumb.setMinWidth(Region.USE_PREF_SIZE);
        queueButton.setMinWidth(Region.USE_PREF_SIZE);
        liveUi = new LiveSessionsUi(model.live(), model.escapeQueue(), this, this::window);
        library.markLive(model.live().liveTraces());
        HBox header = new HBox(12, traceTitle, liveUi.titleBadge, importingBadge(), breadcrumb, spacer, liveUi.follow,
                cancelImport(), queueButton);
        liveUi.start();
        header.setAlignment(Pos.CENTER_LEFT);
        header.setPadding(new Insets(8, 10, 2, 10));
        header.getStyleClass().add("run-header");

        integrityBanner = new IntegrityBanner(model);
        unreadPartsBanner = new UnreadPartsBanner(model);
        VBox timelineBox = new VBox(integrityBanner, unreadPartsBanner, new ChangedElsewhereBanner(model.live()), header, playback,
                filterBar, timelineCanvas);
        VBox.setVgrow(timelineCanvas, Priority.ALWAYS);
        timelineBox.getStyleClass().add("timeline-box");
        PaneWidths.shrinkable(timelineBox);
        replayPane = new ReplayPane(model.replay());
        recoveryPane = new RecoveryPane(model.recovery());
        stateTab = new javafx.scene.control.Tab("State", state);
        stateTab.setGraphic(Icons.of(Material2AL.LAYERS));
        replayIntegrityWarning.setId("replay-integrity-warning");
        replayIntegrityWarning.getStyleClass().add("replay-integrity-warning");
        replayIntegrityWarning.setWrapText(true);
        replayIntegrityWarning.textProperty().bind(model.integrityProperty().map(integrity -> !integrity.verdict().altered() ? ""
                : "This trace is altered (first at event " + integrity.verdict().eventId() + "): a replay starts from events that do not "
                + "match what was recorded, so its result cannot vouch for the original run.").orElse(""));
        replayIntegrityWarning.visibleProperty().bind(replayIntegrityWarning.textProperty().isNotEmpty());
        replayIntegrityWarning.managedProperty().bind(replayIntegrityWarning.visibleProperty());
        VBox replayBox = new VBox(replayIntegrityWarning, replayPane);
        VBox.setVgrow(replayPane, Priority.ALWAYS);
        replayTab = new javafx.scene.control.Tab("Replay", replayBox);
        replayTab.setGraphic(Icons.of(Material2MZ.REPLAY));
        recoveryTab = new javafx.scene.control.Tab("Recovery & gate", recoveryPane);
        recoveryTab.setGraphic(Icons.of(Material2MZ.VERIFIED_USER));
        bottomTabs.getTabs().addAll(stateTab, replayTab, recoveryTab);
        TabsBuiltWhenSelected.apply(bottomTabs);
        model.recovery().shownProperty().bind(recoveryTab.selectedProperty());
        bottomTabs.setTabClosingPolicy(javafx.scene.control.TabPane.TabClosingPolicy.UNAVAILABLE);
        bottomTabs.setId("bottom-tabs");
        model.replay().runningProperty().addListener((obs, old, running) -> {
            if (running) {
                bottomTabs.getSelectionModel().select(replayTab);
            }
        });
        model.replay().failureProperty().addListener((obs, old, failure) -> {
            if (failure != null) {
                bottomTabs.getSelectionModel().select(replayTab);
            }
        });
        SplitPane centre = new SplitPane(timelineBox, bottomTabs);
        centre.setOrientation(Orientation.VERTICAL);
        centre.setDividerPositions(0.56);

        SplitPane right = new SplitPane(forkTree, inspector);
        right.setOrientation(Orientation.VERTICAL);
        right.setDividerPositions(0.24);

        SplitPane main = new SplitPane(library, centre, right);
        main.setDividerPositions(0.16, 0.70);
        SplitPane.setResizableWithParent(library, false);
        PaneWidths.fix(library, centre, right);

        MenuItem compareFromTree = new MenuItem("Compare with parent run", Icons.of(Material2AL.COMPARE_ARROWS));
        compareFromTree.setOnAction(e -> showComparison());
        MenuItem hideRun = new MenuItem("Hide run", Icons.of(Material2MZ.VISIBILITY_OFF));
        hideRun.setId("hide-run");
        hideRun.setOnAction(e -> {
            String run = model.currentRun();
            if (model.forkTree().isHidden(run)) {
                model.forkTree().unhide(run);
            } else {
                model.forkTree().hide(run);
            }
        });
        javafx.scene.control.ContextMenu treeMenu = new javafx.scene.control.ContextMenu(compareFromTree, hideRun, new SeparatorMenuItem());
        treeMenu.getItems().addAll(runActions());
        treeMenu.setOnShowing(e -> {
            compareFromTree.setDisable(!model.canCompare());
            hideRun.setText(model.forkTree().isHidden(model.currentRun()) ? "Show run again" : "Hide run");
            hideRun.setDisable(!model.forkTree().canHide(model.currentRun()));
        });
        forkTree.tree.setContextMenu(treeMenu);
        javafx.scene.control.ContextMenu timelineMenu = new javafx.scene.control.ContextMenu();
        timelineMenu.getItems().addAll(runActions());
        // on press of the secondary button (where Linux opens context menus): select the mark's event, then offer the actions
        timelineCanvas.canvas().addEventHandler(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() != javafx.scene.input.MouseButton.SECONDARY) {
                return;
            }
            int event = timelineCanvas.eventAt(e.getX(), e.getY());
            if (event >= 0) {
                timeline.select(event);
            }
            timelineMenu.show(timelineCanvas.canvas(), e.getScreenX(), e.getScreenY());
            e.consume();
        });

        setTop(menuBar());
        setCenter(main);
        setBottom(statusBar());

        timeline.selectedIndexProperty().addListener(obs -> updatePosition());
        timeline.eventsProperty().addListener(obs -> updatePosition());
        updatePosition();
        model.errorProperty().addListener((obs, old, error) -> {
            if (error != null) {
                library.followSelection();
                showError(error);
            }
        });
        // forms made for an event of the trace shown go with it when another trace is opened
        model.openedProperty().addListener((obs, old, now) -> closeFormsOfAnotherTrace());
    }

    private void closeFormsOfAnotherTrace() {
        if (forkStage != null && forkPane != null && !model.isOpen(forkPane.traceId())) {
            forkStage.close();
        }
        if (setupStage != null && setupPane != null && !model.isOpen(setupPane.traceId())) {
            setupStage.close();
        }
    }

    private void updateBreadcrumb() {
        List<RunNode> path = model.forkTree().breadcrumb();
        if (path.isEmpty()) {
            breadcrumb.setSelectedCrumb(null);
            return;
        }
        breadcrumb.setSelectedCrumb(BreadCrumbBar.buildTreeModel(path.toArray(RunNode[]::new)));
    }

    private void updatePosition() {
        TimelineViewModel timeline = model.timeline();
        int index = timeline.selectedIndex();
        int total = timeline.events().size();
        // the selected event's id is the inspector's: a long one here would crowd out the controls
        playback.position.setText(index < 0 ? String.format(Locale.ROOT, "%,d events", total)
                : String.format(Locale.ROOT, "%,d / %,d", index + 1, total));
    }

    /** What "Connect to team store…" does with the opened store: the window shell shows the team's library. */
    public void onTeamStoreConnected(java.util.function.Consumer<dev.forkline.views.data.TeamStoreConnection.Opened> action) {
        teamStoreSwitch = action;
    }

    void showTeamStore() {
        if (teamStoreStage != null && teamStoreStage.isShowing()) {
            teamStoreStage.toFront();
            return;
        }
        teamStorePane = new TeamStorePane(model.teamStore(opened -> {
            teamStoreStage.hide();
            if (teamStoreSwitch != null) {
                teamStoreSwitch.accept(opened);
            } else {
                opened.store().close();
            }
        }));
        teamStoreStage = windows.createFitted(null, "connect to team store", teamStorePane, 560, true);
        teamStoreStage.show();
    }

    // --- menus ----------------------------------------------------------------------------------------------------

    private MenuBar menuBar() {
        MenuItem open = new MenuItem("Open/Import file…", Icons.of(Material2AL.FOLDER_OPEN));
        open.setAccelerator(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN));
        open.setOnAction(e -> chooseFile());
        MenuItem openFolder = new MenuItem("Open/Import bundle folder…", Icons.of(Material2AL.FOLDER));
        openFolder.setOnAction(e -> chooseFolder());
        model.recentFiles().files().addListener((javafx.collections.ListChangeListener<Path>) c -> updateRecent());
        updateRecent();
        MenuItem export = new MenuItem("Export report…", Icons.of(Material2AL.DESCRIPTION));
        export.disableProperty().bind(model.openedProperty().isNull());
        export.setOnAction(e -> chooseReport());
        MenuItem cancelImport = new MenuItem("Cancel import", Icons.of(Material2MZ.STOP));
        cancelImport.setId("cancel-import-item");
        cancelImport.disableProperty().bind(model.importRunningProperty().not());
        cancelImport.setOnAction(e -> model.cancelImport());
        MenuItem quit = new MenuItem("Quit");
        quit.setAccelerator(new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN));
        quit.setOnAction(e -> Platform.exit());
        MenuItem teamStore = new MenuItem("Connect to team store…", Icons.of(Material2AL.CLOUD));
        teamStore.setId("team-store-item");
        teamStore.setOnAction(e -> showTeamStore());
        Menu file = new Menu("File", null, open, openFolder, recentMenu, cancelImport, new SeparatorMenuItem(),
                bundleWrites.saveAsItem(), export, new SeparatorMenuItem(), teamStore, new SeparatorMenuItem(), quit);

        ToggleGroup themes = new ToggleGroup();
        Menu theme = new Menu("Theme", Icons.of(Material2AL.BRIGHTNESS_6));
        for (ThemeChoice choice : ThemeChoice.values()) {
            RadioMenuItem item = new RadioMenuItem(switch (choice) {
                case LIGHT -> "Light";
                case DARK -> "Dark";
                case FOLLOW_OS -> "Follow system";
            });
            item.setToggleGroup(themes);
            item.setSelected(model.themeProperty().get() == choice);
            item.setOnAction(e -> model.themeProperty().set(choice));
            model.themeProperty().addListener((obs, old, now) -> item.setSelected(now == choice));
            theme.getItems().add(item);
        }
        TimelineViewModel timeline = model.timeline();
        MenuItem find = new MenuItem("Find…", Icons.of(Material2MZ.SEARCH));
        find.setAccelerator(new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN));
        find.setOnAction(e -> filterBar.text.requestFocus());
        Menu view = new Menu("View", null, theme, new SeparatorMenuItem());
        view.getItems().addAll(Shortcuts.zoomItems(timeline));
        view.getItems().add(find);
        Menu navigate = Shortcuts.navigateMenu(timeline);

        MenuItem compare = new MenuItem("Compare with parent run", Icons.of(Material2AL.COMPARE_ARROWS));
        compare.setOnAction(e -> showComparison());
        MenuItem queue = new MenuItem("Escape queue…", Icons.of(Material2MZ.SECURITY));
        queue.setOnAction(e -> showEscapeQueue());
        runMenu.setOnShowing(e -> compare.setDisable(!model.canCompare()));
        runMenu.getItems().setAll(compare, new SeparatorMenuItem());
        runMenu.getItems().addAll(runActions());
        runMenu.getItems().addAll(new SeparatorMenuItem(), queue);

        MenuItem keys = new MenuItem("Keyboard shortcuts", Icons.of(Material2AL.KEYBOARD));
        keys.setOnAction(e -> showShortcuts());
        Menu help = new Menu("Help", null, keys);
        help.getItems().addAll(HelpMenu.items(this::window));
        MenuBar bar = new MenuBar(file, view, navigate, runMenu, help);
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    /** Opens the current run and its parent side by side in a window of its own. */
    public void showComparison() {
        comparePane = new ComparePane(model.compareWithParent(), (run, event) -> {
            model.selectRun(run);
            model.selectEvent(event);
        });
        windows.create("compare runs", comparePane, 1100, 640).show();
    }

    /**
     * Replay from here, Fork with edit…, Revert to here, each disabled while it cannot act on the selection (no
     * checkpoint, no engine, a replay running), with the reason on a line of its own under them: a menu item shows no
     * tooltip, and a disabled control none at all.
     */
    private List<MenuItem> runActions() {
        var replay = model.replay();
        var guard = replay.guard();
        MenuItem replayHere = new MenuItem("Replay from here", Icons.of(Material2MZ.REPLAY));
        replayHere.setId("action-replay");
        replayHere.disableProperty().bind(guard.replayBlockedProperty().isNotNull());
        // an imported session's start needs the tree it started from: the action asks for it first
        replayHere.textProperty().bind(Bindings.when(replay.startsFromSuppliedTreeProperty()).then("Replay from here…").otherwise("Replay from here"));
        replayHere.setOnAction(e -> {
            if (replay.startsFromSuppliedTreeProperty().get()) {
                showSessionSetup(dev.forkline.views.viewmodel.SessionSetupViewModel.Purpose.REPLAY);
            } else {
                replay.replayFromHere();
            }
        });
        MenuItem fork = new MenuItem("Fork with edit…", Icons.of(Material2AL.CALL_SPLIT));
        fork.setId("action-fork");
        fork.disableProperty().bind(guard.forkBlockedProperty().isNotNull());
        fork.setOnAction(e -> showForkEdit());
        MenuItem revert = new MenuItem("Revert to here…", Icons.of(Material2MZ.UNDO));
        revert.setId("action-revert");
        revert.disableProperty().bind(guard.revertBlockedProperty().isNotNull());
        revert.setOnAction(e -> chooseRevert());
        MenuItem whyReplay = ActionReasons.line("why-replay", "Replay: ", guard.replayBlockedProperty(), null);
        MenuItem whyFork = ActionReasons.line("why-fork", "Fork: ", guard.forkBlockedProperty(), guard.replayBlockedProperty());
        MenuItem whyRevert = ActionReasons.line("why-revert", "Revert: ", guard.revertBlockedProperty(), guard.replayBlockedProperty());
        return List.of(replayHere, fork, revert, whyReplay, whyFork, whyRevert);
    }

    /** Opens the Fork with edit… window for the selected event. */
    public void showForkEdit() {
        var form = model.replay().editSelected();
        if (form == null) {
            return;
        }
        if (forkStage != null) {
            forkStage.close();
        }
        forkPane = new ForkEditPane(form, () -> forkStage.close());
        forkStage = windows.create("fork with edit", forkPane, 720, 520);
        forkStage.show();
    }

    /**
     * Opens the dialog asking what replaying the shown imported session needs (its starting tree first), for a replay
     * or for the state panel's workspace; does nothing for a recorded run.
     */
    public void showSessionSetup(dev.forkline.views.viewmodel.SessionSetupViewModel.Purpose purpose) {
        var form = model.sessionSetup(purpose);
        if (form == null) {
            return;
        }
        if (setupStage != null) {
            setupStage.close();
        }
        setupPane = new SessionSetupPane(form, () -> setupStage.close());
        setupStage = windows.createFitted(null, purpose == dev.forkline.views.viewmodel.SessionSetupViewModel.Purpose.REPLAY
                ? "replay an imported session" : "the starting tree", setupPane, 820, true);
        setupStage.show();
    }

    /** Asks where to restore the checkpoint: a new or empty directory, or a container kept running. */
    private void chooseRevert() {
        var checkpoint = model.replay().checkpointForSelection();
        if (checkpoint.isEmpty()) {
            model.replay().revertToHere(null);
            return;
        }
        javafx.scene.control.ButtonType directory = new javafx.scene.control.ButtonType("Into a directory…");
        javafx.scene.control.ButtonType container = new javafx.scene.control.ButtonType("Into a container");
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, "", directory, container, javafx.scene.control.ButtonType.CANCEL);
        ask.initOwner(window());
        ask.setTitle("Revert to here");
        ask.setHeaderText("Restore checkpoint " + dev.forkline.views.viewmodel.ReplayTargets.checkpointName(checkpoint.get())
                + " of " + model.currentRun());
        ask.setContentText("Into a new or empty directory on this machine, or into a container kept running for inspection"
                + (model.replay().dockerReadyProperty().get() ? "." : " (needs Docker: " + model.replay().unavailableReasonProperty().get() + ")."));
        ask.getDialogPane().lookupButton(container).setDisable(!model.replay().dockerReadyProperty().get());
        ask.showAndWait().ifPresent(answer -> {
            if (answer == container) {
                model.replay().revertToHere(null);
            } else if (answer == directory) {
                DirectoryChooser chooser = new DirectoryChooser();
                chooser.setTitle("Restore the checkpoint into (a new or empty directory)");
                File folder = chooser.showDialog(window());
                if (folder != null) {
                    model.replay().revertToHere(folder.toPath());
                }
            }
        });
    }

    /** Opens (or brings forward) the escape queue window. */
    public void showEscapeQueue() {
        model.escapeQueue().refresh();
        if (queueStage == null) {
            queuePane = new EscapeQueuePane(model.escapeQueue(), this::showDecision);
            queueStage = windows.create("escape queue", queuePane, 1280, 460);
            queueStage.setOnHidden(null); // kept and shown again: it stays themed
        }
        queueStage.show();
        queueStage.toFront();
    }

    /** Opens the Decide… window for a queue item. */
    public void showDecision(dev.forkline.trace.decision.QueueItem item) {
        var form = model.escapeQueue().decide(item);
        decisionPane = new DecisionPane(form, model.escapeQueue().traceTitle(item), () -> decisionStage.close());
        decisionStage = windows.createFitted(queueStage, "decide " + item.eventId(), decisionPane, 640, false);
        decisionStage.show();
    }

    private void chooseReport() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the postmortem report");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("HTML", "*.html"));
        var trace = model.opened();
        if (trace != null) {
            chooser.setInitialFileName(trace.bundle().manifest().traceId().replaceAll("[^A-Za-z0-9._-]", "_") + "-postmortem.html");
        }
        File file = chooser.showSaveDialog(window());
        if (file != null) {
            model.recovery().exportReport(file.toPath());
        }
    }


    private void updateRecent() {
        recentMenu.getItems().clear();
        for (Path path : model.recentFiles().files()) {
            MenuItem item = new MenuItem(path.toString());
            item.setOnAction(e -> model.importFile(path));
            recentMenu.getItems().add(item);
        }
        recentMenu.setDisable(recentMenu.getItems().isEmpty());
    }

    private void chooseFile() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open or import a trace");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Traces", "*.zip", "*.jsonl", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        File file = chooser.showOpenDialog(window());
        if (file != null) {
            model.importFile(file.toPath());
        }
    }

    private void chooseFolder() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Open a trace bundle folder");
        File folder = chooser.showDialog(window());
        if (folder != null) {
            model.importFile(folder.toPath());
        }
    }

    private Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }

    private void showShortcuts() {
        Shortcuts.dialog(window()).show();
    }

    private void showError(UserError error) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.initOwner(window());
        alert.setTitle("Forkline");
        alert.setHeaderText(error.title());
        alert.setContentText((error.location().isEmpty() ? "" : error.location() + "\n\n") + error.detail());
        alert.getDialogPane().setId("error-dialog");
        if (error.offer() != null) {
            ButtonType offered = new ButtonType(error.offer().label(), ButtonBar.ButtonData.OTHER);
            alert.getButtonTypes().setAll(offered, ButtonType.CLOSE);
            alert.getDialogPane().lookupButton(offered).setId("error-offer");
            // the way out is chosen, never taken by a key pressed for the dialog: Enter and the focus are Close's
            Button close = (Button) alert.getDialogPane().lookupButton(ButtonType.CLOSE);
            close.setDefaultButton(true);
            alert.setOnShown(e -> close.requestFocus());
            alert.setOnHidden(e -> {
                if (alert.getResult() == offered) {
                    error.offer().action().run();
                } else {
                    error.offer().declined().run();
                }
            });
        }
        alert.show();
    }

    // --- a trace shown while it is imported ---------------------------------------------------------------------

    /** An "importing" pill by the title while the open trace is what an import has read so far. */
    private Label importingBadge() {
        Label badge = Pills.pill("importing", "accent");
        badge.setId("importing-badge");
        badge.setTooltip(new Tooltip("Still being imported: the timeline grows as the file is read, and the stored trace "
                + "replaces it when the import ends"));
        badge.visibleProperty().bind(model.previewingProperty());
        badge.managedProperty().bind(model.previewingProperty());
        return badge;
    }

    /**
     * Cancels the running import, whether what it read so far is shown or not (a file read whole first, such as a zip,
     * shows nothing until it is stored): nothing of it is stored.
     */
    private Button cancelImport() {
        Button cancel = new Button("Cancel import", Icons.of(Material2MZ.STOP));
        cancel.setId("import-cancel");
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        cancel.visibleProperty().bind(model.importRunningProperty());
        cancel.managedProperty().bind(model.importRunningProperty());
        cancel.setOnAction(e -> model.cancelImport());
        return cancel;
    }

    // --- status bar -----------------------------------------------------------------------------------------------

    private StatusBar statusBar() {
        statusBar.setText("Library: " + model.libraryLocation());
        Label docker = new Label();
        docker.textProperty().bind(model.dockerStateProperty());
        docker.setGraphic(Icons.of(Material2AL.DNS, 14));
        Label work = new Label();
        work.textProperty().bind(model.backgroundMessageProperty());
        ProgressBar progress = new ProgressBar();
        progress.setPrefWidth(140);
        progress.setMinWidth(Region.USE_PREF_SIZE); // the labels beside it give way first, with an ellipsis
        progress.progressProperty().bind(model.backgroundProgressProperty());
        progress.visibleProperty().bind(model.busyProperty());
        Label db = new Label();
        db.setGraphic(Icons.of(Material2MZ.STORAGE, 14));
        statusBar.setGraphic(db);
        Label report = new Label();
        report.setId("report-status");
        report.textProperty().bind(model.recovery().reportMessageProperty());
        Label importNotice = new Label();
        importNotice.setId("import-notice");
        importNotice.textProperty().bind(model.importNoticeProperty());
        statusBar.getRightItems().addAll(bundleWrites.lastWriteLabel(), new Label("   "), report, new Label("   "), importNotice,
                new Label("   "), work, progress,
                new Label("   "), docker);
        return statusBar;
    }

    // --- keyboard and drag-and-drop -------------------------------------------------------------------------------

    /** Installs the window-wide keys and file drops on the scene; call once after creating the scene. */
    public void install(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
        // keys typed into a text field are text: they must not reach the menus' single-key accelerators (J, F, Space...)
        scene.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getTarget() instanceof TextInputControl && !e.isShortcutDown() && !e.isAltDown()) {
                e.consume();
            }
        });
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            boolean accepted = e.getDragboard().hasFiles();
            if (accepted) {
                e.getDragboard().getFiles().forEach(f -> model.importFile(f.toPath()));
            }
            e.setDropCompleted(accepted);
            e.consume();
        });
    }

    private void onKey(KeyEvent e) {
        if (e.getTarget() instanceof TextInputControl) {
            return;
        }
        TimelineViewModel timeline = model.timeline();
        StepScope scope = e.isShiftDown() ? StepScope.TOOL_CALLS
                : e.isControlDown() || e.isAltDown() || e.isMetaDown() ? StepScope.FAILURES : StepScope.ALL;
        KeyCode code = e.getCode();
        boolean steps = code == KeyCode.LEFT || code == KeyCode.RIGHT || code == KeyCode.K || code == KeyCode.J;
        if (!steps && (e.isShortcutDown() || e.isControlDown() || e.isAltDown() || e.isMetaDown())) {
            return; // the other keys are single-key shortcuts: with a modifier they are the menus' accelerators (Ctrl+F)
        }
        boolean handled = true;
        switch (code) {
            case LEFT, K -> timeline.step(-1, scope);
            case RIGHT, J -> timeline.step(+1, scope);
            case F -> timeline.zoomToSelection();
            case OPEN_BRACKET -> timeline.step(-1, StepScope.SAME_ACTOR);
            case CLOSE_BRACKET -> timeline.step(+1, StepScope.SAME_ACTOR);
            case HOME -> timeline.home();
            case END -> timeline.end();
            case SPACE -> timeline.togglePlay();
            case PLUS, EQUALS, ADD -> timeline.zoomAroundCursor(1.5);
            case MINUS, SUBTRACT -> timeline.zoomAroundCursor(1 / 1.5);
            case DIGIT0, NUMPAD0 -> timeline.fit();
            default -> handled = false;
        }
        if (handled) {
            e.consume();
        }
    }

    // --- theme ----------------------------------------------------------------------------------------------------

    /** Applies light or dark to the whole application and the timeline canvas. */
    public void applyTheme(boolean darkTheme) {
        this.dark = darkTheme;
        Themes.apply(darkTheme);
        timelineCanvas.paletteProperty().set(Themes.palette(darkTheme));
        getStyleClass().removeAll("theme-dark", "theme-light");
        getStyleClass().add(darkTheme ? "theme-dark" : "theme-light");
        windows.applyTheme(darkTheme);
    }

    public boolean isDark() {
        return dark;
    }

    public TimelineCanvas timelineCanvas() {
        return timelineCanvas;
    }

    public javafx.scene.Node forkTreeNode() {
        return forkTree;
    }

    public javafx.scene.Node inspectorNode() {
        return inspector;
    }

    public javafx.scene.Node statePanelNode() {
        return state;
    }

    public javafx.scene.Node replayPanelNode() {
        return replayPane;
    }

    public javafx.scene.Node recoveryPanelNode() {
        return recoveryPane;
    }

    /** Gives the bottom tabs this share of the centre's height (0.44 at start). */
    public void setBottomShare(double share) {
        if (getCenter() instanceof SplitPane main && main.getItems().get(1) instanceof SplitPane centre) {
            centre.setDividerPositions(1 - share);
        }
    }

    /** Shows one of the bottom tabs: state, replay, recovery. */
    public void showBottomTab(String name) {
        bottomTabs.getSelectionModel().select(switch (name) {
            case "replay" -> replayTab;
            case "recovery" -> recoveryTab;
            default -> stateTab;
        });
    }

    /** Selects a file in the state panel's workspace tab and shows that tab. */
    public void showWorkspaceFile(String path) {
        state.selectFile(path);
    }
}
