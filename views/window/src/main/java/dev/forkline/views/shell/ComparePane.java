package dev.forkline.views.shell;

import dev.forkline.trace.Event;
import dev.forkline.views.compare.InlineDiff;
import dev.forkline.views.data.RunComparison;
import dev.forkline.views.data.RunComparison.Change;
import dev.forkline.views.data.RunComparison.Row;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.util.Duration;
import org.kordamp.ikonli.material2.Material2AL;

import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * Two runs side by side from their fork point, aligned by content: the same steps in step, a step one run has alone
 * beside a gap, and inside a changed row the words that differ highlighted. Hovering a cell shows its full text; a
 * double click (or Enter) on a side opens that event in the main window.
 */
public final class ComparePane extends VBox {

    private static final int CELL_CHARS = 160;

    final TableView<Row> table = new TableView<>();
    final Label summary = new Label();
    private final RunComparison comparison;
    private final BiConsumer<String, String> openEvent;

    public ComparePane(RunComparison comparison) {
        this(comparison, (run, event) -> {
        });
    }

    /** @param openEvent called with a run and an event id when the reviewer opens an event from the table */
    public ComparePane(RunComparison comparison, BiConsumer<String, String> openEvent) {
        this.comparison = comparison;
        this.openEvent = openEvent;
        getStyleClass().add("compare-pane");
        getStylesheets().add(Objects.requireNonNull(ComparePane.class.getResource("/dev/forkline/views/workbench.css")).toExternalForm());
        setPadding(new Insets(12));
        setSpacing(8);
        Label title = new Label(comparison.leftRun() + "  vs  " + comparison.rightRun(), Icons.of(Material2AL.CALL_SPLIT, 18));
        title.getStyleClass().add("trace-heading");
        summary.setText(summaryText(comparison));
        summary.setWrapText(true);
        summary.getStyleClass().add(comparison.firstDivergence() < 0 ? "tone-success" : "tone-warning");
        summary.setId("compare-summary");
        Label legend = new Label("Rows are aligned by what each step did (tool and arguments, exit status, file written), as a diff "
                + "aligns lines. Changed words are highlighted; hover a cell for its full text, double-click it to open the event.");
        legend.getStyleClass().add("muted");
        legend.setWrapText(true);

        TableColumn<Row, String> step = new TableColumn<>("Step");
        step.setCellValueFactory(row -> new SimpleStringProperty(stepText(row.getValue())));
        step.setPrefWidth(72);
        step.setMaxWidth(110);
        TableColumn<Row, Row> left = new TableColumn<>(comparison.leftRun() + " (parent)");
        left.setCellValueFactory(row -> new SimpleObjectProperty<>(row.getValue()));
        left.setCellFactory(column -> new SideCell(true));
        TableColumn<Row, Row> right = new TableColumn<>(comparison.rightRun());
        right.setCellValueFactory(row -> new SimpleObjectProperty<>(row.getValue()));
        right.setCellFactory(column -> new SideCell(false));
        table.getColumns().addAll(List.of(step, left, right));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        left.setPrefWidth(500);
        table.widthProperty().addListener((obs, old, width) -> left.setPrefWidth((width.doubleValue() - step.getWidth() - 20) / 2));
        table.getItems().setAll(comparison.rows());
        table.getSelectionModel().setCellSelectionEnabled(true);
        table.setRowFactory(v -> new TableRow<>() {
            @Override
            protected void updateItem(Row row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().removeAll("compare-first-divergence", "compare-differs", "compare-same", "compare-gap");
                if (!empty && row != null) {
                    int index = row.step() - 1;
                    getStyleClass().add(index == comparison.firstDivergence() ? "compare-first-divergence"
                            : switch (row.change()) {
                        case SAME -> "compare-same";
                        case CHANGED -> "compare-differs";
                        case LEFT_ONLY, RIGHT_ONLY -> "compare-gap";
                    });
                }
            }
        });
        table.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                openSelected();
                e.consume();
            }
        });
        table.setPlaceholder(new Label("Nothing to compare"));
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(title, summary, legend, table);
    }

    /** Opens the event of the selected cell (the right side when the step column is selected). */
    void openSelected() {
        var cells = table.getSelectionModel().getSelectedCells();
        if (cells.isEmpty()) {
            return;
        }
        var position = cells.getFirst();
        Row row = table.getItems().get(position.getRow());
        open(row, position.getColumn() == 1);
    }

    private void open(Row row, boolean leftSide) {
        Event event = leftSide ? row.left() : row.right();
        if (event == null) {
            event = leftSide ? row.right() : row.left();
        }
        if (event != null) {
            openEvent.accept(event.run(), event.id());
        }
    }

    static String summaryText(RunComparison comparison) {
        if (comparison.leftRun() == null) {
            return "This run has no parent to compare with.";
        }
        String after = "Aligned by content after the fork point " + comparison.forkPoint() + ". ";
        if (comparison.firstDivergence() < 0) {
            return after + "The runs do the same thing at every step.";
        }
        Row first = comparison.rows().get(comparison.firstDivergence());
        long same = comparison.rows().stream().filter(Row::same).count();
        String what = switch (first.change()) {
            case CHANGED -> "both runs " + first.left().type() + ", differently";
            case LEFT_ONLY -> "only " + comparison.leftRun() + " has " + first.left().type();
            case RIGHT_ONLY -> "only " + comparison.rightRun() + " has " + first.right().type();
            case SAME -> "";
        };
        return after + "First divergence at row " + first.step() + " (" + what + "); " + same + " of "
                + comparison.rows().size() + " rows are the same in both runs.";
    }

    /** The cell shows this much; the tooltip has all of it. */
    private static String cut(String text) {
        return text.length() <= CELL_CHARS ? text : text.substring(0, CELL_CHARS - 1) + "…";
    }

    private static String stepText(Row row) {
        return (row.leftStep() == 0 ? "–" : String.valueOf(row.leftStep())) + " · " + (row.rightStep() == 0 ? "–" : String.valueOf(row.rightStep()));
    }

    /** One side of a row: its text, the words that differ from the other side highlighted, the full text on hover. */
    private final class SideCell extends TableCell<Row, Row> {

        private final boolean leftSide;

        SideCell(boolean leftSide) {
            this.leftSide = leftSide;
            setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && getItem() != null) {
                    open(getItem(), this.leftSide);
                }
            });
        }

        @Override
        protected void updateItem(Row row, boolean empty) {
            super.updateItem(row, empty);
            getStyleClass().remove("compare-gap-cell");
            setText(null);
            setGraphic(null);
            setTooltip(null);
            if (empty || row == null) {
                return;
            }
            Event mine = leftSide ? row.left() : row.right();
            Event theirs = leftSide ? row.right() : row.left();
            if (mine == null) {
                getStyleClass().add("compare-gap-cell");
                setText("(not in this run)");
                return;
            }
            String text = cut(RunComparison.summary(mine));
            String other = row.change() == Change.CHANGED ? cut(RunComparison.summary(theirs)) : null;
            // one line of text pieces, cut at the cell's edge (the tooltip has it all)
            HBox box = new HBox();
            for (InlineDiff.Segment segment : InlineDiff.segments(text, other)) {
                Text piece = new Text(segment.text());
                piece.getStyleClass().add(segment.changed() ? "compare-changed-text" : "compare-text");
                box.getChildren().add(piece);
            }
            box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
            box.setMinWidth(0);
            box.setPrefWidth(0);
            box.setMaxWidth(Double.MAX_VALUE);
            javafx.scene.shape.Rectangle clip = new javafx.scene.shape.Rectangle();
            clip.widthProperty().bind(box.widthProperty());
            clip.heightProperty().bind(box.heightProperty());
            box.setClip(clip);
            setGraphic(box);
            setTextOverrun(OverrunStyle.ELLIPSIS);
            Tooltip tooltip = new Tooltip(RunComparison.fullText(mine) + "\n\n" + mine.id() + " · double-click to open");
            tooltip.setWrapText(true);
            tooltip.setMaxWidth(720);
            tooltip.setShowDelay(Duration.millis(300));
            setTooltip(tooltip);
        }
    }
}
