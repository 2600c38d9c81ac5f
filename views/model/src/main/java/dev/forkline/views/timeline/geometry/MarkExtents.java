package dev.forkline.views.timeline.geometry;

/** The marks of the last drawn frame as the hit test sees them: a lane and a horizontal extent in plot pixels each. */
public interface MarkExtents {

    int size();

    int lane(int mark);

    /** Left edge, in pixels from the plot's left edge. */
    double x0(int mark);

    /** Right edge, in pixels from the plot's left edge. */
    double x1(int mark);
}
