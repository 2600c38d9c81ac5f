package dev.forkline.views.shell;

import dev.forkline.trace.Finding;
import dev.forkline.views.viewmodel.OpenedTrace;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * Above the timeline, while the open trace was imported without parts of its file the importer could not read (a
 * transcript whose last line was being written, an export cut short): what they held is not on the timeline, and a
 * reviewer must know that before reading what is.
 */
final class UnreadPartsBanner extends HBox {

    final Label headline = new Label();
    final Label detail = new Label();

    UnreadPartsBanner(WorkbenchViewModel model) {
        setId("unread-parts-banner");
        getStyleClass().addAll("integrity-banner", "integrity-note");
        setSpacing(10);
        setPadding(new Insets(8, 12, 8, 12));
        setAlignment(Pos.CENTER_LEFT);
        headline.setId("unread-parts-headline");
        headline.getStyleClass().add("integrity-headline");
        headline.setWrapText(true);
        detail.setId("unread-parts-detail");
        detail.getStyleClass().add("muted");
        detail.setWrapText(true);
        VBox text = new VBox(2, headline, detail);
        HBox.setHgrow(text, Priority.ALWAYS);
        text.setMinWidth(0);
        Label icon = new Label();
        icon.getStyleClass().add("integrity-icon");
        icon.setGraphic(Icons.of(Material2MZ.WARNING, 20));
        getChildren().addAll(icon, text);
        model.openedProperty().addListener((obs, old, now) -> show(now));
        show(model.opened());
    }

    private void show(OpenedTrace trace) {
        List<Finding> unread = trace == null ? List.of() : trace.unreadParts();
        setVisible(!unread.isEmpty());
        setManaged(!unread.isEmpty());
        if (unread.isEmpty()) {
            return;
        }
        headline.setText("Incomplete: Forkline could not read " + (unread.size() == 1 ? "a part" : unread.size() + " parts")
                + " of the file this trace was imported from. What " + (unread.size() == 1 ? "it holds" : "they hold")
                + " is not on the timeline.");
        detail.setText((unread.size() == 1 ? "" : "First: ") + unread.getFirst().message()
                + (unread.size() == 1 ? "" : " (and " + (unread.size() - 1) + " more)"));
    }
}
