package dev.forkline.views.shell;

import dev.forkline.trace.decision.QueueItem;
import dev.forkline.views.viewmodel.EscapeQueueViewModel;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.function.Consumer;

/**
 * The escape queue across the library, newest first: kind, trace (by title), run, event, summary, escalated. Selecting an item
 * opens its trace at the event; Decide… records a signed decision about it.
 */
final class EscapeQueuePane extends VBox {

    private static final java.time.format.DateTimeFormatter WHEN = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(java.time.ZoneOffset.UTC);

    final TableView<QueueItem> table = new TableView<>();
    final Button decide = new Button("Decide…", Icons.of(Material2AL.GAVEL));
    final Button refresh = new Button("Refresh", Icons.of(Material2MZ.REFRESH));
    final Label count = new Label();

    EscapeQueuePane(EscapeQueueViewModel model, Consumer<QueueItem> onDecide) {
        getStyleClass().add("queue-pane");
        setId("escape-queue");
        setSpacing(8);
        setPadding(new Insets(10));
        Label title = new Label("Escape queue", Icons.of(Material2MZ.SECURITY));
        title.getStyleClass().add("pane-title");
        count.textProperty().bind(model.countProperty().asString().concat(" waiting for a decision"));
        count.getStyleClass().add("muted");
        Label error = new Label();
        error.getStyleClass().add("danger-text");
        error.textProperty().bind(model.errorProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        decide.setId("decide");
        decide.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        decide.setOnAction(e -> onDecide.accept(table.getSelectionModel().getSelectedItem()));
        if (!model.canDecide()) {
            decide.disableProperty().unbind();
            decide.setDisable(true);
            decide.setTooltip(new javafx.scene.control.Tooltip(EscapeQueueViewModel.NO_KEY_RING));
        }
        refresh.setOnAction(e -> model.refresh());
        HBox head = new HBox(10, title, count, error, spacer, refresh, decide);
        head.setAlignment(Pos.CENTER_LEFT);

        table.setId("queue-table");
        table.setItems(model.items());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("The escape queue is empty"));
        table.getColumns().add(FullText.column("When (UTC)", 155, item -> WHEN.format(item.ts())));
        table.getColumns().add(FullText.column("Kind", 135, item -> item.kind().wireName()));
        TableColumn<QueueItem, String> trace = FullText.column("Trace", 300, model::traceTitle, item -> model.traceTitle(item) + "\n" + item.traceId());
        trace.setId("queue-trace");
        table.getColumns().add(trace);
        table.getColumns().add(FullText.column("Run", 55, QueueItem::run));
        table.getColumns().add(FullText.column("Event", 65, QueueItem::eventId));
        table.getColumns().add(FullText.column("Escalated", 90, item -> item.escalated() ? "escalated" : ""));
        table.getColumns().add(FullText.column("Summary", 400, QueueItem::summary));
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, item) -> {
            if (item != null) {
                model.open(item);
            }
        });
        table.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && table.getSelectionModel().getSelectedItem() != null && !decide.isDisabled()) {
                onDecide.accept(table.getSelectionModel().getSelectedItem());
            }
        });
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(head, table);
    }
}
