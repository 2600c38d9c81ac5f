package dev.forkline.views.shell;

import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.KeyProtection;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.views.viewmodel.DecisionFormViewModel;
import dev.forkline.views.viewmodel.OwnerKeySetupViewModel;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextArea;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * The Decide… form in two steps. First the verdict (none chosen), only the fields it needs, the rationale and an owner
 * whose key was set up (or the set-up itself); the button names the verdict ("Deny and sign…"). Then a summary of the
 * signed write, the passphrase when the key is still locked, and the button that signs ("Deny and sign"). Says "saved"
 * only when the decision is on disk.
 */
final class DecisionPane extends VBox {

    final ComboBox<Verdict> verdict = new ComboBox<>();
    final TextArea arguments = new TextArea();
    final ComboBox<String> treatAs = new ComboBox<>();
    final TextArea rationale = new TextArea();
    final ComboBox<String> owner = new ComboBox<>();
    final Button setUpKey = new Button("Set up a key…", Icons.of(Material2MZ.VPN_KEY, 14));
    final OwnerKeyPane keyPane;
    final Button review = new Button();
    final Button sign = new Button();
    final Button back = new Button("Back");
    final Button close = new Button("Close");
    final Label summary = new Label();
    final CheckBox writeToCopy = new CheckBox();
    final PasswordField passphrase = new PasswordField();
    final Label passphraseLabel = new Label();
    final Label status = new Label();
    final Label alteredWarning = new Label();
    final CheckBox acceptAltered = new CheckBox("I have seen that this trace is altered and decide anyway");
    private final DecisionFormViewModel model;
    private final HBox passphraseRow = new HBox(8);

