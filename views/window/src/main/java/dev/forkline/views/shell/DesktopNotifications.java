package dev.forkline.views.shell;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.stage.Window;
import javafx.util.Duration;
import org.controlsfx.control.Notifications;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the owner that something waits for her: a non-modal notification in the window's corner (ControlsFX), and the
 * desktop's own notification through {@code notify-send} when the desktop has one (a display, the program on the
 * PATH, not the headless toolkit of the tests). Neither ever blocks or fails the window.
 */
final class DesktopNotifications {

    private static final Logger LOG = LoggerFactory.getLogger(DesktopNotifications.class);

    private final Supplier<Window> owner;
    private final Path notifySend;
    /** What was shown, newest last (for the tests and the status of the window). */
    final List<String> shown = new ArrayList<>();

    DesktopNotifications(Supplier<Window> owner) {
        this.owner = owner;
        this.notifySend = desktopNotifier();
    }

    void show(String title, String text) {
        shown.add(title + ": " + text);
        try {
            Window window = owner.get();
            Notifications notification = Notifications.create().title(title).text(text).hideAfter(Duration.seconds(12));
            if (window != null && window.isShowing()) {
                notification.owner(window);
            }
            notification.showWarning();
        } catch (RuntimeException e) {
            LOG.debug("cannot show the notification '{}': {}", title, e.toString());
        }
        if (notifySend != null) {
            try {
                new ProcessBuilder(notifySend.toString(), "--app-name=Forkline", "--urgency=critical", title, text)
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            } catch (java.io.IOException e) {
                LOG.debug("notify-send failed: {}", e.toString());
            }
        }
    }

    /** {@code notify-send} when there is a desktop to show it on; null otherwise. */
    private static Path desktopNotifier() {
        if ("Monocle".equals(System.getProperty("glass.platform"))
                || System.getenv("DISPLAY") == null && System.getenv("WAYLAND_DISPLAY") == null) {
            return null;
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String entry : path.split(java.io.File.pathSeparator)) {
            if (!entry.isBlank()) {
                Path candidate = Path.of(entry, "notify-send");
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }
}
