package dev.forkline.views.shell;

import dev.forkline.replay.engine.StepResult;
import dev.forkline.views.viewmodel.ReplayViewModel;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.function.Function;
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
    final Label failure = new Label();
    final Label warmStart = new Label();

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
        steps.setPlaceholder(new Label("Replay from here, Fork with edit… and Revert to here are in the Run menu and the context menus "
                + "of the fork tree and the timeline."));
        steps.getColumns().add(column("#", 40, s -> String.valueOf(s.number())));
        steps.getColumns().add(column("Step", 300, StepResult::label));
        steps.getColumns().add(column("Status", 130, s -> s.status().wireName()));
        steps.getColumns().add(column("ms", 60, s -> String.valueOf(s.durationMs())));
        steps.getColumns().add(column("What differs / note", 400, ReplayPane::detail));
        steps.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(StepResult step, boolean empty) {
                super.updateItem(step, empty);
                getStyleClass().removeAll("compare-first-divergence", "step-failure", "step-ok");
                if (!empty && step != null) {
                    getStyleClass().add(step.status().isFailure() ? "compare-first-divergence" : "step-ok");
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
        VBox.setVgrow(steps, Priority.ALWAYS);
        getChildren().addAll(head, warmStart, live, steps, summary, failure);
    }

    private static String detail(StepResult step) {
        String diffs = step.diffs().stream().map(d -> d.field() + ": " + oneLine(d.expected()) + " → " + oneLine(d.actual()))
                .collect(Collectors.joining("; "));
        if (step.note() == null) {
            return diffs;
        }
        return diffs.isEmpty() ? step.note() : diffs + " — " + step.note();
    }

    private static String oneLine(Object value) {
        String text = String.valueOf(value).replace('\n', ' ');
        return text.length() > 80 ? text.substring(0, 80) + "…" : text;
    }

    private static TableColumn<StepResult, String> column(String name, double width, Function<StepResult, String> value) {
        TableColumn<StepResult, String> column = new TableColumn<>(name);
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return column;
    }
}
