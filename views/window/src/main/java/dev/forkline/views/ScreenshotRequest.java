package dev.forkline.views;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.viewmodel.ThemeChoice;

import java.nio.file.Path;
import java.util.Objects;

/**
 * What {@link Screenshots#render} draws.
 *
 * @param bundle      the trace to show; or null and give {@code library} + {@code traceId}
 * @param library     where to load {@code traceId} from (also what the library pane lists); may be null with a bundle
 * @param traceId     stored trace to open when {@code bundle} is null
 * @param run         run to show; null = the first root run
 * @param selectEvent id of the event to put the cursor on; null = the first failure of the run, else its first event
 * @param view        which part to capture
 * @param theme       light or dark (FOLLOW_OS resolves to the platform setting, light when headless)
 * @param width       window width in pixels
 * @param height      window height in pixels
 * @param output      the PNG file to write (parent folders are created)
 */
public record ScreenshotRequest(Bundle bundle, TraceLibrary library, String traceId, String run, String selectEvent, View view,
                                ThemeChoice theme, int width, int height, Path output) {

    public enum View { MAIN, TIMELINE, FORKS, INSPECTOR, STATE, COMPARE }

    public ScreenshotRequest {
        Objects.requireNonNull(view, "view");
        Objects.requireNonNull(theme, "theme");
        Objects.requireNonNull(output, "output");
        if (bundle == null && (library == null || traceId == null)) {
            throw new IllegalArgumentException("give a bundle, or a library and a trace id");
        }
        if (width < 200 || height < 150 || width > HeadlessFx.MAX_WIDTH || height > HeadlessFx.MAX_HEIGHT) {
            throw new IllegalArgumentException("screenshot size " + width + "x" + height + " is outside 200x150 to "
                    + HeadlessFx.MAX_WIDTH + "x" + HeadlessFx.MAX_HEIGHT);
        }
    }

    /** The whole window, light theme, 1600x1000. */
    public static ScreenshotRequest of(Bundle bundle, Path output) {
        return new ScreenshotRequest(bundle, null, null, null, null, View.MAIN, ThemeChoice.LIGHT, 1600, 1000, output);
    }

    public static ScreenshotRequest stored(TraceLibrary library, String traceId, Path output) {
        return new ScreenshotRequest(null, library, traceId, null, null, View.MAIN, ThemeChoice.LIGHT, 1600, 1000, output);
    }

    public ScreenshotRequest withRun(String runId) {
        return new ScreenshotRequest(bundle, library, traceId, runId, selectEvent, view, theme, width, height, output);
    }

    public ScreenshotRequest withSelectedEvent(String eventId) {
        return new ScreenshotRequest(bundle, library, traceId, run, eventId, view, theme, width, height, output);
    }

    public ScreenshotRequest withView(View part) {
        return new ScreenshotRequest(bundle, library, traceId, run, selectEvent, part, theme, width, height, output);
    }

    public ScreenshotRequest withTheme(ThemeChoice choice) {
        return new ScreenshotRequest(bundle, library, traceId, run, selectEvent, view, choice, width, height, output);
    }

    public ScreenshotRequest withSize(int w, int h) {
        return new ScreenshotRequest(bundle, library, traceId, run, selectEvent, view, theme, w, h, output);
    }

    public ScreenshotRequest withOutput(Path file) {
        return new ScreenshotRequest(bundle, library, traceId, run, selectEvent, view, theme, width, height, file);
    }
}
