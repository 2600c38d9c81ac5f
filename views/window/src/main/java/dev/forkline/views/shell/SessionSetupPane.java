package dev.forkline.views.shell;

import dev.forkline.views.viewmodel.SessionSetupAnswers.TreeSource;
import dev.forkline.views.viewmodel.SessionSetupViewModel;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Replay from here… for an imported session (and "Give the starting tree…" of the state panel): the tree the session
 * started from, with the trace's suggestion, SWE-agent's tool bundles when it runs them, the image, set-up commands,
 * variables and strict environment. The twin of {@code forkline replay FILE --from start --workspace SRC ...}.
 */
final class SessionSetupPane extends VBox {

    final RadioButton folderOrArchive = new RadioButton("A folder or a .tar / .tar.gz archive");
    final RadioButton gitCommit = new RadioButton("A git repository at a commit");
    final TextField path = new TextField();
    final Button chooseFolder = new Button("Folder…", Icons.of(Material2AL.FOLDER_OPEN, 14));
    final Button chooseArchive = new Button("Archive…", Icons.of(Material2AL.ARCHIVE, 14));
    final TextField repository = new TextField();
    final Button chooseRepository = new Button("Repository…", Icons.of(Material2AL.FOLDER_OPEN, 14));
    final TextField commit = new TextField();
    final TextField tools = new TextField();
    final Button chooseTools = new Button("Folder…", Icons.of(Material2AL.FOLDER_OPEN, 14));
    final TextField fileHistory = new TextField();
    final Button chooseFileHistory = new Button("Folder…", Icons.of(Material2AL.FOLDER_OPEN, 14));
    final ComboBox<String> image = new ComboBox<>();
    final TextArea setupCommands = new TextArea();
    final TextArea env = new TextArea();
    final CheckBox strict = new CheckBox("Environment divergences (a missing command, no network, another OS) fail the replay too");
    final Label suggestion = new Label();
    final Label problem = new Label();
    final Label status = new Label();
    final Button submit = new Button();
    final Button cancel = new Button("Cancel");

    private final String traceId;

