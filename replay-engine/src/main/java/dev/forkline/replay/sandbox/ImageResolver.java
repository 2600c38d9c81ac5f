package dev.forkline.replay.sandbox;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Chooses the image a replay runs in: the one the reviewer asked for; else the recorded one when it is present locally,
 * else the recorded one pulled (within a bounded time, only when pulling is allowed) when a registry answers; else the
 * first present of Forkline's own images. Says which and why. Asks the {@link SandboxBackend} what it has and to pull.
 */
public final class ImageResolver {

    public enum Source { REQUESTED, RECORDED_LOCAL, RECORDED_PULLED, DEFAULT }

    /** The chosen image, its local id, where it came from and a sentence on why. */
    public record ImageChoice(String image, String imageId, Source source, String reason) {
    }

    public static final Duration DEFAULT_PULL_TIMEOUT = Duration.ofSeconds(60);

    private final SandboxBackend backend;
    private final Duration pullTimeout;
    private final List<String> defaultImages;
    private final boolean allowPull;

    /** Pulls nothing; falls back to {@link IsolationBoundary#DEFAULT_IMAGE}. */
    public ImageResolver(SandboxBackend backend) {
        this(backend, DEFAULT_PULL_TIMEOUT, List.of(IsolationBoundary.DEFAULT_IMAGE), false);
    }

    /**
     * @param defaultImages Forkline's images in order of preference; the first present is the fallback
     * @param allowPull     a recorded image that is not present locally may be pulled
     */
    public ImageResolver(SandboxBackend backend, Duration pullTimeout, List<String> defaultImages, boolean allowPull) {
        if (defaultImages.isEmpty()) {
            throw new IllegalArgumentException("at least one default image is needed");
        }
        this.backend = backend;
        this.pullTimeout = pullTimeout;
        this.defaultImages = List.copyOf(defaultImages);
        this.allowPull = allowPull;
    }

    /**
     * The image the reviewer asked for by name: it must be present on the engine (nothing is pulled for it).
     *
     * @throws ImageUnavailableException when it is not present
     */
    public ImageChoice requested(String image) {
        backend.ping();
        String localId = backend.localImageId(image).orElseThrow(() -> new ImageUnavailableException("the image " + image
                + " does not exist on the Docker engine (docker image ls lists what does; Forkline's own are built by"
                + " packaging/sandbox-image/build)", null));
        return new ImageChoice(image, localId, Source.REQUESTED, "the image " + image + " was asked for");
    }

    /**
     * @param recordedImage the image named in the trace's session.start (may be null or blank)
     * @throws SandboxException when even the default image is missing (build it with packaging/sandbox-image/build)
     */
    public ImageChoice resolve(String recordedImage) {
        backend.ping();
        String pullProblem = null;
        if (recordedImage != null && !recordedImage.isBlank()) {
            Optional<String> local = backend.localImageId(recordedImage);
            if (local.isPresent()) {
                return new ImageChoice(recordedImage, local.get(), Source.RECORDED_LOCAL,
                        "the recorded image " + recordedImage + " is present locally");
            }
            pullProblem = allowPull ? backend.pullImage(recordedImage, pullTimeout).orElse(null) : "pulling was not allowed (--pull allows it)";
            if (pullProblem == null) {
                Optional<String> pulled = backend.localImageId(recordedImage);
                if (pulled.isPresent()) {
                    return new ImageChoice(recordedImage, pulled.get(), Source.RECORDED_PULLED,
                            "the recorded image " + recordedImage + " was pulled");
                }
                pullProblem = "the pull finished but the image is still not present";
            }
        }
        String defaultImage = null;
        Optional<String> fallback = Optional.empty();
        for (String candidate : defaultImages) {
            fallback = backend.localImageId(candidate);
            if (fallback.isPresent()) {
                defaultImage = candidate;
                break;
            }
        }
        if (fallback.isEmpty()) {
            throw new ImageUnavailableException("neither the recorded image (" + (recordedImage == null ? "none recorded" : recordedImage)
                    + ") nor Forkline's image " + String.join(" or ", defaultImages) + " is available: build it with"
                    + " packaging/sandbox-image/build", null);
        }
        String why = recordedImage == null || recordedImage.isBlank()
                ? "the trace records no image, so Forkline's image " + defaultImage + " is used"
                : "the recorded image " + recordedImage + " is not present locally and could not be pulled (" + pullProblem
                  + "), so Forkline's image " + defaultImage + " is used";
        return new ImageChoice(defaultImage, fallback.get(), Source.DEFAULT, why);
    }
}
