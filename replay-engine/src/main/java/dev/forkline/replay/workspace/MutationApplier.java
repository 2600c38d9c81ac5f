package dev.forkline.replay.workspace;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BlobSource;

import java.io.IOException;

/** Placeholder until the workspace package lands. */
public final class MutationApplier {

    public sealed interface Outcome permits Applied, PreconditionFailed, Unknown {
    }

    public record Applied(byte[] content, int mode) implements Outcome {
    }

    public record PreconditionFailed(String message) implements Outcome {
    }

    public record Unknown(String why) implements Outcome {
    }

    private MutationApplier() {
    }

    public static Outcome apply(Event mutation, byte[] current, BlobSource blobs) throws IOException {
        return new Unknown("not yet");
    }
}
