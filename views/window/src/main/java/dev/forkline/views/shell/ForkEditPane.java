package dev.forkline.views.shell;

import dev.forkline.views.viewmodel.ForkEditViewModel;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;

/** Fork with edit…: the selected event's data as JSON (merged into the event, null removes a key), or drop the step. */
final class ForkEditPane extends VBox {

    final TextArea json = new TextArea();
    final CheckBox drop = new CheckBox("Drop this step (a tool call's result, mutations and escape attempt go with it)");
    final Label problem = new Label();
    final Button fork = new Button("Fork and replay", Icons.of(Material2AL.CALL_SPLIT));
    final Button cancel = new Button("Cancel");

    private final String traceId;

    ForkEditPane(ForkEditViewModel model, Runnable onClose) {
        this.traceId = model.traceId();
        setId("fork-edit");
        setSpacing(10);
        setPadding(new Insets(14));
        var event = model.event();
        Label title = new Label("Fork with edit of " + event.id() + " (" + event.type() + ")", Icons.of(Material2AL.CALL_SPLIT));
        title.getStyleClass().add("inspector-title");
        Label hint = new Label("The JSON is merged into the event's data: objects key by key, other values replaced, null removes a key. "
                + "The fork starts from the latest checkpoint before this event; what differs after it is expected.");
        hint.setWrapText(true);
        hint.getStyleClass().add("muted");
        json.setId("fork-json");
        json.textProperty().bindBidirectional(model.jsonProperty());
        json.getStyleClass().add("mono");
        json.disableProperty().bind(model.dropProperty());
        json.setPrefRowCount(12);
        drop.setId("fork-drop");
        drop.selectedProperty().bindBidirectional(model.dropProperty());
        problem.getStyleClass().add("danger-text");
        problem.textProperty().bind(model.problemProperty());
        problem.setWrapText(true);
        fork.setId("fork-submit");
        fork.setDefaultButton(true);
        fork.setOnAction(e -> {
            if (model.submit()) {
                onClose.run();
            }
        });
        cancel.setOnAction(e -> onClose.run());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, spacer, cancel, fork);
        buttons.setAlignment(Pos.CENTER_RIGHT);
        VBox.setVgrow(json, Priority.ALWAYS);
        getChildren().addAll(title, hint, json, drop, problem, buttons);
    }

    /** The trace of the event the form edits. */
    String traceId() {
        return traceId;
    }
}
