package dev.forkline.views.shell;

import dev.forkline.views.data.RunNode;
import dev.forkline.views.viewmodel.ForkTreeViewModel;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;

import java.util.List;

/**
 * The runs of the open trace as a tree, each with two badges that say what they measure: how the run came about
 * (original, "Replay: matched the recording", fork with edits, revert, imported) and the task's outcome ("Task: failed
 * (tests deleted)"). Replays can be grouped and runs hidden (the context menu hides one; "n hidden" shows them
 * again, marked).
 */
final class ForkTreePane extends VBox {

    final TreeView<RunNode> tree = new TreeView<>();
    final javafx.scene.control.CheckBox groupReplays = new javafx.scene.control.CheckBox("Group replays");
    final javafx.scene.control.ToggleButton showHidden = new javafx.scene.control.ToggleButton();
    private final ForkTreeViewModel model;
    private boolean syncing;

    ForkTreePane(ForkTreeViewModel model) {
        this.model = model;
        getStyleClass().add("fork-tree-pane");
        setSpacing(6);
        setPadding(new Insets(10, 10, 6, 10));
        Label title = new Label("Runs", Icons.of(Material2AL.ACCOUNT_TREE));
        title.getStyleClass().add("pane-title");
        tree.setId("fork-tree");
        tree.setShowRoot(false);
        tree.setCellFactory(v -> new RunCell());
        tree.setRoot(new TreeItem<>());
        Label empty = new Label("No trace open");
        empty.getStyleClass().add("muted");
        VBox.setVgrow(tree, Priority.ALWAYS);
        groupReplays.setId("fork-group-replays");
        groupReplays.selectedProperty().bindBidirectional(model.groupReplaysProperty());
        groupReplays.setTooltip(new javafx.scene.control.Tooltip("Put the replays of each run under one node"));
        showHidden.setId("fork-show-hidden");
        showHidden.selectedProperty().bindBidirectional(model.showHiddenProperty());
        showHidden.textProperty().bind(model.hiddenCountProperty().asString("%d hidden"));
        showHidden.visibleProperty().bind(model.hiddenCountProperty().greaterThan(0));
        showHidden.managedProperty().bind(showHidden.visibleProperty());
        showHidden.setTooltip(new javafx.scene.control.Tooltip("Show the hidden runs, marked; they stay in the trace (its log is "
                + "hash-chained, so runs are hidden from this list, not deleted)"));
        javafx.scene.layout.Region spacer = new javafx.scene.layout.Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox head = new HBox(8, title, spacer, showHidden, groupReplays);
        head.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(head, tree);

        model.rootsProperty().addListener((obs, old, roots) -> {
            rebuild(roots);
            select(model.selectedRunProperty().get());
        });
        rebuild(model.rootsProperty().get());
        tree.getSelectionModel().selectedItemProperty().addListener((obs, old, item) -> {
            if (!syncing && item != null && item.getValue() != null && !item.getValue().isGroup()) {
                model.selectedRunProperty().set(item.getValue().run());
            }
        });
        model.selectedRunProperty().addListener((obs, old, run) -> select(run));
    }

    private void rebuild(List<RunNode> roots) {
        TreeItem<RunNode> root = new TreeItem<>();
        for (RunNode node : roots) {
            root.getChildren().add(item(node));
        }
        syncing = true;
        try {
            tree.setRoot(root);
        } finally {
            syncing = false;
        }
    }

    private static TreeItem<RunNode> item(RunNode node) {
        TreeItem<RunNode> item = new TreeItem<>(node);
        item.setExpanded(true);
        for (RunNode child : node.children()) {
            item.getChildren().add(item(child));
        }
        return item;
    }

    private void select(String run) {
        syncing = true;
        try {
            TreeItem<RunNode> found = find(tree.getRoot(), run);
            if (found == null) {
                tree.getSelectionModel().clearSelection();
            } else {
                tree.getSelectionModel().select(found);
            }
        } finally {
            syncing = false;
        }
    }

    private static TreeItem<RunNode> find(TreeItem<RunNode> item, String run) {
        if (item.getValue() != null && item.getValue().run().equals(run)) {
            return item;
        }
        for (TreeItem<RunNode> child : item.getChildren()) {
            TreeItem<RunNode> found = find(child, run);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private final class RunCell extends TreeCell<RunNode> {
        @Override
        protected void updateItem(RunNode node, boolean empty) {
            super.updateItem(node, empty);
            getStyleClass().remove("hidden-run");
            if (empty || node == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            if (node.isGroup()) {
                Label group = new Label(node.badge() + " of " + node.parentRun(), Icons.of(Material2AL.LAYERS, 14));
                group.getStyleClass().add("muted");
                setText(null);
                setGraphic(group);
                return;
            }
            if (model.isHidden(node.run())) {
                getStyleClass().add("hidden-run");
            }
            Label name = new Label(node.run());
            name.getStyleClass().add("run-name");
            name.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            Label events = new Label(String.format(java.util.Locale.ROOT, "%,d events", node.eventCount())
                    + (node.checkpoint() == null ? "" : " · from " + node.checkpoint()));
            events.getStyleClass().add("muted");
            events.setMinWidth(0);
            HBox row = new HBox(6, Icons.of(node.parentRun() == null ? Material2AL.FIBER_MANUAL_RECORD : Material2AL.CALL_SPLIT, 14),
                    name, Pills.pill(node.originLabel(), Pills.originTone(node)),
                    Pills.pill(node.task().text(), node.task().tone()), events);
            row.setMinWidth(0);
            row.maxWidthProperty().bind(getTreeView().widthProperty().subtract(40 + 18 * getTreeView().getTreeItemLevel(getTreeItem())));
            row.setAlignment(Pos.CENTER_LEFT);
            // the badges and the event count are cut in a narrow pane: the whole row on hover
            FullText.whenCut(events, node.run() + " · " + node.originLabel() + " · " + node.task().text() + "\n" + events.getText());
            setText(null);
            setGraphic(row);
        }
    }
}
