package dev.forkline.replay.sandbox;

import dev.forkline.replay.docker.DockerEngine;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Tag("docker")
class ImageResolverTest {

    private DockerEngine engine;

    @BeforeEach
    void engine() {
        engine = DockerTestSupport.engineOrSkip();
    }

    @Test
    void aRecordedImagePresentLocallyIsUsed() {
        ImageResolver.ImageChoice choice = new ImageResolver(engine).resolve(IsolationBoundary.DEFAULT_IMAGE);
        assertThat(choice.source()).isEqualTo(ImageResolver.Source.RECORDED_LOCAL);
        assertThat(choice.imageId()).startsWith("sha256:");
    }

    @Test
    void anUnpullableRecordedImageFallsBackToTheDefaultAndSaysWhy() {
        // a registry on a closed loopback port: the pull is refused at once and nothing leaves the machine
        String recorded = "127.0.0.1:9/forkline/not-there:1";
        ImageResolver.ImageChoice choice = new ImageResolver(engine, Duration.ofSeconds(20), List.of(IsolationBoundary.DEFAULT_IMAGE), true)
                .resolve(recorded);
        assertThat(choice.source()).isEqualTo(ImageResolver.Source.DEFAULT);
        assertThat(choice.image()).isEqualTo(IsolationBoundary.DEFAULT_IMAGE);
        assertThat(choice.reason()).contains(recorded).contains("could not be pulled");
    }

    @Test
    void aMissingRecordedImageIsNotPulledUnlessAllowed() {
        String recorded = "127.0.0.1:9/forkline/not-there:1";
        ImageResolver.ImageChoice choice = new ImageResolver(engine).resolve(recorded);
        assertThat(choice.source()).isEqualTo(ImageResolver.Source.DEFAULT);
        assertThat(choice.reason()).contains(recorded).contains("pulling was not allowed");
    }

    @Test
    void aRequestedImageMustExist() {
        assertThat(new ImageResolver(engine).requested(IsolationBoundary.DEFAULT_IMAGE).source()).isEqualTo(ImageResolver.Source.REQUESTED);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ImageResolver(engine).requested("forkline/no-such-image:0"))
                .isInstanceOf(ImageUnavailableException.class).hasMessageContaining("forkline/no-such-image:0 does not exist");
    }

    @Test
    void noRecordedImageMeansTheDefault() {
        ImageResolver.ImageChoice choice = new ImageResolver(engine).resolve(null);
        assertThat(choice.source()).isEqualTo(ImageResolver.Source.DEFAULT);
        assertThat(choice.reason()).contains("records no image");
    }
}
