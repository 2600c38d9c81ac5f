package dev.forkline.views.shell;

import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.views.viewmodel.DecisionFormViewModel;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** The Decide… form: verdict, new arguments (modify), rationale, owner; says "saved" only when the decision is on disk. */
final class DecisionPane extends VBox {

    final ComboBox<Verdict> verdict = new ComboBox<>();
    final TextArea arguments = new TextArea();
    final ComboBox<String> treatAs = new ComboBox<>();
    final TextArea rationale = new TextArea();
    final TextField owner = new TextField();
    final Button save = new Button("Sign and save", Icons.of(Material2MZ.SAVE));
    final Button close = new Button("Close");
    final Label status = new Label();
    final Label alteredWarning = new Label();
    final javafx.scene.control.CheckBox acceptAltered = new javafx.scene.control.CheckBox("I have seen that this trace is altered and decide anyway");

    DecisionPane(DecisionFormViewModel model, Runnable onClose) {
        getStyleClass().add("decision-pane");
        setId("decision-pane");
        setSpacing(10);
        setPadding(new Insets(14));
        var item = model.item();
        Label title = new Label("Decide " + item.kind().wireName() + " " + item.eventId(), Icons.of(Material2AL.GAVEL));
        title.getStyleClass().add("inspector-title");
        Label subject = new Label(item.traceId() + " · run " + item.run() + "\n" + item.summary());
        subject.setWrapText(true);
        subject.getStyleClass().add("muted");

        verdict.setId("decision-verdict");
        verdict.getItems().setAll(Verdict.values());
        verdict.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Verdict value) {
                return value == null ? "" : value.wireName();
            }

            @Override
            public Verdict fromString(String text) {
                return Verdict.fromWire(text);
            }
        });
        verdict.valueProperty().bindBidirectional(model.verdictProperty());
        arguments.setId("decision-arguments");
        arguments.textProperty().bindBidirectional(model.argumentsProperty());
        arguments.getStyleClass().add("mono");
        arguments.setPrefRowCount(3);
        arguments.disableProperty().bind(model.verdictProperty().isNotEqualTo(Verdict.MODIFY));
        rationale.setId("decision-rationale");
        rationale.textProperty().bindBidirectional(model.rationaleProperty());
        rationale.setPromptText("Why (required): kept in the trace for whoever reads it later");
        rationale.setPrefRowCount(3);
        rationale.setWrapText(true);
        owner.setId("decision-owner");
        owner.textProperty().bindBidirectional(model.ownerProperty());
        owner.setPromptText("owner name, e.g. dana");

        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.addRow(0, new Label("Verdict"), verdict);
        form.addRow(1, new Label("New arguments"), arguments);
        form.getColumnConstraints().addAll(new javafx.scene.layout.ColumnConstraints(110), new javafx.scene.layout.ColumnConstraints());
        form.addRow(2, new Label("Rationale"), rationale);
        form.addRow(3, new Label("Owner"), owner);
        if (model.settlesAnOutcome()) {
            treatAs.setId("decision-treat-as");
            treatAs.getItems().setAll("leave unknown", Decision.TREAT_AS_DONE, Decision.TREAT_AS_FAILED);
            treatAs.setValue("leave unknown");
            treatAs.valueProperty().addListener((obs, old, value) ->
                    model.treatAsProperty().set("leave unknown".equals(value) ? null : value));
            treatAs.setTooltip(new javafx.scene.control.Tooltip("Settle the unknown outcome as done or failed: a replay then goes on without re-firing it"));
            form.addRow(4, new Label("Outcome"), treatAs);
        }
        GridPane.setHgrow(rationale, Priority.ALWAYS);
        GridPane.setHgrow(arguments, Priority.ALWAYS);

        status.setId("decision-status");
        status.textProperty().bind(model.messageProperty());
        status.setWrapText(true);
        model.stateProperty().addListener((obs, old, state) -> {
            status.getStyleClass().removeAll("tone-success", "tone-danger");
            if (state == DecisionFormViewModel.State.SAVED) {
                status.getStyleClass().add("tone-success");
            } else if (state == DecisionFormViewModel.State.FAILED) {
                status.getStyleClass().add("tone-danger");
            }
        });
        save.setId("decision-save");
        save.setDefaultButton(true);
        save.disableProperty().bind(model.canSaveProperty().not());
        save.setOnAction(e -> model.save());
        close.setId("decision-close");
        close.setOnAction(e -> onClose.run());
        Label signer = new Label("Signed with the owner's Ed25519 key (created on first use)");
        signer.getStyleClass().add("muted");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, signer, spacer, close, save);
        buttons.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(title, subject);
        if (model.altered() != null) {
            alteredWarning.setId("decision-altered-warning");
            alteredWarning.setText(model.alteredWarning());
            alteredWarning.setWrapText(true);
            alteredWarning.setGraphic(Icons.of(Material2MZ.WARNING, 18));
            alteredWarning.getStyleClass().add("tone-danger");
            acceptAltered.setId("decision-accept-altered");
            acceptAltered.selectedProperty().bindBidirectional(model.acceptAlteredProperty());
            getChildren().addAll(alteredWarning, acceptAltered);
        }
        getChildren().addAll(form, status, buttons);
    }
}
