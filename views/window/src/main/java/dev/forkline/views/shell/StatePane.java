package dev.forkline.views.shell;

import dev.forkline.views.state.StateSnapshot;
import dev.forkline.views.viewmodel.StatePanelViewModel;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.List;
import java.util.function.Function;

/**
 * The five states at the cursor in five tabs, never mixed: session history, harness (pending calls and approvals),
 * workspace (files, what changed since the last checkpoint, content at the cursor), processes, external effects.
 */
final class StatePane extends VBox {

    private static final Duration WORKING_NOTICE_DELAY = Duration.millis(250);

    final TabPane tabs = new TabPane();
    final Tab session = tab("Session", Material2MZ.QUESTION_ANSWER);
    final Tab harness = tab("Harness", Material2MZ.SETTINGS);
    final Tab workspace = tab("Workspace", Material2AL.FOLDER);
    final Tab processes = tab("Processes", Material2MZ.MEMORY);
    final Tab external = tab("External", Material2MZ.PUBLIC);

    private final ListView<StateSnapshot.HistoryEntry> history = new ListView<>();
    private final ListView<String> pending = new ListView<>();
    private final Label sessionSummary = new Label();
    final TreeView<String> files = new TreeView<>();
    private final TextArea fileContent = new TextArea();
    private final Label workspaceHeader = new Label();
    private final TableView<StateSnapshot.ProcessEntry> processTable = new TableView<>();
    private final TableView<StateSnapshot.EffectEntry> effectTable = new TableView<>();
    private final Label header = new Label();
    private final Label working = new Label();
    private StateSnapshot current = StateSnapshot.EMPTY;
    final RebuiltWorkspacePane rebuilt;
    private final StatePanelViewModel model;

    StatePane(StatePanelViewModel model) {
        this.model = model;
        getStyleClass().add("state-pane");
        setPadding(new Insets(8, 10, 10, 10));
        setSpacing(4);
        Label title = new Label("State at cursor", Icons.of(Material2AL.LAYERS));
        title.getStyleClass().add("pane-title");
        header.getStyleClass().add("muted");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox top = new HBox(8, title, spacer, workingNotice(model), header);
        top.setAlignment(Pos.CENTER_LEFT);

        history.setCellFactory(v -> new HistoryCell());
        history.setPlaceholder(muted("No session history yet"));
        sessionSummary.getStyleClass().add("muted");
        VBox sessionBox = new VBox(4, sessionSummary, history);
        sessionBox.setPadding(new Insets(4, 0, 0, 0));
        VBox.setVgrow(history, Priority.ALWAYS);
        session.setContent(sessionBox);

        pending.setPlaceholder(muted("The harness waits for nothing"));
        harness.setContent(pending);

        files.setShowRoot(false);
        files.setId("state-files");
        files.setCellFactory(v -> new FileCell());
        fileContent.setEditable(false);
        fileContent.getStyleClass().add("mono");
        fileContent.textProperty().bind(model.fileContentProperty());
        fileContent.setPromptText("Select a file to see its content at the cursor");
        files.getSelectionModel().selectedItemProperty().addListener((obs, old, item) ->
                model.selectedFileProperty().set(item == null || !item.isLeaf() ? null : pathOf(item)));
        workspaceHeader.getStyleClass().add("muted");
        SplitPane split = new SplitPane(files, fileContent);
        split.setDividerPositions(0.38);
        VBox workspaceBox = new VBox(4, workspaceHeader, split);
        VBox.setVgrow(split, Priority.ALWAYS);
        workspaceBox.setPadding(new Insets(4, 0, 0, 0));
        workspace.setContent(workspaceBox);
        // an imported session: the real files rebuilt from the supplied tree, instead of the recorded workspace
        rebuilt = new RebuiltWorkspacePane(model.rebuilt());
        model.rebuilt().modeProperty().addListener(obs -> {
            workspace.setContent(rebuiltShown() ? rebuilt : workspaceBox);
            showWorkspaceCount();
        });
        model.rebuilt().listingProperty().addListener(obs -> showWorkspaceCount());

        processTable.getColumns().addAll(List.of(
                column("PID", p -> String.valueOf(p.pid()), 70),
                column("Command", StateSnapshot.ProcessEntry::command, 340),
                column("Status", StateSnapshot.ProcessEntry::status, 140)));
        processTable.setPlaceholder(muted("No processes"));
        processTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        processes.setContent(processTable);

        effectTable.getColumns().addAll(List.of(
                column("Status", StateSnapshot.EffectEntry::status, 100),
                column("Tool", StateSnapshot.EffectEntry::tool, 110),
                column("Call", StateSnapshot.EffectEntry::callId, 70),
                column("Event", StateSnapshot.EffectEntry::eventId, 70),
                column("Arguments", StateSnapshot.EffectEntry::summary, 300)));
        effectTable.setPlaceholder(muted("No external effects"));
        effectTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        effectTable.setRowFactory(v -> new javafx.scene.control.TableRow<>() {
            @Override
            protected void updateItem(StateSnapshot.EffectEntry item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().removeAll("effect-committed", "effect-in-flight", "effect-unknown", "effect-failed");
                if (!empty && item != null) {
                    getStyleClass().add("effect-" + item.status().replace(' ', '-'));
                }
            }
        });
        external.setContent(effectTable);

        tabs.getTabs().addAll(session, harness, workspace, processes, external);
        TabsBuiltWhenSelected.apply(tabs);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("state-tabs");
        VBox.setVgrow(tabs, Priority.ALWAYS);
        getChildren().addAll(top, tabs);

        model.snapshotProperty().addListener((obs, old, snapshot) -> show(snapshot));
        show(model.snapshot());
    }

