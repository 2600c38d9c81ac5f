package dev.forkline.replay.sandbox;

import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.InspectImageResponse;
import com.github.dockerjava.api.command.PullImageResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Chooses the image a replay runs in: the recorded one when it is present locally, else the recorded one pulled
 * (within a bounded time) when a registry answers, else Forkline's default sandbox image. Says which and why.
 */
public final class ImageResolver {

    public enum Source { RECORDED_LOCAL, RECORDED_PULLED, DEFAULT }

    /** The chosen image, its local id, where it came from and a sentence on why. */
    public record ImageChoice(String image, String imageId, Source source, String reason) {
    }

    public static final Duration DEFAULT_PULL_TIMEOUT = Duration.ofSeconds(60);

    private final DockerEngine engine;
    private final Duration pullTimeout;
    private final String defaultImage;

    public ImageResolver(DockerEngine engine) {
        this(engine, DEFAULT_PULL_TIMEOUT, IsolationBoundary.DEFAULT_IMAGE);
    }

    public ImageResolver(DockerEngine engine, Duration pullTimeout, String defaultImage) {
        this.engine = engine;
        this.pullTimeout = pullTimeout;
        this.defaultImage = defaultImage;
    }

    /**
     * @param recordedImage the image named in the trace's session.start (may be null or blank)
     * @throws SandboxException when even the default image is missing (build it with packaging/sandbox-image/build)
     */
    public ImageChoice resolve(String recordedImage) {
        engine.ping();
        String pullProblem = null;
        if (recordedImage != null && !recordedImage.isBlank()) {
            Optional<InspectImageResponse> local = inspect(recordedImage);
            if (local.isPresent()) {
                return new ImageChoice(recordedImage, local.get().getId(), Source.RECORDED_LOCAL,
                        "the recorded image " + recordedImage + " is present locally");
            }
            pullProblem = pull(recordedImage);
            if (pullProblem == null) {
                Optional<InspectImageResponse> pulled = inspect(recordedImage);
                if (pulled.isPresent()) {
                    return new ImageChoice(recordedImage, pulled.get().getId(), Source.RECORDED_PULLED,
                            "the recorded image " + recordedImage + " was pulled");
                }
                pullProblem = "the pull finished but the image is still not present";
            }
        }
        Optional<InspectImageResponse> fallback = inspect(defaultImage);
        if (fallback.isEmpty()) {
            throw new ImageUnavailableException("neither the recorded image (" + (recordedImage == null ? "none recorded" : recordedImage)
                    + ") nor the default image " + defaultImage + " is available: build the default with"
                    + " packaging/sandbox-image/build", null);
        }
        String why = recordedImage == null || recordedImage.isBlank()
                ? "the trace records no image, so the default sandbox image is used"
                : "the recorded image " + recordedImage + " is not present locally and could not be pulled (" + pullProblem
                  + "), so the default sandbox image is used";
        return new ImageChoice(defaultImage, fallback.get().getId(), Source.DEFAULT, why);
    }

    private Optional<InspectImageResponse> inspect(String image) {
        try {
            return Optional.of(engine.client().inspectImageCmd(image).exec());
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    /** Pulls within the time bound; returns null on success, else what went wrong. */
    private String pull(String image) {
        String repository = image;
        String tag = null;
        if (!image.contains("@")) {
            int colon = image.lastIndexOf(':');
            if (colon > image.lastIndexOf('/')) {
                repository = image.substring(0, colon);
                tag = image.substring(colon + 1);
            } else {
                tag = "latest";
            }
        }
        ResultCallback.Adapter<?> callback = null;
        try {
            var command = engine.client().pullImageCmd(repository);
            if (tag != null) {
                command = command.withTag(tag);
            }
            PullImageResultCallback started = command.exec(new PullImageResultCallback());
            callback = started;
            if (!started.awaitCompletion(pullTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return "no answer within " + pullTimeout.toSeconds() + " s";
            }
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (RuntimeException e) {
            return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
        } finally {
            if (callback != null) {
                try {
                    callback.close();
                } catch (Exception ignored) {
                    // the pull stream is finished or abandoned either way
                }
            }
        }
    }
}
