package dev.forkline.views.shell;

import javafx.application.HostServices;
import javafx.scene.control.Alert;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.stage.Window;
import org.kordamp.ikonli.material2.Material2AL;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * Help's documentation link and About: the documentation (the docs/ folder) opens in the browser when the application
 * can open it ({@link #useHostServices}), else a dialog names where it is; About says the version.
 */
public final class HelpMenu {

    /** Said when no docs/ folder is found above the working directory. */
    static final String NO_DOCS = "the docs/ folder of the Forkline sources (not found from " + Path.of("").toAbsolutePath() + ")";
    private static HostServices hostServices;

    private HelpMenu() {
    }

    /** Lets Help open pages in the browser (given by the application at start; without it Help shows the address). */
    public static void useHostServices(HostServices services) {
        hostServices = services;
    }

    static List<MenuItem> items(Supplier<Window> owner) {
        MenuItem docs = new MenuItem("Documentation", Icons.of(Material2AL.HELP_OUTLINE));
        docs.setId("help-docs");
        docs.setOnAction(e -> openDocs(owner.get()));
        MenuItem about = new MenuItem("About Forkline", Icons.of(Material2AL.INFO));
        about.setId("help-about");
        about.setOnAction(e -> about(owner.get()).show());
        return List.of(new SeparatorMenuItem(), docs, about);
    }

    /** The documentation: the docs/ folder of the checkout or installation the window runs from, found walking up. */
    static String docsLocation() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path docs = dir.resolve("docs").resolve("trace-format.md");
            if (Files.isRegularFile(docs)) {
                return docs.getParent().toUri().toString();
            }
        }
        return NO_DOCS;
    }

    static void openDocs(Window owner) {
        String location = docsLocation();
        if (hostServices != null && !location.equals(NO_DOCS)) {
            hostServices.showDocument(location);
            return;
        }
        Alert info = new Alert(Alert.AlertType.INFORMATION, "The documentation is at\n" + location);
        info.initOwner(owner);
        info.setTitle("Forkline documentation");
        info.setHeaderText("Documentation");
        info.getDialogPane().setId("docs-dialog");
        info.show();
    }

    static Alert about(Window owner) {
        Alert about = new Alert(Alert.AlertType.INFORMATION, "Forkline " + version() + "\nReview, replay and fork AI-agent runs.\n\n"
                + "Java " + Runtime.version() + " · JavaFX " + System.getProperty("javafx.runtime.version", "?")
                + "\nDocumentation: " + docsLocation());
        about.initOwner(owner);
        about.setTitle("About Forkline");
        about.setHeaderText("Forkline " + version());
        about.getDialogPane().setId("about-dialog");
        return about;
    }

    /** The version from the jar's manifest, or "development build" when run from classes. */
    static String version() {
        String version = HelpMenu.class.getPackage().getImplementationVersion();
        return version == null ? "(development build)" : version;
    }
}
