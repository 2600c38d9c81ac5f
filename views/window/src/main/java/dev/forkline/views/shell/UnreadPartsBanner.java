package dev.forkline.views.shell;

import dev.forkline.trace.Finding;
import dev.forkline.views.viewmodel.OpenedTrace;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import java.util.List;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * Above the timeline, while the open trace was imported without parts of its file the importer could not read (a
 * transcript whose last line was being written, an export cut short): what they held is not on the timeline, and a
 * reviewer must know that before reading what is.
 */
final class UnreadPartsBanner extends NoticeBanner {

    UnreadPartsBanner(WorkbenchViewModel model) {
        super("unread-parts-banner");
        getStyleClass().add("integrity-note");
        icon.setGraphic(Icons.of(Material2MZ.WARNING, 20));
        model.openedProperty().addListener((obs, old, now) -> show(now));
        show(model.opened());
    }

    private void show(OpenedTrace trace) {
        List<Finding> unread = trace == null ? List.of() : trace.unreadParts();
        showing(!unread.isEmpty());
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
