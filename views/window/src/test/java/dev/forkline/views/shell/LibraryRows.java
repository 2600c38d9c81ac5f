package dev.forkline.views.shell;

import dev.forkline.views.data.TraceSummary;
import javafx.scene.Node;
import javafx.scene.control.ListCell;
import org.testfx.api.FxRobot;

/** The library list's row of a trace, for flow tests. */
final class LibraryRows {

    private LibraryRows() {
    }

    static Node of(FxRobot robot, String traceId) {
        return robot.lookup("#library-list .list-cell")
                .match(c -> c instanceof ListCell<?> row && row.getItem() instanceof TraceSummary t && t.traceId().equals(traceId)).query();
    }
}