    /**
     * Says, before the header, that the state at the cursor is still worked out while the panel shows the state before
     * ("Working out the new state · after r1.3"); only once that has taken a moment, so that a reviewer's quick steps do
     * not make it flicker.
     */
    private Label workingNotice(StatePanelViewModel model) {
        working.setId("state-working");
        working.getStyleClass().add("muted");
        working.setMinWidth(Region.USE_PREF_SIZE);
        working.setVisible(false);
        working.managedProperty().bind(working.visibleProperty());
        working.visibleProperty().addListener(obs -> showHeader());
        PauseTransition moment = new PauseTransition(WORKING_NOTICE_DELAY);
        moment.setOnFinished(e -> working.setVisible(model.workingProperty().get()));
        model.workingProperty().addListener((obs, was, now) -> {
            if (now) {
                moment.playFromStart();
            } else {
                moment.stop();
                working.setVisible(false);
            }
        });
        return working;
    }

    /** "after r1.3" (with the notice when the next state is worked out), or what the panel waits for when it shows none. */
    private void showHeader() {
        boolean shown = current.atEventId() != null;
        working.setText(shown ? "Working out the new state ·" : "Working out the state at the cursor…");
        header.setText(shown ? "after " + current.atEventId() : working.isVisible() ? "" : "no event selected");
    }

    private void show(StateSnapshot snapshot) {
        current = snapshot;
        showHeader();
        history.getItems().setAll(snapshot.session());
        int hidden = snapshot.sessionTurns() - snapshot.session().size();
        sessionSummary.setText(snapshot.sessionSummary() + (hidden > 0
                ? String.format(java.util.Locale.ROOT, " · the last %,d of %,d turns", snapshot.session().size(), snapshot.sessionTurns()) : ""));
        if (!snapshot.session().isEmpty()) {
            history.scrollTo(snapshot.session().size() - 1);
        }
        session.setText(String.format(java.util.Locale.ROOT, "Session (%,d)", snapshot.sessionTurns()));

        List<String> waiting = new java.util.ArrayList<>();
        snapshot.harness().pendingCalls().forEach(call -> waiting.add("Pending tool call: " + call));
        snapshot.harness().pendingApprovals().forEach(approval -> waiting.add("Pending approval: " + approval));
        snapshot.harness().escapeAttempts().forEach(escape -> waiting.add("Escape attempt: " + escape));
        pending.getItems().setAll(waiting);
        harness.setText("Harness (" + (waiting.size() - snapshot.harness().escapeAttempts().size()) + ")");

        long changed = snapshot.workspace().stream().filter(StateSnapshot.FileEntry::changed).count();
        showWorkspaceCount();
        workspaceHeader.setText(snapshot.lastCheckpoint() == null ? "No checkpoint yet: every file is new"
                : changed + " changed since checkpoint “" + snapshot.lastCheckpoint() + "”");
        String selected = files.getSelectionModel().getSelectedItem() == null ? null : pathOf(files.getSelectionModel().getSelectedItem());
        files.setRoot(fileTree(snapshot.workspace()));
        if (selected != null) {
            selectPath(files.getRoot(), selected);
        }

        processTable.getItems().setAll(snapshot.processes());
        long running = snapshot.processes().stream().filter(p -> p.status().equals("running")).count();
        processes.setText("Processes (" + running + ")");

        effectTable.getItems().setAll(snapshot.external());
        long unknown = snapshot.external().stream().filter(e -> e.status().equals("unknown")).count();
        external.setText("External (" + snapshot.external().size() + (unknown > 0 ? " · " + unknown + " unknown" : "") + ")");
        external.getStyleClass().remove("tab-warning");
        if (unknown > 0) {
            external.getStyleClass().add("tab-warning");
        }
    }

    private boolean rebuiltShown() {
        return model.rebuilt().mode() != dev.forkline.views.viewmodel.RebuiltWorkspaceViewModel.Mode.RECORDED;
    }

    /** The workspace tab's title: files and changes of the workspace it shows. */
    private void showWorkspaceCount() {
        if (rebuiltShown()) {
            var listing = model.rebuilt().listingProperty().get();
            workspace.setText(listing == null ? "Workspace" : "Workspace (" + listing.files().size()
                    + (listing.changed() > 0 ? " · " + listing.changed() + " changed" : "") + (listing.failed() > 0 ? " · " + listing.failed() + " flagged" : "") + ")");
            return;
        }
        long changed = current.workspace().stream().filter(StateSnapshot.FileEntry::changed).count();
        workspace.setText("Workspace (" + current.workspace().size() + (changed > 0 ? " · " + changed + " changed" : "") + ")");
    }