    /** @param traceTitle the title of the item's trace, named instead of its id */
    DecisionPane(DecisionFormViewModel model, String traceTitle, Runnable onClose) {
        this.model = model;
        getStyleClass().add("decision-pane");
        setId("decision-pane");
        setSpacing(10);
        setPadding(new Insets(14));
        var item = model.item();
        Label title = new Label("Decide " + item.kind().wireName() + " " + item.eventId(), Icons.of(Material2AL.GAVEL));
        title.getStyleClass().add("inspector-title");
        Label subject = new Label(traceTitle + " · run " + item.run() + "\n" + item.summary());
        subject.setWrapText(true);
        subject.getStyleClass().add("muted");

        VBox editStep = editStep();
        VBox reviewStep = reviewStep();
        editStep.visibleProperty().bind(model.reviewingProperty().not());
        editStep.managedProperty().bind(editStep.visibleProperty());
        reviewStep.visibleProperty().bind(model.reviewingProperty());
        reviewStep.managedProperty().bind(reviewStep.visibleProperty());

        status.setId("decision-status");
        status.textProperty().bind(model.messageProperty());
        status.setWrapText(true);
        model.stateProperty().addListener((obs, old, state) -> {
            status.getStyleClass().removeAll("tone-success", "tone-danger");
            if (state == DecisionFormViewModel.State.SAVED) {
                status.getStyleClass().add("tone-success");
                for (Node done : new Node[] {passphraseRow, writeToCopy}) { // signed: nothing more to type or choose
                    done.setVisible(false);
                    done.setManaged(false);
                }
            } else if (state == DecisionFormViewModel.State.FAILED) {
                status.getStyleClass().add("tone-danger");
            }
        });

        review.setId("decision-review");
        review.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> model.verdictProperty().get() == null ? model.actionLabelProperty().get() : model.actionLabelProperty().get() + "…",
                model.actionLabelProperty(), model.verdictProperty()));
        review.setDefaultButton(true);
        review.disableProperty().bind(model.canReviewProperty().not());
        review.visibleProperty().bind(model.reviewingProperty().not());
        review.managedProperty().bind(review.visibleProperty());
        review.setOnAction(e -> {
            model.review();
            if (model.reviewingProperty().get()) {
                showReview();
            }
        });
        sign.setId("decision-sign");
        sign.textProperty().bind(model.actionLabelProperty());
        sign.setGraphic(Icons.of(Material2MZ.SAVE));
        sign.visibleProperty().bind(model.reviewingProperty());
        sign.managedProperty().bind(sign.visibleProperty());
        sign.disableProperty().bind(model.stateProperty().isEqualTo(DecisionFormViewModel.State.SAVING)
                .or(model.stateProperty().isEqualTo(DecisionFormViewModel.State.SAVED)));
        sign.setOnAction(e -> {
            char[] typed = passphrase.getText().toCharArray();
            passphrase.clear();
            model.confirm(typed);
        });
        back.setId("decision-back");
        back.visibleProperty().bind(model.reviewingProperty().and(model.stateProperty().isNotEqualTo(DecisionFormViewModel.State.SAVED)));
        back.managedProperty().bind(back.visibleProperty());
        back.setOnAction(e -> model.back());
        close.setId("decision-close");
        close.setOnAction(e -> onClose.run());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox buttons = new HBox(8, spacer, close, back, review, sign);
        buttons.setAlignment(Pos.CENTER_LEFT);

        keyPane = new OwnerKeyPane(new OwnerKeySetupViewModel(model.queue()), name -> {
            model.ownerProperty().set(name);
            showKeySetup(false);
        });
        editStep.getChildren().add(keyPane);
        showKeySetup(model.queue().owners().isEmpty());

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
        getChildren().addAll(editStep, reviewStep, status, buttons);
    }

    private VBox editStep() {
        verdict.setId("decision-verdict");
        verdict.getItems().setAll(Verdict.values());
        verdict.setPromptText("Choose a verdict…");
        verdict.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Verdict value) {
                return value == null ? "" : DecisionFormViewModel.describe(value);
            }

            @Override
            public Verdict fromString(String text) {
                return null;
            }
        });
        verdict.valueProperty().bindBidirectional(model.verdictProperty());
        verdict.setMaxWidth(Double.MAX_VALUE);
        arguments.setId("decision-arguments");
        arguments.textProperty().bindBidirectional(model.argumentsProperty());
        arguments.getStyleClass().add("mono");
        arguments.setPrefRowCount(3);
        rationale.setId("decision-rationale");
        rationale.textProperty().bindBidirectional(model.rationaleProperty());
        rationale.setPromptText("Why (required): kept in the trace for whoever reads it later");
        rationale.setPrefRowCount(3);
        rationale.setWrapText(true);

        owner.setId("decision-owner");
        owner.setItems(model.queue().owners());
        owner.setPromptText(model.queue().owners().isEmpty() ? "no key set up yet" : "Choose who decides");
        owner.setCellFactory(list -> new OwnerCell(false));
        owner.setButtonCell(new OwnerCell(true));
        owner.valueProperty().bindBidirectional(model.ownerProperty());
        owner.valueProperty().addListener((obs, old, now) -> {
            if (now != null && model.queue().protection(now) == KeyProtection.UNPROTECTED) {
                keyPane.showFor(now);
                showKeySetup(true);
            }
        });
        setUpKey.setId("decision-set-up-key");
        setUpKey.setOnAction(e -> {
            keyPane.showFor("");
            showKeySetup(!keyPane.isVisible());
        });
        HBox ownerRow = new HBox(8, owner, setUpKey);
        ownerRow.setAlignment(Pos.CENTER_LEFT);

        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.getColumnConstraints().addAll(new javafx.scene.layout.ColumnConstraints(110), new javafx.scene.layout.ColumnConstraints());
        form.addRow(0, new Label("Verdict"), verdict);
        Label argumentsLabel = new Label("New arguments");
        form.addRow(1, argumentsLabel, arguments);
        showOnlyWhen(model.showsArgumentsProperty(), argumentsLabel, arguments);
        form.addRow(2, new Label("Rationale"), rationale);
        form.addRow(3, new Label("Owner"), ownerRow);
        if (model.settlesAnOutcome()) {
            treatAs.setId("decision-treat-as");
            treatAs.getItems().setAll("leave unknown", Decision.TREAT_AS_DONE, Decision.TREAT_AS_FAILED);
            treatAs.setValue("leave unknown");
            treatAs.valueProperty().addListener((obs, old, value) ->
                    model.treatAsProperty().set("leave unknown".equals(value) ? null : value));
            model.treatAsProperty().addListener((obs, old, value) -> treatAs.setValue(value == null ? "leave unknown" : value));
            treatAs.setTooltip(new javafx.scene.control.Tooltip("Settle the unknown outcome as done or failed: a replay then goes on without re-firing it"));
            Label outcomeLabel = new Label("Outcome");
            form.addRow(4, outcomeLabel, treatAs);
            showOnlyWhen(model.showsOutcomeProperty(), outcomeLabel, treatAs);
        }
        GridPane.setHgrow(rationale, Priority.ALWAYS);
        GridPane.setHgrow(arguments, Priority.ALWAYS);
        GridPane.setHgrow(verdict, Priority.ALWAYS);
        VBox step = new VBox(8, form);
        step.setId("decision-edit-step");
        return step;
    }

    private VBox reviewStep() {
        Label heading = new Label("Check before signing: this is written for good", Icons.of(Material2MZ.WARNING, 16));
        heading.getStyleClass().add("section-title");
        summary.setId("decision-summary");
        summary.textProperty().bind(model.summaryProperty());
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        writeToCopy.setId("decision-write-to-copy");
        writeToCopy.selectedProperty().bindBidirectional(model.writeToCopyProperty());
        writeToCopy.setWrapText(true);
        passphrase.setId("decision-passphrase");
        passphrase.setPromptText("passphrase");
        passphrase.setOnAction(e -> sign.fire());
        passphraseRow.getChildren().setAll(passphraseLabel, passphrase);
        passphraseRow.setId("decision-passphrase-row");
        passphraseRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(passphrase, Priority.ALWAYS);
        VBox step = new VBox(8, heading, summary, writeToCopy, passphraseRow);
        step.setId("decision-review-step");
        return step;
    }

    /** Fills the parts of the summary step that depend on the moment: the copy offer and whether a passphrase is needed. */
    private void showReview() {
        boolean offers = model.offersCopy();
        writeToCopy.setVisible(offers);
        writeToCopy.setManaged(offers);
        if (offers) {
            writeToCopy.setText("Write to a copy instead, leaving the bundle you opened as it is ("
                    + model.queue().writes().target(model.item().traceId()).getParent() + " stays unchanged)");
        }
        boolean needs = model.needsPassphrase();
        passphraseRow.setVisible(needs);
        passphraseRow.setManaged(needs);
        passphraseLabel.setText("Passphrase of " + model.ownerProperty().get() + "'s key");
        if (needs) {
            passphrase.requestFocus();
        }
    }

    private void showKeySetup(boolean show) {
        keyPane.setVisible(show);
        keyPane.setManaged(show);
    }

    private static void showOnlyWhen(javafx.beans.value.ObservableBooleanValue condition, Node... nodes) {
        for (Node node : nodes) {
            node.visibleProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(condition::get, condition));
            node.managedProperty().bind(node.visibleProperty());
        }
    }

    /** An owner in the list, flagged when her key is not protected by a passphrase. */
    private final class OwnerCell extends ListCell<String> {
        private final boolean button;

        OwnerCell(boolean button) {
            this.button = button;
        }

        @Override
        protected void updateItem(String name, boolean empty) {
            super.updateItem(name, empty);
            if (empty || name == null) {
                setText(button ? owner.getPromptText() : null);
                return;
            }
            setText(model.queue().protection(name) == KeyProtection.UNPROTECTED ? name + " (key not protected)" : name);
        }
    }
}
