package dev.forkline.views.shell;

import dev.forkline.views.data.SubagentLanes;
import dev.forkline.views.viewmodel.TimelineViewModel;
import javafx.scene.Cursor;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;

/**
 * A subagent's lane header leads to the call that started it: a click on the lane's name selects that Task call (a drag
 * over the names scrolls the lanes instead); the pointer shows a hand over such a name.
 */
final class LaneLinks {

    private LaneLinks() {
    }

    static void install(TimelineCanvas canvas, TimelineViewModel timeline) {
        canvas.canvas().addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() != MouseButton.PRIMARY || e.getClickCount() != 1 || !e.isStillSincePress()) {
                return;
            }
            int call = callFor(canvas, timeline, e.getX(), e.getY());
            if (call >= 0) {
                timeline.select(call);
                e.consume();
            }
        });
        canvas.canvas().addEventHandler(MouseEvent.MOUSE_MOVED, e -> {
            boolean linked = canvas.laneNameAt(e.getX(), e.getY()) != null && callFor(canvas, timeline, e.getX(), e.getY()) >= 0;
            canvas.canvas().setCursor(linked ? Cursor.HAND : Cursor.DEFAULT);
        });
    }

    /** The position of the call that started the lane whose name is at this point, or -1. */
    static int callFor(TimelineCanvas canvas, TimelineViewModel timeline, double x, double y) {
        String lane = canvas.laneNameAt(x, y);
        return lane == null ? -1 : SubagentLanes.callThatStarted(lane, timeline.events());
    }
}
