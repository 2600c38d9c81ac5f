package dev.forkline.views;

import dev.forkline.views.viewmodel.LibraryViewModel;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.Scene;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs, once, how long after its process started the window had the library listed and laid out for its first
 * painting: the start a user waits for (the benchmarks' {@code library.window-start} reads this line).
 */
public final class StartupLog {

    public static final String LISTED = "start-up: the window listed the library";

    private static final Logger LOG = LoggerFactory.getLogger(StartupLog.class);

    private StartupLog() {
    }

    /** Call on the FX thread, with the library's first reading under way. */
    static void afterFirstListing(LibraryViewModel library, Scene scene) {
        afterFirstListing(library, scene, LOG::info);
    }

    static void afterFirstListing(LibraryViewModel library, Scene scene, Consumer<String> report) {
        library.loadingProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Boolean> loading, Boolean was, Boolean now) {
                if (!now) {
                    loading.removeListener(this);
                    afterNextLayout(scene, () -> report.accept(LISTED + " (" + library.traces().size() + " traces) "
                            + sinceProcessStart() + " ms after the process started"));
                }
            }
        });
    }

    /** Runs {@code action} once, after the scene's next layout pass (on the FX thread). */
    static void afterNextLayout(Scene scene, Runnable action) {
        scene.addPostLayoutPulseListener(new Runnable() {
            @Override
            public void run() {
                scene.removePostLayoutPulseListener(this);
                action.run();
            }
        });
    }

    private static long sinceProcessStart() {
        return ProcessHandle.current().info().startInstant().map(start -> Duration.between(start, Instant.now()).toMillis()).orElse(-1L);
    }
}
