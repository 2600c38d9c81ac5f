package dev.forkline.views.shell;

import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.layout.Region;
import javafx.scene.Scene;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Builds the workbench's own windows (compare, escape queue, decide, fork with edit, session set-up) the one way: owned
 * by the main window (or the window given), titled "Forkline — …", with the workbench's stylesheets and the current
 * theme, which follows a later theme change while the window is open.
 */
final class WindowFactory {

    static final String TITLE_PREFIX = "Forkline — ";

    private final Supplier<Window> mainWindow;
    private final List<String> stylesheets;
    private final List<Parent> open = new ArrayList<>();
    private boolean dark;

    /**
     * @param mainWindow  the owner of the windows made (null while the main window is not shown)
     * @param stylesheets the workbench's stylesheets, applied to every window made
     */
    WindowFactory(Supplier<Window> mainWindow, List<String> stylesheets) {
        this.mainWindow = mainWindow;
        this.stylesheets = List.copyOf(stylesheets);
    }

    /** A window owned by the main window, not yet shown. */
    Stage create(String title, Parent content, double width, double height) {
        return create(null, title, content, width, height, false);
    }

    /**
     * A window not yet shown.
     *
     * @param owner null for the main window
     * @param modal whether it blocks its owner until closed
     */
    Stage create(Window owner, String title, Parent content, double width, double height, boolean modal) {
        Stage stage = new Stage();
        Window ownedBy = owner != null ? owner : mainWindow.get();
        if (ownedBy != null) {
            stage.initOwner(ownedBy);
        }
        if (modal) {
            stage.initModality(Modality.WINDOW_MODAL);
        }
        stage.setTitle(TITLE_PREFIX + title);
        stage.setScene(scene(content, width, height));
        open.add(content);
        stage.setOnHidden(e -> open.remove(content));
        return stage;
    }

    /**
     * A window {@code width} wide and as tall as its content, not yet shown: it grows and shrinks with the content (a
     * form whose parts appear as they are needed) instead of opening with empty space under it.
     */
    Stage createFitted(Window owner, String title, Region content, double width, boolean modal) {
        content.setPrefWidth(width);
        Stage stage = create(owner, title, content, -1, -1, modal);
        content.needsLayoutProperty().addListener((obs, was, needs) -> {
            if (needs) {
                Platform.runLater(() -> {
                    if (stage.getScene() != null && Math.abs(content.prefHeight(width) - stage.getScene().getHeight()) > 1) {
                        stage.sizeToScene();
                    }
                });
            }
        });
        return stage;
    }

    /** A scene with the workbench's stylesheets and theme, for a window made elsewhere (-1: the content's size). */
    Scene scene(Parent content, double width, double height) {
        content.getStyleClass().add("workbench");
        stylesheets.stream().filter(sheet -> !content.getStylesheets().contains(sheet)).forEach(content.getStylesheets()::add);
        theme(content);
        return new Scene(content, width, height);
    }

    /** Uses light or dark for the windows made from now on and for those open. */
    void applyTheme(boolean darkTheme) {
        this.dark = darkTheme;
        open.forEach(this::theme);
    }

    private void theme(Parent content) {
        content.getStyleClass().removeAll("theme-dark", "theme-light");
        content.getStyleClass().add(dark ? "theme-dark" : "theme-light");
    }
}
