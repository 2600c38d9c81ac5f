package dev.forkline.views.shell;

import dev.forkline.views.state.RebuiltWorkspace;
import dev.forkline.views.viewmodel.RebuiltWorkspaceViewModel;
import dev.forkline.views.viewmodel.RebuiltWorkspaceViewModel.Mode;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;

import java.util.HashMap;
import java.util.Map;

/**
 * The state panel's workspace tab for an imported session: the real files at the selected event, rebuilt from the tree
 * the reviewer supplied and the session's recorded edits (changes since the start marked, edits that did not apply as
 * recorded flagged on their file), a file's content; or, without a known tree, what to give and the button to give it.
 */
final class RebuiltWorkspacePane extends VBox {

    /** A row of the tree: a folder (no entry) or a file. */
    record Item(String name, RebuiltWorkspace.Entry entry) {
    }

    final Label message = new Label();
    final Button giveTree = new Button("Give the starting tree…", Icons.of(Material2AL.FOLDER_OPEN, 14));
    final TreeView<Item> files = new TreeView<>();
    final TextArea content = new TextArea();
    final Label fileProblem = new Label();
    private final ProgressIndicator loading = new ProgressIndicator();
    private final SplitPane split;
    private final RebuiltWorkspaceViewModel model;

    RebuiltWorkspacePane(RebuiltWorkspaceViewModel model) {
        this.model = model;
        setId("rebuilt-workspace");
        setSpacing(6);
        setPadding(new Insets(4, 0, 0, 0));
        message.setId("rebuilt-message");
        message.setWrapText(true);
        message.getStyleClass().add("muted");
        message.setMinHeight(Region.USE_PREF_SIZE);
        message.textProperty().bind(model.messageProperty());
        giveTree.setId("give-starting-tree");
        giveTree.setMinWidth(Region.USE_PREF_SIZE);
        loading.setPrefSize(18, 18);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox.setHgrow(message, Priority.ALWAYS);
        HBox top = new HBox(8, loading, message, spacer, giveTree);
        top.setAlignment(Pos.TOP_LEFT);

        files.setId("rebuilt-files");
        files.setShowRoot(false);
        files.setCellFactory(v -> new ItemCell());
        files.getSelectionModel().selectedItemProperty().addListener((obs, old, item) -> {
            RebuiltWorkspace.Entry entry = item == null ? null : item.getValue().entry();
            model.selectedFileProperty().set(entry == null ? null : entry.path());
            fileProblem.setText(entry == null || entry.problem() == null ? "" : entry.problem());
        });
        fileProblem.setId("rebuilt-file-problem");
        fileProblem.getStyleClass().add("danger-text");
        fileProblem.setWrapText(true);
        fileProblem.managedProperty().bind(fileProblem.textProperty().isNotEmpty());
        fileProblem.visibleProperty().bind(fileProblem.managedProperty());
        content.setId("rebuilt-content");
        content.setEditable(false);
        content.getStyleClass().add("mono");
        content.textProperty().bind(model.fileContentProperty());
        content.setPromptText("Select a file to see its content after the selected event");
        split = new SplitPane(files, content);
        split.setDividerPositions(0.38);
        VBox.setVgrow(split, Priority.ALWAYS);
        getChildren().addAll(top, split, fileProblem);

        model.modeProperty().addListener(obs -> showMode());
        model.listingProperty().addListener((obs, old, listing) -> showListing(listing));
        showMode();
        showListing(model.listingProperty().get());
    }

    private void showMode() {
        Mode mode = model.mode();
        loading.setVisible(mode == Mode.LOADING);
        loading.setManaged(mode == Mode.LOADING);
        giveTree.setText(mode == Mode.REBUILT || mode == Mode.LOADING ? "Change the starting tree…" : "Give the starting tree…");
        message.getStyleClass().remove("danger-text");
        if (mode == Mode.FAILED) {
            message.getStyleClass().add("danger-text");
        }
        boolean showsFiles = mode == Mode.REBUILT || mode == Mode.LOADING;
        split.setVisible(showsFiles);
        split.setManaged(showsFiles);
    }

    private void showListing(RebuiltWorkspace.Listing listing) {
        if (listing == null) {
            if (model.mode() != Mode.LOADING) {
                files.setRoot(null);
            }
            return;
        }
        String selected = model.selectedFileProperty().get();
        TreeItem<Item> root = tree(listing);
        files.setRoot(root);
        if (selected != null) {
            select(root, selected);
        }
    }

