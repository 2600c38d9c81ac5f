package dev.forkline.views.shell;

import javafx.scene.layout.Region;

/**
 * The main window's three panes keep the widths the reviewer gave them whatever they show: a split pane moves its
 * dividers when a pane's minimum width grows with its content (a long event id, a wide argument), so each pane gets a
 * fixed minimum instead of one computed from what it holds, and text inside is cut (whole on hover) rather than pushing
 * the library aside.
 */
final class PaneWidths {

    static final double LIBRARY_MIN = 190;
    static final double CENTRE_MIN = 360;
    static final double RIGHT_MIN = 260;

    private PaneWidths() {
    }

    static void fix(Region library, Region centre, Region right) {
        library.setMinWidth(LIBRARY_MIN);
        centre.setMinWidth(CENTRE_MIN);
        right.setMinWidth(RIGHT_MIN);
    }

    /**
     * Lets a column of bars (heading, playback, filters) be narrower than the sum of its controls: a bar keeps its
     * controls at their size, laid from the left, and what does not fit at the right end is cut by the pane instead of
     * shifting the whole column (and the timeline) out of view. The playback bar wraps its groups instead.
     */
    static void shrinkable(javafx.scene.layout.Pane column) {
        column.setMinWidth(0);
        for (javafx.scene.Node child : column.getChildren()) {
            if (child instanceof Region region) {
                region.setMinWidth(0);
            }
        }
    }
}
