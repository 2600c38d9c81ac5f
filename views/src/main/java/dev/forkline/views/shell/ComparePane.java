package dev.forkline.views.shell;

import dev.forkline.views.viewmodel.RunComparison;
import javafx.beans.property.SimpleStringProperty;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;

import java.util.Objects;

/** Two runs side by side from their fork point, the first divergence highlighted and the rows after it marked. */
public final class ComparePane extends VBox {

    final TableView<RunComparison.Row> table = new TableView<>();

    public ComparePane(RunComparison comparison) {
        getStyleClass().add("compare-pane");
        getStylesheets().add(Objects.requireNonNull(ComparePane.class.getResource("/dev/forkline/views/workbench.css")).toExternalForm());
        setPadding(new Insets(12));
        setSpacing(8);
        Label title = new Label(comparison.leftRun() + "  vs  " + comparison.rightRun(), Icons.of(Material2AL.CALL_SPLIT, 18));
        title.getStyleClass().add("trace-heading");
        Label subtitle = new Label(comparison.leftRun() == null ? "This run has no parent to compare with."
                : "Aligned step by step after the fork point " + comparison.forkPoint() + ". "
                + (comparison.firstDivergence() < 0 ? "The runs do the same thing at every step."
                : "First divergence at step " + (comparison.firstDivergence() + 1) + "."));
        subtitle.getStyleClass().add(comparison.firstDivergence() < 0 ? "tone-success" : "tone-warning");
        subtitle.setId("compare-summary");

        TableColumn<RunComparison.Row, String> step = new TableColumn<>("Step");
        step.setCellValueFactory(row -> new SimpleStringProperty(String.valueOf(row.getValue().step())));
        step.setPrefWidth(56);
        step.setMaxWidth(70);
        TableColumn<RunComparison.Row, String> left = new TableColumn<>(comparison.leftRun() + " (parent)");
        left.setCellValueFactory(row -> new SimpleStringProperty(RunComparison.summary(row.getValue().left())));
        TableColumn<RunComparison.Row, String> right = new TableColumn<>(comparison.rightRun());
        right.setCellValueFactory(row -> new SimpleStringProperty(RunComparison.summary(row.getValue().right())));
        table.getColumns().addAll(java.util.List.of(step, left, right));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        left.prefWidthProperty().bind(table.widthProperty().subtract(80).divide(2));
        table.getItems().setAll(comparison.rows());
        table.setRowFactory(v -> new TableRow<>() {
            @Override
            protected void updateItem(RunComparison.Row row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().removeAll("compare-first-divergence", "compare-differs", "compare-same");
                if (!empty && row != null) {
                    int index = row.step() - 1;
                    getStyleClass().add(index == comparison.firstDivergence() ? "compare-first-divergence"
                            : row.same() ? "compare-same" : "compare-differs");
                }
            }
        });
        table.setPlaceholder(new Label("Nothing to compare"));
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(title, subtitle, table);
    }
}
