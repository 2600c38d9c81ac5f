package dev.forkline.views;

import dev.forkline.views.testdata.DemoTrace;
import dev.forkline.views.viewmodel.ThemeChoice;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Renders the workbench headless. Pictures go to target/screenshots, or to the folder named by
 * -Dforkline.screenshots.dir (docs/screenshots is refreshed with -Dforkline.screenshots.dir=../docs/screenshots).
 */
class ScreenshotsTest {

    private static final Path DIR = Path.of(System.getProperty("forkline.screenshots.dir", "target/screenshots"));

    @Test
    void rendersTheWholeWindowInLightAndDark() throws Exception {
        ScreenshotRequest request = ScreenshotRequest.of(DemoTrace.bundle(), DIR.resolve("workbench-light.png"));
        Path light = Screenshots.render(request);
        Path dark = Screenshots.render(request.withTheme(ThemeChoice.DARK).withOutput(DIR.resolve("workbench-dark.png")));

        BufferedImage lightImage = ImageIO.read(light.toFile());
        BufferedImage darkImage = ImageIO.read(dark.toFile());
        assertThat(lightImage.getWidth()).isEqualTo(1600);
        assertThat(lightImage.getHeight()).isEqualTo(1000);
        assertThat(distinctColours(lightImage)).as("a real picture, not a blank").isGreaterThan(200);
        assertThat(meanLuminance(darkImage)).isLessThan(meanLuminance(lightImage) - 60);
    }

    @Test
    void rendersPartsAndTheForkRun() throws Exception {
        ScreenshotRequest request = ScreenshotRequest.of(DemoTrace.bundle(), DIR.resolve("timeline-light.png"))
                .withView(ScreenshotRequest.View.TIMELINE);
        BufferedImage timeline = ImageIO.read(Screenshots.render(request).toFile());
        assertThat(timeline.getWidth()).isLessThan(1600);
        assertThat(distinctColours(timeline)).isGreaterThan(50);

        Screenshots.render(request.withView(ScreenshotRequest.View.INSPECTOR).withOutput(DIR.resolve("inspector-light.png")));
        String decision = DemoTrace.bundle().events().stream().filter(e -> e.type().equals("approval.decision")).findFirst().orElseThrow().id();
        Screenshots.render(request.withView(ScreenshotRequest.View.INSPECTOR).withSelectedEvent(decision)
                .withOutput(DIR.resolve("inspector-decision-light.png")));
        Screenshots.render(request.withView(ScreenshotRequest.View.FORKS).withRun(DemoTrace.FORK).withOutput(DIR.resolve("forks-light.png")));
        Path fork = Screenshots.render(ScreenshotRequest.of(DemoTrace.bundle(), DIR.resolve("workbench-fork-dark.png"))
                .withRun(DemoTrace.FORK).withTheme(ThemeChoice.DARK));
        assertThat(fork).exists();
        Path compare = Screenshots.render(ScreenshotRequest.of(DemoTrace.bundle(), DIR.resolve("compare-light.png"))
                .withRun(DemoTrace.FORK).withView(ScreenshotRequest.View.COMPARE).withSize(1200, 520));
        assertThat(distinctColours(ImageIO.read(compare.toFile()))).isGreaterThan(20);
    }

    @Test
    void rendersTheHandWrittenSampleFromTheStore(@org.junit.jupiter.api.io.TempDir Path db) throws Exception {
        try (var store = dev.forkline.trace.store.TraceStore.open(db.resolve("forkline").toAbsolutePath())) {
            var library = new dev.forkline.views.data.StoreTraceLibrary(store);
            var imported = library.importTrace(DemoTrace.HAND_WRITTEN_SAMPLE, dev.forkline.views.concurrent.Progress.NONE);
            ScreenshotRequest request = ScreenshotRequest.stored(library, imported.trace().traceId(), DIR.resolve("sample-light.png"));
            BufferedImage light = ImageIO.read(Screenshots.render(request).toFile());
            assertThat(distinctColours(light)).isGreaterThan(200);
            Screenshots.render(request.withTheme(ThemeChoice.DARK).withOutput(DIR.resolve("sample-dark.png")));
        }
    }

    @Test
    void rendersAForkAlignedByContentAndARealClaudeCodeSession() throws Exception {
        Path compare = Screenshots.render(ScreenshotRequest.of(dev.forkline.views.testdata.ForkedRuns.bundle(), DIR.resolve("compare-aligned-light.png"))
                .withRun("r2").withView(ScreenshotRequest.View.COMPARE).withSize(1200, 520));
        assertThat(distinctColours(ImageIO.read(compare.toFile()))).isGreaterThan(20);
        Path session = dev.forkline.trace.testing.SharedSamples.require(dev.forkline.trace.testing.SharedSamples.CLAUDE_CODE);
        try (var bundle = dev.forkline.importers.Importers.builtIn().read(session).bundle()) {
            Path png = Screenshots.render(ScreenshotRequest.of(bundle, DIR.resolve("claude-code-session-light.png")));
            assertThat(distinctColours(ImageIO.read(png.toFile()))).isGreaterThan(200);
        }
    }

    @Test
    void rendersADenseRunWithMergedMarks() throws Exception {
        Path png = Screenshots.render(ScreenshotRequest.of(DemoTrace.dense(6000), DIR.resolve("timeline-dense-light.png"))
                .withView(ScreenshotRequest.View.TIMELINE));
        assertThat(distinctColours(ImageIO.read(png.toFile()))).isGreaterThan(50);
    }

    @Test
    void rendersRecordedScenarioSamples() throws Exception {
        for (String name : new String[]{"multi-agent-conflict", "sandbox-lost-mid-effect"}) {
            Path bundle = DemoTrace.HAND_WRITTEN_SAMPLE.getParent().getParent().resolve(name);
            try (var read = dev.forkline.trace.bundle.BundleReader.read(bundle)) {
                Path png = Screenshots.render(ScreenshotRequest.of(read, DIR.resolve("scenario-" + name + "-light.png")));
                assertThat(distinctColours(ImageIO.read(png.toFile()))).isGreaterThan(200);
            }
        }
    }

    static int distinctColours(BufferedImage image) {
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        return colours.size();
    }

    static double meanLuminance(BufferedImage image) {
        double sum = 0;
        int n = 0;
        for (int y = 0; y < image.getHeight(); y += 4) {
            for (int x = 0; x < image.getWidth(); x += 4) {
                int rgb = image.getRGB(x, y);
                sum += 0.299 * (rgb >> 16 & 0xff) + 0.587 * (rgb >> 8 & 0xff) + 0.114 * (rgb & 0xff);
                n++;
            }
        }
        return sum / n;
    }
}
