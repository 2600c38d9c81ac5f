package dev.forkline.views.shell;

import dev.forkline.trace.store.TeamDatabase;
import dev.forkline.views.viewmodel.TeamStoreViewModel;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** "Connect to team store…": the team's PostgreSQL address and, if the environment does not give it, the password. */
final class TeamStorePane extends VBox {

    final TextField address = new TextField();
    final PasswordField password = new PasswordField();
    final Button connect = new Button("Connect");
    final Label message = new Label();

    TeamStorePane(TeamStoreViewModel model) {
        setId("team-store-pane");
        setSpacing(6);
        setPadding(new Insets(8));
        Label explain = new Label("The team's shared store (PostgreSQL 15 or later). The window then shows the team's traces and "
                + "escape queue; replays, forks and decisions are stored there. Your own store stays as it is.");
        explain.setWrapText(true);
        explain.getStyleClass().add("muted");
        address.setId("team-store-address");
        address.setPromptText(TeamDatabase.SCHEME + "USER@HOST[:PORT]/DB");
        address.textProperty().bindBidirectional(model.addressProperty());
        password.setId("team-store-password");
        password.setPromptText("empty: " + TeamDatabase.PASSWORD_VARIABLE + ", PGPASSWORD or ~/.pgpass");
        connect.setId("team-store-connect");
        connect.setDefaultButton(true);
        connect.disableProperty().bind(model.busyProperty().or(address.textProperty().isEmpty()));
        connect.setOnAction(e -> {
            char[] typed = password.getText().toCharArray();
            password.clear();
            model.connect(typed);
        });
        message.setId("team-store-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(6);
        ColumnConstraints field = new ColumnConstraints();
        field.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(new ColumnConstraints(80), field);
        grid.addRow(0, new Label("Address"), address);
        grid.addRow(1, new Label("Password"), password);
        getChildren().addAll(explain, grid, connect, message);
    }
}
