package dev.forkline.replay.sandbox;

import com.github.dockerjava.api.exception.NotFoundException;

/** Forkline's own sandbox images, built without any registry by {@code packaging/sandbox-image/build}. */
public final class SandboxImages {

    /** Static busybox: small and fast; what Forkline's own recordings run in. */
    public static final String DEFAULT = IsolationBoundary.DEFAULT_IMAGE;
    /** Debian bookworm (minbase) with bash, python3, pip, flake8 and git: where imported real sessions replay. */
    public static final String DEBIAN = "forkline/sandbox-debian:1";

    private SandboxImages() {
    }

    public static boolean isPresent(DockerEngine engine, String image) {
        try {
            engine.client().inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }
}