    /** What "Give the starting tree…" does (opens the replay set-up dialog for the state panel). */
    void onGiveStartingTree(Runnable action) {
        rebuilt.giveTree.setOnAction(e -> action.run());
    }

    private static TreeItem<String> fileTree(List<StateSnapshot.FileEntry> entries) {
        TreeItem<String> root = new TreeItem<>("/workspace");
        for (StateSnapshot.FileEntry entry : entries) {
            TreeItem<String> parent = root;
            String[] parts = entry.path().split("/");
            for (int i = 0; i < parts.length; i++) {
                String part = parts[i];
                TreeItem<String> next = null;
                for (TreeItem<String> child : parent.getChildren()) {
                    if (child.getValue().equals(part) || child.getValue().startsWith(part + "\u0000")) {
                        next = child;
                    }
                }
                if (next == null) {
                    next = new TreeItem<>(i == parts.length - 1 ? part + "\u0000" + entry.change() : part);
                    next.setExpanded(true);
                    parent.getChildren().add(next);
                }
                parent = next;
            }
        }
        return root;
    }

    private static String name(TreeItem<String> item) {
        String value = item.getValue();
        int marker = value.indexOf('\u0000');
        return marker < 0 ? value : value.substring(0, marker);
    }

    private static String change(TreeItem<String> item) {
        String value = item.getValue();
        int marker = value.indexOf('\u0000');
        return marker < 0 ? null : value.substring(marker + 1);
    }

    private static String pathOf(TreeItem<String> item) {
        StringBuilder path = new StringBuilder(name(item));
        for (TreeItem<String> parent = item.getParent(); parent != null && parent.getParent() != null; parent = parent.getParent()) {
            path.insert(0, name(parent) + "/");
        }
        return path.toString();
    }

    private void selectPath(TreeItem<String> item, String path) {
        for (TreeItem<String> child : item.getChildren()) {
            if (child.isLeaf() && pathOf(child).equals(path)) {
                files.getSelectionModel().select(child);
                return;
            }
            selectPath(child, path);
        }
    }

    /** Selects a file of the workspace tab by its path (for tests and keyboard users). */
    void selectFile(String path) {
        tabs.getSelectionModel().select(workspace);
        if (rebuiltShown()) {
            rebuilt.selectFile(path);
            return;
        }
        selectPath(files.getRoot(), path);
    }

    StateSnapshot current() {
        return current;
    }

    private static Tab tab(String text, org.kordamp.ikonli.Ikon icon) {
        Tab tab = new Tab(text);
        tab.setGraphic(Icons.of(icon, 14));
        return tab;
    }

    private static Label muted(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("muted");
        return label;
    }

    private static <T> TableColumn<T, String> column(String title, Function<T, String> value, double width) {
        return FullText.column(title, width, value);
    }

    private static final class FileCell extends TreeCell<String> {
        @Override
        protected void updateItem(String value, boolean empty) {
            super.updateItem(value, empty);
            getStyleClass().removeAll("file-created", "file-modified", "file-deleted");
            if (empty || value == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            String change = change(getTreeItem());
            setText(name(getTreeItem()));
            if (change == null) {
                setGraphic(Icons.of(Material2AL.FOLDER, 14));
                return;
            }
            Node graphic = Icons.of(Material2AL.INSERT_DRIVE_FILE, 14);
            if (!"unchanged".equals(change)) {
                getStyleClass().add("file-" + change);
                Label marker = Pills.pill(switch (change) {
                    case "created" -> "A";
                    case "modified" -> "M";
                    default -> "D";
                }, switch (change) {
                    case "created" -> "success";
                    case "modified" -> "warning";
                    default -> "danger";
                });
                graphic = new HBox(4, graphic, marker);
                ((HBox) graphic).setAlignment(Pos.CENTER_LEFT);
            }
            setGraphic(graphic);
        }
    }

    private static final class HistoryCell extends ListCell<StateSnapshot.HistoryEntry> {
        @Override
        protected void updateItem(StateSnapshot.HistoryEntry entry, boolean empty) {
            super.updateItem(entry, empty);
            if (empty || entry == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            Label who = Pills.pill(entry.actor() + " · " + entry.kind(), entry.kind().equals("model") ? "accent" : "neutral");
            // Masked here, for the rows on screen only: masking the whole history on every step would cost a long run dearly.
            Label text = new Label(dev.forkline.trace.secrets.SecretMasker.mask(entry.text()));
            text.setWrapText(true);
            text.setMinWidth(0);
            HBox row = new HBox(8, who, text);
            row.setAlignment(Pos.TOP_LEFT);
            row.setMinWidth(0);
            row.prefWidthProperty().bind(getListView().widthProperty().subtract(30));
            setText(null);
            setGraphic(row);
        }
    }
}
