package dev.forkline.views.shell;

import dev.forkline.views.viewmodel.StepScope;
import dev.forkline.views.viewmodel.TimelineViewModel;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.util.Duration;
import javafx.util.StringConverter;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * Step, play at a chosen pace, zoom: the buttons for what the keyboard also does, and where the cursor is. Three groups
 * that wrap onto a second line where the centre is narrower than all of them, rather than cut a control or the count.
 */
final class PlaybackBar extends FlowPane {

    final Button play = new Button();
    final Label position = new Label();
    private final Timeline ticker = new Timeline();

    PlaybackBar(TimelineViewModel timeline) {
        getStyleClass().add("playback-bar");
        setHgap(16); // between the groups, which a separator would also start on a wrapped line
        setVgap(4);
        setPadding(new Insets(6, 10, 6, 10));
        setAlignment(Pos.CENTER_LEFT);

        Button first = button(Material2AL.FIRST_PAGE, "First event (Home)", timeline::home);
        Button previous = button(Material2AL.CHEVRON_LEFT, "Previous event (← or K; Shift: tool calls, Ctrl/Alt: failures, [: same actor)",
                () -> timeline.step(-1, StepScope.ALL));
        play.setId("play");
        play.getStyleClass().addAll("button-icon", "accent");
        play.setTooltip(new Tooltip("Play / pause (Space)"));
        play.setOnAction(e -> timeline.togglePlay());
        play.graphicProperty().bind(timeline.playingProperty().map(p -> Icons.of(p ? Material2MZ.PAUSE : Material2MZ.PLAY_ARROW)));
        Button next = button(Material2AL.CHEVRON_RIGHT, "Next event (→ or J; Shift: tool calls, Ctrl/Alt: failures, ]: same actor)",
                () -> timeline.step(+1, StepScope.ALL));
        Button last = button(Material2AL.LAST_PAGE, "Last event (End)", timeline::end);

        Slider pace = new Slider(100, 2000, timeline.paceMillisProperty().get());
        pace.setId("play-pace");
        Label paceTitle = new Label("Step every");
        paceTitle.setId("play-pace-label");
        paceTitle.setLabelFor(pace);
        paceTitle.setMinWidth(Region.USE_PREF_SIZE);
        pace.setPrefWidth(60);
        pace.setTooltip(new Tooltip("Playback pace: time between steps"));
        timeline.paceMillisProperty().bind(pace.valueProperty());
        Label paceLabel = new Label();
        paceLabel.getStyleClass().add("muted");
        paceLabel.textProperty().bind(pace.valueProperty().map(v -> String.format(java.util.Locale.ROOT, "%.1f s", v.doubleValue() / 1000)));
        paceLabel.setMinWidth(34);

        ComboBox<StepScope> scope = new ComboBox<>();
        scope.setId("play-scope");
        Label scopeTitle = new Label("Stop at");
        scopeTitle.setId("play-scope-label");
        scopeTitle.setLabelFor(scope);
        scopeTitle.setMinWidth(Region.USE_PREF_SIZE);
        scope.getItems().setAll(StepScope.ALL, StepScope.TOOL_CALLS, StepScope.FAILURES, StepScope.SAME_ACTOR, StepScope.MATCHES);
        scope.valueProperty().bindBidirectional(timeline.playScopeProperty());
        scope.setTooltip(new Tooltip("Which events playback stops at"));
        scope.setMinWidth(Region.USE_PREF_SIZE);
        scope.setConverter(new StringConverter<>() {
            @Override
            public String toString(StepScope value) {
                return value == null ? "" : switch (value) {
                    case ALL -> "Every event";
                    case TOOL_CALLS -> "Tool calls";
                    case FAILURES -> "Failures";
                    case SAME_ACTOR -> "Same actor";
                    case MATCHES -> "Search matches";
                };
            }

            @Override
            public StepScope fromString(String text) {
                return null;
            }
        });

        Button zoomIn = button(Material2MZ.ZOOM_IN, "Zoom in (+ or Ctrl+wheel)", () -> timeline.zoomAroundCursor(1.5));
        Button zoomOut = button(Material2MZ.ZOOM_OUT, "Zoom out (-)", () -> timeline.zoomAroundCursor(1 / 1.5));
        Button fit = button(Material2MZ.ZOOM_OUT_MAP, "Fit the whole run (0)", timeline::fit);
        Button zoomSelection = button(Material2AL.FILTER_CENTER_FOCUS, "Zoom to the selected event (F)", timeline::zoomToSelection);
        zoomSelection.disableProperty().bind(timeline.selectedIndexProperty().lessThan(0));

        position.setId("position");
        position.getStyleClass().add("muted");
        position.setMinWidth(Region.USE_PREF_SIZE); // a count is never cut: "90079…" reads as a smaller number than 900,791

        getChildren().addAll(group(first, previous, play, next, last, position), group(paceTitle, pace, paceLabel, scopeTitle, scope),
                group(zoomIn, zoomOut, fit, zoomSelection));

        timeline.playingProperty().addListener((obs, old, playing) -> {
            if (playing) {
                restartTicker(timeline);
            } else {
                ticker.stop();
            }
        });
        timeline.paceMillisProperty().addListener(obs -> {
            if (timeline.playingProperty().get()) {
                restartTicker(timeline);
            }
        });
    }

    private void restartTicker(TimelineViewModel timeline) {
        ticker.stop();
        ticker.getKeyFrames().setAll(new KeyFrame(Duration.millis(timeline.paceMillisProperty().get()), e -> timeline.playTick()));
        ticker.setCycleCount(Timeline.INDEFINITE);
        ticker.play();
    }

    private static HBox group(javafx.scene.Node... nodes) {
        HBox group = new HBox(4, nodes);
        group.setAlignment(Pos.CENTER_LEFT);
        return group;
    }

    private static Button button(org.kordamp.ikonli.Ikon icon, String tip, Runnable action) {
        Button button = new Button(null, Icons.of(icon));
        button.getStyleClass().addAll("button-icon", "flat");
        button.setTooltip(new Tooltip(tip));
        button.setOnAction(e -> action.run());
        return button;
    }
}
