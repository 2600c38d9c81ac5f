package dev.forkline.views;

import dev.forkline.views.testdata.AxisTraces;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pictures of the timeline for issue 22's misleading axes: a decision signed 40 hours after its incident, and a model
 * call whose latency reaches past the session's end. Written to target/screenshots (or -Dforkline.screenshots.dir).
 */
class TimelineAxisScreenshotsTest {

    private static final Path DIR = Path.of(System.getProperty("forkline.screenshots.dir", "target/screenshots"));

    @Test
    void rendersTheLateDecisionAndTheLateModelCall() throws Exception {
        Path decision = Screenshots.render(ScreenshotRequest.of(AxisTraces.lateDecision(), DIR.resolve("timeline-late-decision.png"))
                .withView(ScreenshotRequest.View.TIMELINE).withSize(1400, 800));
        Path model = Screenshots.render(ScreenshotRequest.of(AxisTraces.lateModelCall(), DIR.resolve("timeline-late-model-call.png"))
                .withView(ScreenshotRequest.View.TIMELINE).withSize(1400, 800));
        assertThat(decision).exists();
        assertThat(model).exists();
    }
}
