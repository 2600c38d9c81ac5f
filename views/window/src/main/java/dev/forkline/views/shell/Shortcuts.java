package dev.forkline.views.shell;

import dev.forkline.views.viewmodel.StepScope;
import dev.forkline.views.viewmodel.TimelineViewModel;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCharacterCombination;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

import java.util.List;

/**
 * The timeline's keyboard shortcuts in one place: the Navigate menu and the View menu's zoom items (which show them as
 * accelerators) and the shortcuts dialog (two aligned columns) are built from it. Stepping follows the Vim/Gmail
 * convention: J next, K previous.
 */
final class Shortcuts {

    /** One row of the shortcuts dialog: the keys as a person types them, and what they do. */
    record Row(String keys, String does) {
    }

    static final List<Row> ROWS = List.of(
            new Row("→ or J / ← or K", "next / previous event"),
            new Row("Shift + → / ←", "next / previous tool call"),
            new Row("Ctrl or Alt + → / ←", "next / previous failure"),
            new Row("] / [", "next / previous event of the selected actor"),
            new Row("Home / End", "first / last event"),
            new Row("Space", "play / pause"),
            new Row("+ / - / 0", "zoom in / out / fit the run"),
            new Row("F", "zoom to the selected event"),
            new Row("Ctrl + wheel", "zoom around the pointer; wheel or drag pans"),
            new Row("Drag on “Whole run”", "zoom to the dragged range; click centres there"),
            new Row("Ctrl + F", "search; Enter / Shift+Enter next / previous match"));

    private Shortcuts() {
    }

    /** The Navigate menu: stepping, first/last and playback, each with its key shown. */
    static Menu navigateMenu(TimelineViewModel timeline) {
        return new Menu("Navigate", null,
                item("Next event", new KeyCodeCombination(KeyCode.J), () -> timeline.step(+1, StepScope.ALL)),
                item("Previous event", new KeyCodeCombination(KeyCode.K), () -> timeline.step(-1, StepScope.ALL)),
                item("Next tool call", new KeyCodeCombination(KeyCode.RIGHT, KeyCombination.SHIFT_DOWN),
                        () -> timeline.step(+1, StepScope.TOOL_CALLS)),
                item("Previous tool call", new KeyCodeCombination(KeyCode.LEFT, KeyCombination.SHIFT_DOWN),
                        () -> timeline.step(-1, StepScope.TOOL_CALLS)),
                item("Next failure", new KeyCodeCombination(KeyCode.RIGHT, KeyCombination.CONTROL_DOWN),
                        () -> timeline.step(+1, StepScope.FAILURES)),
                item("Previous failure", new KeyCodeCombination(KeyCode.LEFT, KeyCombination.CONTROL_DOWN),
                        () -> timeline.step(-1, StepScope.FAILURES)),
                item("Next event of this actor", new KeyCharacterCombination("]"), () -> timeline.step(+1, StepScope.SAME_ACTOR)),
                item("Previous event of this actor", new KeyCharacterCombination("["), () -> timeline.step(-1, StepScope.SAME_ACTOR)),
                new SeparatorMenuItem(),
                item("First event", new KeyCodeCombination(KeyCode.HOME), timeline::home),
                item("Last event", new KeyCodeCombination(KeyCode.END), timeline::end),
                item("Play / pause", new KeyCodeCombination(KeyCode.SPACE), timeline::togglePlay));
    }

    /** The View menu's zoom items with their keys. */
    static List<MenuItem> zoomItems(TimelineViewModel timeline) {
        MenuItem zoomIn = item("Zoom in", new KeyCharacterCombination("+"), () -> timeline.zoomAroundCursor(1.5));
        zoomIn.setGraphic(Icons.of(org.kordamp.ikonli.material2.Material2MZ.ZOOM_IN));
        MenuItem zoomOut = item("Zoom out", new KeyCharacterCombination("-"), () -> timeline.zoomAroundCursor(1 / 1.5));
        zoomOut.setGraphic(Icons.of(org.kordamp.ikonli.material2.Material2MZ.ZOOM_OUT));
        MenuItem fit = item("Fit run", new KeyCodeCombination(KeyCode.DIGIT0), timeline::fit);
        fit.setGraphic(Icons.of(org.kordamp.ikonli.material2.Material2MZ.ZOOM_OUT_MAP));
        MenuItem selection = item("Zoom to selection", new KeyCodeCombination(KeyCode.F), timeline::zoomToSelection);
        selection.setGraphic(Icons.of(org.kordamp.ikonli.material2.Material2AL.FILTER_CENTER_FOCUS));
        selection.disableProperty().bind(timeline.selectedIndexProperty().lessThan(0));
        return List.of(zoomIn, zoomOut, fit, selection);
    }

    private static MenuItem item(String text, KeyCombination keys, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setAccelerator(keys);
        item.setOnAction(e -> action.run());
        return item;
    }

    /** The shortcuts dialog: keys in one column, what they do in the next, each column aligned. */
    static Alert dialog(Window owner) {
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(owner);
        alert.setTitle("Keyboard shortcuts");
        alert.setHeaderText("Stepping through a run");
        alert.getDialogPane().setContent(table());
        alert.getDialogPane().setId("shortcuts-dialog");
        return alert;
    }

    static GridPane table() {
        GridPane grid = new GridPane();
        grid.setId("shortcuts-table");
        grid.setHgap(24);
        grid.setVgap(6);
        ColumnConstraints keys = new ColumnConstraints();
        keys.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        grid.getColumnConstraints().addAll(keys, new ColumnConstraints());
        for (int row = 0; row < ROWS.size(); row++) {
            Label key = new Label(ROWS.get(row).keys());
            key.getStyleClass().add("shortcut-keys");
            key.setStyle("-fx-font-weight: bold;");
            Label does = new Label(ROWS.get(row).does());
            does.getStyleClass().add("shortcut-does");
            grid.addRow(row, key, does);
        }
        return grid;
    }
}