    /** Folders holding a change or a flagged file start expanded; the others stay closed (a large tree lists fast). */
    private static TreeItem<Item> tree(RebuiltWorkspace.Listing listing) {
        TreeItem<Item> root = new TreeItem<>(new Item("", null));
        root.setExpanded(true);
        Map<String, TreeItem<Item>> folders = new HashMap<>();
        folders.put("", root);
        for (RebuiltWorkspace.Entry entry : listing.files()) {
            String path = entry.path();
            int slash = path.lastIndexOf('/');
            TreeItem<Item> parent = folder(folders, slash < 0 ? "" : path.substring(0, slash));
            parent.getChildren().add(new TreeItem<>(new Item(path.substring(slash + 1), entry)));
            if (entry.changed() || entry.problem() != null) {
                for (TreeItem<Item> up = parent; up != null; up = up.getParent()) {
                    up.setExpanded(true);
                }
            }
        }
        return root;
    }

    private static TreeItem<Item> folder(Map<String, TreeItem<Item>> folders, String path) {
        TreeItem<Item> known = folders.get(path);
        if (known != null) {
            return known;
        }
        int slash = path.lastIndexOf('/');
        TreeItem<Item> parent = folder(folders, slash < 0 ? "" : path.substring(0, slash));
        TreeItem<Item> made = new TreeItem<>(new Item(path.substring(slash + 1), null));
        parent.getChildren().add(made);
        folders.put(path, made);
        return made;
    }

    private boolean select(TreeItem<Item> item, String path) {
        for (TreeItem<Item> child : item.getChildren()) {
            RebuiltWorkspace.Entry entry = child.getValue().entry();
            if (entry != null && entry.path().equals(path)) {
                for (TreeItem<Item> up = child.getParent(); up != null; up = up.getParent()) {
                    up.setExpanded(true);
                }
                files.getSelectionModel().select(child);
                int row = files.getRow(child);
                if (row >= 0) {
                    files.scrollTo(Math.max(0, row - 3));
                }
                return true;
            }
            if (entry == null && path.startsWith(pathOf(child) + "/") && select(child, path)) {
                return true;
            }
        }
        return false;
    }

    private static String pathOf(TreeItem<Item> item) {
        StringBuilder path = new StringBuilder(item.getValue().name());
        for (TreeItem<Item> parent = item.getParent(); parent != null && parent.getParent() != null; parent = parent.getParent()) {
            path.insert(0, parent.getValue().name() + "/");
        }
        return path.toString();
    }

    /** Selects a file by its path (for tests and keyboard users). */
    void selectFile(String path) {
        if (files.getRoot() != null) {
            select(files.getRoot(), path);
        }
    }

    private static final class ItemCell extends TreeCell<Item> {
        @Override
        protected void updateItem(Item item, boolean empty) {
            super.updateItem(item, empty);
            getStyleClass().removeAll("file-created", "file-modified", "file-deleted", "file-flagged");
            setTooltip(null);
            if (empty || item == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            setText(item.name());
            RebuiltWorkspace.Entry entry = item.entry();
            if (entry == null) {
                setGraphic(Icons.of(Material2AL.FOLDER, 14));
                return;
            }
            HBox graphic = new HBox(4, Icons.of(Material2AL.INSERT_DRIVE_FILE, 14));
            graphic.setAlignment(Pos.CENTER_LEFT);
            if (entry.changed()) {
                getStyleClass().add("file-" + entry.change());
                graphic.getChildren().add(Pills.pill(switch (entry.change()) {
                    case "created" -> "A";
                    case "modified" -> "M";
                    default -> "D";
                }, switch (entry.change()) {
                    case "created" -> "success";
                    case "modified" -> "warning";
                    default -> "danger";
                }));
            }
            if (entry.problem() != null) {
                getStyleClass().add("file-flagged");
                Node flag = Pills.pill(entry.problem().contains(": precondition failed") ? "precondition failed" : "not rebuilt", "danger");
                graphic.getChildren().add(flag);
                setTooltip(new Tooltip(entry.problem()));
            }
            setGraphic(graphic);
        }
    }
}
