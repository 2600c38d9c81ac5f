package dev.forkline.replay.sandbox;

/** No usable sandbox image is present: an environment problem (exit 4), fixed by building the default image. */
public final class ImageUnavailableException extends SandboxException {

    public ImageUnavailableException(String message, Throwable cause) {
        super(message, null, null, null, cause);
    }
}
