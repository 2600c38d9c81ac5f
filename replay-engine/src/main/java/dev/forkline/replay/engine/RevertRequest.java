package dev.forkline.replay.engine;

import dev.forkline.replay.ReplayInputException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Restore a checkpoint's workspace, into a directory on the host or into a container kept running for inspection.
 *
 * @param bundleDirectory an unpacked bundle directory (the revert is recorded in it as a new run)
 * @param run             the run whose checkpoint it is; null means the run that holds the checkpoint
 * @param checkpointId    data.checkpointId of the checkpoint
 * @param target          where to restore
 * @param outDirectory    for {@link Target#DIRECTORY}: a new or empty directory
 * @param failureEventId  the failure the revert recovers from (recovery accounting); null picks one
 * @param record          append the revert to the bundle (run.fork reason revert, then a revert event)
 */
public record RevertRequest(Path bundleDirectory, String run, String checkpointId, Target target, Path outDirectory,
                            String failureEventId, boolean record) {

    public enum Target { DIRECTORY, CONTAINER }

    public RevertRequest {
        Objects.requireNonNull(bundleDirectory, "bundleDirectory");
        Objects.requireNonNull(checkpointId, "a revert needs a checkpoint (--to CHECKPOINT)");
        Objects.requireNonNull(target, "target");
        if (target == Target.DIRECTORY && outDirectory == null) {
            throw new ReplayInputException("a revert into a directory needs --out DIR");
        }
    }

    public static RevertRequest toDirectory(Path bundleDirectory, String checkpointId, Path outDirectory) {
        return new RevertRequest(bundleDirectory, null, checkpointId, Target.DIRECTORY, outDirectory, null, true);
    }

    public static RevertRequest toContainer(Path bundleDirectory, String checkpointId) {
        return new RevertRequest(bundleDirectory, null, checkpointId, Target.CONTAINER, null, null, true);
    }

    public RevertRequest inRun(String runId) {
        return new RevertRequest(bundleDirectory, runId, checkpointId, target, outDirectory, failureEventId, record);
    }

    public RevertRequest failureEvent(String eventId) {
        return new RevertRequest(bundleDirectory, run, checkpointId, target, outDirectory, eventId, record);
    }

    public RevertRequest withoutRecording() {
        return new RevertRequest(bundleDirectory, run, checkpointId, target, outDirectory, failureEventId, false);
    }
}