    SessionSetupPane(SessionSetupViewModel model, Runnable onClose) {
        this.traceId = model.traceId();
        setId("session-setup");
        setSpacing(10);
        setPadding(new Insets(14));
        var start = model.start();
        boolean replay = model.purpose() == SessionSetupViewModel.Purpose.REPLAY;
        Label title = new Label(replay ? "Replay the imported session from checkpoint “" + start.name() + "”"
                : "The tree the imported session started from", Icons.of(replay ? Material2MZ.REPLAY : Material2AL.FOLDER));
        title.getStyleClass().add("inspector-title");
        suggestion.setId("setup-suggestion");
        suggestion.setText(start.suggestion() + (start.hint() == null ? "" : "\n" + start.hint())
                + (model.remembered() ? "\nThe answers given last time for this trace are filled in." : ""));
        suggestion.setWrapText(true);
        suggestion.getStyleClass().add("muted");

        ToggleGroup kinds = new ToggleGroup();
        folderOrArchive.setToggleGroup(kinds);
        gitCommit.setToggleGroup(kinds);
        folderOrArchive.setId("setup-folder-or-archive");
        gitCommit.setId("setup-git-commit");
        (model.sourceProperty().get() == TreeSource.GIT_COMMIT ? gitCommit : folderOrArchive).setSelected(true);
        kinds.selectedToggleProperty().addListener((obs, old, now) ->
                model.sourceProperty().set(now == gitCommit ? TreeSource.GIT_COMMIT : TreeSource.FOLDER_OR_ARCHIVE));

        path.setId("setup-path");
        path.textProperty().bindBidirectional(model.pathProperty());
        path.setPromptText("/path/to/checkout or tree.tar.gz");
        chooseFolder.setOnAction(e -> chooseDirectory("The folder holding the tree the session started from", model.pathProperty()));
        chooseArchive.setOnAction(e -> chooseArchive(model));
        HBox pathRow = row(path, chooseFolder, chooseArchive);
        pathRow.disableProperty().bind(gitCommit.selectedProperty());

        repository.setId("setup-repository");
        repository.textProperty().bindBidirectional(model.repositoryProperty());
        repository.setPromptText("/path/to/repository (a clone holding the commit)");
        chooseRepository.setOnAction(e -> chooseDirectory("The git repository", model.repositoryProperty()));
        commit.setId("setup-commit");
        commit.textProperty().bindBidirectional(model.commitProperty());
        commit.setPromptText(start.commit() == null ? "the commit id" : "the trace's commit: " + start.commit());
        commit.setPrefColumnCount(14);
        HBox gitRow = row(repository, chooseRepository, new Label("@"), commit);
        gitRow.disableProperty().bind(folderOrArchive.selectedProperty());

        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        form.getColumnConstraints().addAll(labels, fields);
        int r = 0;
        form.addRow(r++, label("Starting tree"), new VBox(6, folderOrArchive, pathRow, gitCommit, gitRow));

        if (model.toolsNeeded()) {
            tools.setId("setup-tools");
            tools.textProperty().bindBidirectional(model.toolsProperty());
            tools.setPromptText("SWE-agent's tools/ folder, holding " + String.join(", ", start.toolBundles()));
            chooseTools.setOnAction(e -> chooseDirectory("SWE-agent's tool bundles", model.toolsProperty()));
            form.addRow(r++, label("Tool bundles"), row(tools, chooseTools));
        }

        if (model.fileHistoryAsked()) {
            fileHistory.setId("setup-file-history");
            fileHistory.textProperty().bindBidirectional(model.fileHistoryProperty());
            fileHistory.setPromptText("optional: ~/.claude/file-history/<session id>/ (forkline replay --file-history DIR)");
            chooseFileHistory.setId("setup-choose-file-history");
            chooseFileHistory.setOnAction(e -> chooseDirectory("Claude Code's file-history folder of the session", model.fileHistoryProperty()));
            Label help = label("Claude Code's backups of the files it edited: compared with the workspace at each snapshot, and "
                    + "the source of files the starting tree lacks.");
            help.setWrapText(true);
            form.addRow(r++, label("File history"), new VBox(4, row(fileHistory, chooseFileHistory), help));
        }

        image.setId("setup-image");
        image.setEditable(true);
        image.setItems(model.images());
        image.getEditor().textProperty().bindBidirectional(model.imageProperty());
        image.setPromptText("the engine's choice: the recorded image when present, else Forkline's default");
        image.setMaxWidth(Double.MAX_VALUE);
        form.addRow(r++, label("Image"), image);

        setupCommands.setId("setup-commands");
        setupCommands.textProperty().bindBidirectional(model.setupCommandsProperty());
        setupCommands.setPromptText("one shell command a line, run in the workspace before the first step");
        setupCommands.setPrefRowCount(3);
        setupCommands.getStyleClass().add("mono");
        form.addRow(r++, label("Set-up commands"), setupCommands);

        env.setId("setup-env");
        env.textProperty().bindBidirectional(model.envProperty());
        env.setPromptText("NAME=VALUE, one a line, added to every re-executed call");
        env.setPrefRowCount(3);
        env.getStyleClass().add("mono");
        form.addRow(r++, label("Variables"), env);

        strict.setId("setup-strict");
        strict.selectedProperty().bindBidirectional(model.strictEnvironmentProperty());
        form.add(strict, 1, r);

        problem.setId("setup-problem");
        problem.getStyleClass().add("danger-text");
        problem.textProperty().bind(model.problemProperty());
        problem.setWrapText(true);
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        status.setId("setup-status");
        status.getStyleClass().add("muted");
        status.textProperty().bind(model.statusProperty());

        submit.setId("setup-submit");
        submit.setText(replay ? "Replay" : "Show the workspace");
        submit.setGraphic(Icons.of(replay ? Material2MZ.REPLAY : Material2AL.FOLDER_OPEN));
        submit.setDefaultButton(true);
        submit.disableProperty().bind(model.busyProperty());
        submit.setOnAction(e -> model.submit(onClose));
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> onClose.run());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, status, spacer, cancel, submit);
        buttons.setAlignment(Pos.CENTER_RIGHT);
        getChildren().addAll(title, suggestion, form, problem, buttons);
    }

    private static HBox row(Node field, Node... buttons) {
        HBox row = new HBox(6, field);
        row.getChildren().addAll(buttons);
        HBox.setHgrow(field, Priority.ALWAYS);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private static Label label(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("muted");
        return label;
    }

    private void chooseDirectory(String title, javafx.beans.property.StringProperty target) {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle(title);
        initial(target.get()).ifPresent(chooser::setInitialDirectory);
        File folder = chooser.showDialog(window());
        if (folder != null) {
            target.set(folder.getAbsolutePath());
        }
    }

    private void chooseArchive(SessionSetupViewModel model) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("An archive of the tree the session started from");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Tar archives", "*.tar", "*.tar.gz", "*.tgz"),
                new FileChooser.ExtensionFilter("All files", "*"));
        initial(model.pathProperty().get()).ifPresent(chooser::setInitialDirectory);
        File file = chooser.showOpenDialog(window());
        if (file != null) {
            model.pathProperty().set(file.getAbsolutePath());
        }
    }

    /** The folder to open a chooser in: the one given, or the folder of the file given, when it exists. */
    private static java.util.Optional<File> initial(String given) {
        if (given == null || given.isBlank()) {
            return java.util.Optional.empty();
        }
        try {
            Path path = Path.of(given);
            Path folder = Files.isDirectory(path) ? path : path.getParent();
            return folder != null && Files.isDirectory(folder) ? java.util.Optional.of(folder.toFile()) : java.util.Optional.empty();
        } catch (java.nio.file.InvalidPathException e) {
            return java.util.Optional.empty();
        }
    }

    private Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }

    /** The trace the form's answers are for. */
    String traceId() {
        return traceId;
    }
}
