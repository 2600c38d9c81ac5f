package dev.forkline.views.shell;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.control.MenuItem;
import org.kordamp.ikonli.material2.Material2AL;

import java.util.Objects;

/**
 * The line under a menu's actions that says why one is disabled ("Replay: no checkpoint at or before the selected
 * event…"): shown only while the action is blocked, and not repeated when an earlier line says the same.
 */
final class ActionReasons {

    private static final String UNAVAILABLE = "Replay unavailable";

    private ActionReasons() {
    }

    /**
     * @param id        the item's id (for tests)
     * @param prefix    what the reason is about, e.g. {@code "Fork: "}
     * @param reason    why the action is blocked, null while it is not
     * @param saidAbove the reason an earlier line shows (this one hides when equal), or null
     */
    static MenuItem line(String id, String prefix, ObservableStringValue reason, ObservableStringValue saidAbove) {
        MenuItem item = new MenuItem();
        item.setId(id);
        item.setGraphic(Icons.of(Material2AL.INFO, 14));
        item.setDisable(true);
        item.getStyleClass().add("action-reason");
        // "Replay unavailable: <engine>" is about every action already: it goes without the action's prefix
        item.textProperty().bind(Bindings.createStringBinding(() -> reason.get() == null ? ""
                : reason.get().startsWith(UNAVAILABLE) ? reason.get() : prefix + reason.get(), reason));
        item.visibleProperty().bind(Bindings.createBooleanBinding(() -> reason.get() != null
                && (saidAbove == null || !Objects.equals(reason.get(), saidAbove.get())), reason,
                saidAbove == null ? reason : saidAbove));
        return item;
    }
}
