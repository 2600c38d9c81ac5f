package dev.forkline.views.shell;

import dev.forkline.replay.engine.DivergenceClass;
import dev.forkline.replay.engine.StepResult;
import dev.forkline.views.viewmodel.ReplayViewModel;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.stream.Collectors;

/** Live progress of a replay (step n of m, the current tool call), its steps as they finish, and the way to its first divergence. */
final class ReplayPane extends VBox {

    final Label title = new Label();
    final Label stepText = new Label();
    final Label currentStep = new Label();
    final ProgressBar progress = new ProgressBar();
    final Button cancel = new Button("Cancel", Icons.of(Material2MZ.STOP));
    final Button goToDivergence = new Button("Go to first divergence", Icons.of(Material2AL.ARROW_FORWARD));
    final TableView<StepResult> steps = new TableView<>();
    final Label summary = new Label();
    /** What the finished run measures, in two badges: agreement with the recording, and the task's outcome. */
    final HBox verdicts = new HBox(6);
    final Label failure = new Label();
    final Label warmStart = new Label();
    final Label setupNotes = new Label();
    final javafx.scene.control.TextArea stepDetail = new javafx.scene.control.TextArea();

    ReplayPane(ReplayViewModel model) {
        getStyleClass().add("replay-pane");
        setSpacing(6);
        setPadding(new Insets(8, 10, 8, 10));
        setId("replay-pane");
        title.getStyleClass().add("pane-title");
        title.setGraphic(Icons.of(Material2MZ.REPLAY));
        title.textProperty().bind(model.titleProperty());
        stepText.setId("replay-step");
        stepText.textProperty().bind(model.stepTextProperty());
        stepText.getStyleClass().add("run-name");
        currentStep.setId("replay-current");
        currentStep.textProperty().bind(model.currentStepProperty());
        currentStep.getStyleClass().add("mono");
        progress.setPrefWidth(220);
        progress.progressProperty().bind(model.progressProperty());
        cancel.setId("replay-cancel");
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        goToDivergence.setId("go-to-divergence");
        goToDivergence.disableProperty().bind(model.firstDivergenceProperty().isNull().or(model.runningProperty()));
        goToDivergence.setOnAction(e -> model.goToFirstDivergence());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox head = new HBox(10, title, spacer, goToDivergence, cancel);
        head.setAlignment(Pos.CENTER_LEFT);
        HBox live = new HBox(10, progress, stepText, currentStep);
        live.setAlignment(Pos.CENTER_LEFT);

        steps.setId("replay-steps");
        steps.setItems(model.steps());
        steps.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label howToStart = new Label("Replay from here, Fork with edit… and Revert to here are in the Run menu and the context menus "
                + "of the fork tree and the timeline.");
        howToStart.setId("replay-how-to-start");
        howToStart.setWrapText(true); // a sentence, not a cell: wrapped in a narrow pane rather than cut
        howToStart.setPadding(new Insets(0, 12, 0, 12));
        steps.setPlaceholder(howToStart);
        steps.getColumns().add(FullText.column("#", 40, s -> String.valueOf(s.number())));
        steps.getColumns().add(FullText.column("Step", 300, StepResult::label));
        steps.getColumns().add(FullText.column("Status", 170, StepResult::statusText));
        steps.getColumns().add(FullText.column("ms", 60, s -> String.valueOf(s.durationMs())));
        // the cell shortens each diff to a line: the hover shows the step in full, as the detail below does
        steps.getColumns().add(FullText.column("Cause / what differs / note", 400, ReplayPane::detail, ReplayPane::describe));
        steps.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(StepResult step, boolean empty) {
                super.updateItem(step, empty);
                getStyleClass().removeAll("compare-first-divergence", "step-failure", "step-ok", "step-environment");
                if (!empty && step != null) {
                    var result = model.resultProperty().get();
                    boolean strict = result != null && result.strictEnvironment();
                    getStyleClass().add(step.countsAsFailure(strict) ? "compare-first-divergence"
                            : step.divergence() == DivergenceClass.ENVIRONMENT ? "step-environment" : "step-ok");
                }
            }
        });
        summary.setId("replay-summary");
        summary.textProperty().bind(model.summaryProperty());
        summary.setWrapText(true);
        failure.setId("replay-failure");
        failure.getStyleClass().add("danger-text");
        failure.textProperty().bind(model.failureProperty());
        failure.setWrapText(true);
        failure.managedProperty().bind(failure.textProperty().isNotEmpty());
        warmStart.setId("replay-warm-start");
        warmStart.getStyleClass().add("run-name");
        warmStart.textProperty().bind(model.warmStartNoteProperty());
        warmStart.managedProperty().bind(warmStart.textProperty().isNotEmpty());
        warmStart.visibleProperty().bind(warmStart.managedProperty());
        setupNotes.setId("replay-setup-notes");
        setupNotes.getStyleClass().add("muted");
        setupNotes.setWrapText(true);
        model.setupNotes().addListener((javafx.collections.ListChangeListener<String>) c -> showSetupNotes(model));
        showSetupNotes(model);
        stepDetail.setId("replay-step-detail");
        stepDetail.setEditable(false);
        stepDetail.getStyleClass().add("mono");
        stepDetail.setPrefRowCount(5);
        stepDetail.setWrapText(true);
        steps.getSelectionModel().selectedItemProperty().addListener((obs, old, step) -> stepDetail.setText(step == null ? "" : describe(step)));
        stepDetail.managedProperty().bind(steps.getSelectionModel().selectedItemProperty().isNotNull());
        stepDetail.visibleProperty().bind(stepDetail.managedProperty());
        verdicts.setId("replay-verdicts");
        verdicts.setAlignment(Pos.CENTER_LEFT);
        model.resultRunProperty().addListener((obs, old, node) -> showVerdicts(node));
        showVerdicts(model.resultRunProperty().get());
        VBox.setVgrow(steps, Priority.ALWAYS);
        getChildren().addAll(head, warmStart, live, setupNotes, steps, stepDetail, verdicts, summary, failure);
    }

    private void showVerdicts(dev.forkline.views.data.RunNode node) {
        verdicts.getChildren().clear();
        verdicts.setManaged(node != null);
        verdicts.setVisible(node != null);
        if (node != null) {
            Label run = new Label(node.run());
            run.getStyleClass().add("run-name");
            verdicts.getChildren().addAll(run, Pills.pill(node.originLabel(), Pills.originTone(node)),
                    Pills.pill(node.task().text(), node.task().tone()));
        }
    }

    private void showSetupNotes(ReplayViewModel model) {
        setupNotes.setText(model.setupNotes().isEmpty() ? "" : "Set-up: " + String.join(" · ", model.setupNotes()));
        setupNotes.setManaged(!model.setupNotes().isEmpty());
        setupNotes.setVisible(!model.setupNotes().isEmpty());
    }

    /** The step's cause (for an environment divergence: what the replay's environment lacks), what differs, the note. */
    static String detail(StepResult step) {
        String diffs = step.diffs().stream().map(d -> d.field() + ": " + oneLine(d.expected()) + " → " + oneLine(d.actual()))
                .collect(Collectors.joining("; "));
        StringBuilder s = new StringBuilder();
        if (step.cause() != null) {
            s.append(step.cause());
        }
        if (!diffs.isEmpty()) {
            s.append(s.isEmpty() ? "" : " — ").append(diffs);
        }
        if (step.note() != null && !step.note().equals(step.cause())) {
            s.append(s.isEmpty() ? "" : " — ").append(step.note());
        }
        return s.toString();
    }

    /** The selected step in full: its status with the class, the cause, each diff with its excerpt, normalisations. */
    static String describe(StepResult step) {
        StringBuilder s = new StringBuilder(step.label()).append(": ").append(step.statusText());
        if (step.cause() != null) {
            s.append(": ").append(step.cause());
        }
        s.append('\n');
        if (step.note() != null && !step.note().equals(step.cause())) {
            s.append(step.note()).append('\n');
        }
        if (!step.normalizations().isEmpty()) {
            s.append("compared after normalising: ").append(String.join(", ", step.normalizations())).append('\n');
        }
        for (var diff : step.diffs()) {
            s.append(diff.describe()).append('\n');
            if (diff.excerpt() != null) {
                s.append(diff.excerpt().stripTrailing()).append('\n');
            }
        }
        return s.toString().stripTrailing();
    }

    private static String oneLine(Object value) {
        String text = String.valueOf(value).replace('\n', ' ');
        return text.length() > 80 ? text.substring(0, 80) + "…" : text;
    }
}
