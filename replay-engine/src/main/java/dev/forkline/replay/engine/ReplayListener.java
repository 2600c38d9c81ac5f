package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.ExecResult;

/**
 * Live progress of a replay, called on the replaying thread (a window must hand the calls to its UI thread). Every
 * method has an empty default.
 */
public interface ReplayListener {

    ReplayListener NONE = new ReplayListener() {
    };

    /** The plan is known: the new run's id, the checkpoint, how many steps will be walked. */
    default void started(String replayRun, String checkpointId, int totalSteps) {
    }

    /** A sandbox is running with the checkpoint's workspace. */
    default void provisioned(String containerId, long provisionMs, long restoreMs, boolean fromPool) {
    }

    /** Step {@code number} of {@code total} begins; {@code label} names it, e.g. {@code r1.7 tool.call c2 (shell, workspace)}. */
    default void stepStarted(int number, int total, String label) {
    }

    /**
     * The call of step {@code number} was re-executed and returned in the sandbox; its workspace changes are read and
     * compared next, and {@link #stepFinished} follows.
     */
    default void callReturned(int number, ExecResult result) {
    }

    default void stepFinished(StepResult step) {
    }

    /** The first divergence that counts as a failure was found at this step. */
    default void firstDivergence(StepResult step) {
    }

    default void finished(ReplayResult result) {
    }
}
