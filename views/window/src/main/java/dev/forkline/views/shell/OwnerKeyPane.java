package dev.forkline.views.shell;

import dev.forkline.views.viewmodel.OwnerKeySetupViewModel;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

import java.util.function.Consumer;

/** Sets up an owner's key in the window (or protects an old unprotected one): name, passphrase twice. */
final class OwnerKeyPane extends VBox {

    final TextField owner = new TextField();
    final PasswordField passphrase = new PasswordField();
    final PasswordField repeated = new PasswordField();
    final Button create = new Button("Set up the key");
    final Label message = new Label();
    private final OwnerKeySetupViewModel model;

    OwnerKeyPane(OwnerKeySetupViewModel model, Consumer<String> ready) {
        this.model = model;
        setId("owner-key-pane");
        getStyleClass().add("owner-key-pane");
        setSpacing(6);
        setPadding(new Insets(8));
        Label explain = new Label("Your decisions are signed with your own Ed25519 key, encrypted with a passphrase only you know: "
                + "an agent running as you can read the file but cannot sign with it. Forkline asks for the passphrase once per window.");
        explain.setWrapText(true);
        explain.getStyleClass().add("muted");
        owner.setId("key-owner");
        owner.setPromptText("owner name, e.g. dana");
        owner.textProperty().bindBidirectional(model.ownerProperty());
        passphrase.setId("key-passphrase");
        passphrase.setPromptText("at least 8 characters");
        repeated.setId("key-repeat");
        create.setId("key-create");
        owner.textProperty().addListener((obs, old, now) -> create.setText(model.protectsExisting() ? "Protect the key" : "Set up the key"));
        create.disableProperty().bind(model.busyProperty());
        create.setOnAction(e -> {
            char[] first = passphrase.getText().toCharArray();
            char[] second = repeated.getText().toCharArray();
            passphrase.clear();
            repeated.clear();
            model.submit(first, second, ready);
        });
        message.setId("key-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(6);
        grid.getColumnConstraints().addAll(new javafx.scene.layout.ColumnConstraints(110), new javafx.scene.layout.ColumnConstraints());
        grid.addRow(0, new Label("Owner"), owner);
        grid.addRow(1, new Label("Passphrase"), passphrase);
        grid.addRow(2, new Label("Again"), repeated);
        getChildren().addAll(explain, grid, create, message);
    }

    /** Shows the set-up for this owner name (an unprotected key of that name is then protected). */
    void showFor(String name) {
        model.ownerProperty().set(name == null ? "" : name);
        create.setText(model.protectsExisting() ? "Protect the key" : "Set up the key");
    }
}
