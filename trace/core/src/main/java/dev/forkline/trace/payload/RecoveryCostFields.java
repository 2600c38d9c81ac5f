package dev.forkline.trace.payload;

/**
 * The members a recovery run's {@code revert} or {@code session.end} carries flat in its payload: what going back to a
 * checkpoint cost. Written by the replay engine, read by the recovery metrics.
 */
public final class RecoveryCostFields {

    /** The id of the event taken as the failure. */
    public static final String FAILURE_EVENT = "failureEvent";
    /** Wall time from the failure event until the checkpoint was restored. */
    public static final String RECOVERY_TIME_MS = "recoveryTimeMs";
    /** Recorded run time between the checkpoint and the failure, thrown away. */
    public static final String LOST_WORK_MS = "lostWorkMs";
    /** Tokens of the model calls between the checkpoint and the failure. */
    public static final String LOST_TOKENS = "lostTokens";
    /** Their recorded cost. */
    public static final String LOST_COST_USD = "lostCostUsd";
    /** Compute spent on the recovery itself (the restore, or the whole replay). */
    public static final String REPLAY_COMPUTE_MS = "replayComputeMs";

    private RecoveryCostFields() {
    }
}
