package dev.forkline.views.shell;

import dev.forkline.trace.decision.QueueItem;
import dev.forkline.views.viewmodel.EscapeQueueViewModel;
import dev.forkline.views.viewmodel.LiveSessionsViewModel;
import java.util.function.Supplier;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.collections.ObservableSet;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.stage.Window;
import javafx.util.Duration;
import org.kordamp.ikonli.material2.Material2AL;

/**
 * The window's side of live sessions: polls for what other processes wrote (every {@value #POLL_MILLIS} ms, the work
 * itself in the background), the "live" badge by the open trace's title, the Follow toggle of the timeline, and a
 * notification for each approval request that arrives.
 */
final class LiveSessionsUi {

    static final int POLL_MILLIS = 500;
    static final String LIVE = "live";

    final Label titleBadge = badge();
    final ToggleButton follow = new ToggleButton("Follow", Icons.of(Material2AL.FAST_FORWARD));
    final DesktopNotifications notifications;
    private final Timeline ticker;

    /** @param view the window's root: when its window closes, polling stops for good */
    LiveSessionsUi(LiveSessionsViewModel live, EscapeQueueViewModel queue, javafx.scene.Node view, Supplier<Window> window) {
        titleBadge.setId("live-badge");
        titleBadge.visibleProperty().bind(live.openIsLiveProperty());
        titleBadge.managedProperty().bind(live.openIsLiveProperty());
        follow.setId("live-follow");
        follow.selectedProperty().bindBidirectional(live.followingProperty());
        follow.visibleProperty().bind(live.openIsLiveProperty());
        follow.managedProperty().bind(live.openIsLiveProperty());
        follow.setTooltip(new Tooltip("Follow the newest events as they arrive (End goes back to the tail too); scrolling or "
                + "zooming away from the tail stops following"));
        notifications = new DesktopNotifications(window);
        live.onArrival(item -> notifications.show("Forkline: approval requested", describe(item, queue)));
        ticker = new Timeline(new KeyFrame(Duration.millis(POLL_MILLIS), e -> tick(live, window)));
        ticker.setCycleCount(Animation.INDEFINITE);
        view.sceneProperty().flatMap(javafx.scene.Scene::windowProperty).flatMap(Window::showingProperty)
                .addListener((obs, was, now) -> {
                    if (Boolean.TRUE.equals(was) && !Boolean.TRUE.equals(now)) {
                        ticker.stop();
                        live.stop();
                    }
                });
    }

    /** A "live" pill: a trace {@code forkline serve} captured while its agent ran. */
    static Label badge() {
        Label badge = Pills.pill(LIVE, "accent");
        badge.getStyleClass().add("live-badge");
        badge.setTooltip(new Tooltip("Captured live by forkline serve: it grows as the agent works"));
        return badge;
    }

    private static String describe(QueueItem item, EscapeQueueViewModel queue) {
        return item.summary() + "\n" + queue.traceTitle(item) + " · " + item.eventId() + " — decide in the escape queue";
    }

    private boolean shown;

    /** Polls while the window is open; once it was shown and is closed, stops for good. */
    private void tick(LiveSessionsViewModel live, Supplier<Window> window) {
        Window current = window.get();
        if (current != null && current.isShowing()) {
            shown = true;
            live.poll();
        } else if (shown) {
            ticker.stop();
        }
    }

    void start() {
        ticker.play();
    }

    void stop() {
        ticker.stop();
    }

    /** Whether a library row's trace is live, for its badge. */
    static boolean isLive(ObservableSet<String> live, String traceId) {
        return live != null && live.contains(traceId);
    }
}
