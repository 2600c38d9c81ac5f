package dev.forkline.replay.sandbox;

/**
 * The sandbox images Forkline builds itself, without any registry, with {@code packaging/sandbox-image/build}, and
 * whether one of them (or any image) is present in an engine.
 */
public final class SandboxImages {

    /** Static busybox, about 2 MB: the default image of Forkline's own recordings and replays. */
    public static final String DEFAULT = IsolationBoundary.DEFAULT_IMAGE;

    /**
     * Debian 12 (minbase) with bash, GNU tools, Python 3, pip, flake8 and git, about 230 MB: for replaying sessions that
     * real agents (SWE-agent, Claude Code) recorded in their own images.
     */
    public static final String DEBIAN = "forkline/sandbox-debian:1";

    private SandboxImages() {
    }

    /**
     * True when {@code image} is in {@code backend}'s local image store. Failures other than "no such image" (no engine,
     * a timeout) are thrown as the engine client reports them.
     */
    public static boolean isPresent(SandboxBackend backend, String image) {
        return backend.localImageId(image).isPresent();
    }
}
