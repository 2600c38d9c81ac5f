package dev.forkline.views.shell;

import dev.forkline.views.timeline.TimelineCanvas;
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
    final Menu runMenu = new Menu("Run");
    private final Menu recentMenu = new Menu("Recent");
    private boolean dark;

    public WorkbenchView(WorkbenchViewModel model) {
        this.model = model;
        getStyleClass().add("workbench");
        getStylesheets().add(Objects.requireNonNull(WorkbenchView.class.getResource("/dev/forkline/views/workbench.css")).toExternalForm());
        TimelineViewModel timeline = model.timeline();

        library = new LibraryPane(model.library(), trace -> model.openStored(trace.traceId()));
        forkTree = new ForkTreePane(model.forkTree());
        inspector = new InspectorPane(model.inspector());
        state = new StatePane(model.state());
        filterBar = new FilterBar(model.filter(), timeline);
        playback = new PlaybackBar(timeline);
        timelineCanvas = new TimelineCanvas(timeline);
        timelineCanvas.setId("timeline");

        breadcrumb.setId("breadcrumb");
        breadcrumb.setAutoNavigationEnabled(false);
        breadcrumb.setCrumbFactory(item -> {
            RunNode node = item.getValue();
            return new BreadCrumbBar.BreadCrumbButton(node == null ? "" : node.run() + " · " + node.badge());
        });
        model.forkTree().breadcrumb().addListener((javafx.collections.ListChangeListener<RunNode>) c -> updateBreadcrumb());
        breadcrumb.setOnCrumbAction(e -> model.selectRun(e.getSelectedCrumb().getValue().run()));
        Label traceTitle = new Label();
        traceTitle.getStyleClass().add("trace-heading");
        traceTitle.textProperty().bind(model.openedProperty().map(t -> t.bundle().manifest().title()).orElse("No trace open"));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(12, traceTitle, breadcrumb, spacer);
        header.setAlignment(Pos.CENTER_LEFT);
        header.setPadding(new Insets(8, 10, 2, 10));
        header.getStyleClass().add("run-header");

        VBox timelineBox = new VBox(header, playback, filterBar, timelineCanvas);
        VBox.setVgrow(timelineCanvas, Priority.ALWAYS);
        timelineBox.getStyleClass().add("timeline-box");
        SplitPane centre = new SplitPane(timelineBox, state);
        centre.setOrientation(Orientation.VERTICAL);
        centre.setDividerPositions(0.56);

        SplitPane right = new SplitPane(forkTree, inspector);
        right.setOrientation(Orientation.VERTICAL);
        right.setDividerPositions(0.24);

        SplitPane main = new SplitPane(library, centre, right);
        main.setDividerPositions(0.16, 0.70);
        SplitPane.setResizableWithParent(library, false);

        setTop(menuBar());
        setCenter(main);
        setBottom(statusBar());

        timeline.selectedIndexProperty().addListener(obs -> updatePosition());
        timeline.eventsProperty().addListener(obs -> updatePosition());
        updatePosition();
        model.errorProperty().addListener((obs, old, error) -> {
            if (error != null) {
                showError(error);
            }
        });
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
        playback.position.setText(index < 0 ? total + " events" : (index + 1) + " / " + total + " · " + timeline.selectedEvent().id());
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
        MenuItem export = new MenuItem("Export report…");
        export.setDisable(true);
        MenuItem quit = new MenuItem("Quit");
        quit.setAccelerator(new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN));
        quit.setOnAction(e -> Platform.exit());
        Menu file = new Menu("File", null, open, openFolder, recentMenu, new SeparatorMenuItem(), export, new SeparatorMenuItem(), quit);

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
        MenuItem zoomIn = new MenuItem("Zoom in", Icons.of(Material2MZ.ZOOM_IN));
        zoomIn.setOnAction(e -> timeline.zoomAroundCursor(1.5));
        MenuItem zoomOut = new MenuItem("Zoom out", Icons.of(Material2MZ.ZOOM_OUT));
        zoomOut.setOnAction(e -> timeline.zoomAroundCursor(1 / 1.5));
        MenuItem fit = new MenuItem("Fit run", Icons.of(Material2MZ.ZOOM_OUT_MAP));
        fit.setOnAction(e -> timeline.fit());
        MenuItem find = new MenuItem("Find…", Icons.of(Material2MZ.SEARCH));
        find.setAccelerator(new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN));
        find.setOnAction(e -> filterBar.text.requestFocus());
        Menu view = new Menu("View", null, theme, new SeparatorMenuItem(), zoomIn, zoomOut, fit, find);

        MenuItem replay = runAction("Replay from here", Material2MZ.REPLAY);
        MenuItem fork = runAction("Fork with edit…", Material2AL.CALL_SPLIT);
        MenuItem revert = runAction("Revert to here", Material2MZ.UNDO);
        MenuItem why = new MenuItem();
        why.textProperty().bind(Bindings.concat("Unavailable: ", model.replayUnavailableReasonProperty()));
        why.setDisable(true);
        why.visibleProperty().bind(model.replayAvailableProperty().not());
        MenuItem compare = new MenuItem("Compare with parent run", Icons.of(Material2AL.COMPARE_ARROWS));
        compare.setOnAction(e -> showComparison());
        runMenu.setOnShowing(e -> compare.setDisable(!model.canCompare()));
        runMenu.getItems().setAll(compare, new SeparatorMenuItem(), replay, fork, revert, new SeparatorMenuItem(), why);

        MenuItem keys = new MenuItem("Keyboard shortcuts", Icons.of(Material2AL.KEYBOARD));
        keys.setOnAction(e -> showShortcuts());
        Menu help = new Menu("Help", null, keys);
        MenuBar bar = new MenuBar(file, view, runMenu, help);
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    /** Opens the current run and its parent side by side in a window of its own. */
    public void showComparison() {
        javafx.stage.Stage stage = new javafx.stage.Stage();
        stage.initOwner(window());
        stage.setTitle("Forkline — compare runs");
        ComparePane pane = new ComparePane(model.compareWithParent());
        pane.getStyleClass().addAll(getStyleClass());
        stage.setScene(new Scene(pane, 1100, 640));
        stage.show();
    }

    private MenuItem runAction(String text, org.kordamp.ikonli.Ikon icon) {
        MenuItem item = new MenuItem(text, Icons.of(icon));
        item.disableProperty().bind(model.replayAvailableProperty().not());
        return item;
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
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(window());
        alert.setTitle("Keyboard shortcuts");
        alert.setHeaderText("Stepping through a run");
        alert.setContentText("""
                ← / →, J / K      previous / next event
                Shift + ← / →     previous / next tool call
                Ctrl or Alt + ← / →  previous / next failure
                [ / ]             previous / next event of the selected actor
                Home / End        first / last event
                Space             play / pause
                + / - / 0         zoom in / out / fit the run
                Ctrl + wheel      zoom around the pointer; wheel or drag pans
                Ctrl + F          search; Enter / Shift+Enter next / previous match""");
        alert.show();
    }

    private void showError(UserError error) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.initOwner(window());
        alert.setTitle("Forkline");
        alert.setHeaderText(error.title());
        alert.setContentText((error.location().isEmpty() ? "" : error.location() + "\n\n") + error.detail());
        alert.getDialogPane().setId("error-dialog");
        alert.show();
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
        progress.progressProperty().bind(model.backgroundProgressProperty());
        progress.visibleProperty().bind(model.busyProperty());
        Label db = new Label();
        db.setGraphic(Icons.of(Material2MZ.STORAGE, 14));
        statusBar.setGraphic(db);
        statusBar.getRightItems().addAll(work, progress, new Label("   "), docker);
        return statusBar;
    }

    // --- keyboard and drag-and-drop -------------------------------------------------------------------------------

    /** Installs the window-wide keys and file drops on the scene; call once after creating the scene. */
    public void install(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
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
        boolean handled = true;
        switch (e.getCode()) {
            case LEFT, J -> timeline.step(-1, scope);
            case RIGHT, K -> timeline.step(+1, scope);
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

    /** Selects a file in the state panel's workspace tab and shows that tab. */
    public void showWorkspaceFile(String path) {
        state.selectFile(path);
    }
}
