package dev.forkline.trace.payload;

/**
 * The members of the {@code replay} object a replay run's {@code session.end} carries (see {@link ReplayMarks#REPLAY}):
 * which run it replayed from which checkpoint, why it stopped, its counts and its first divergence. Written by the
 * replay engine, read by the recovery metrics.
 */
public final class ReplaySummaryFields {

    public static final String REPLAYED_RUN = "replayedRun";
    public static final String CHECKPOINT = "checkpoint";
    public static final String STOP_REASON = "stopReason";
    public static final String MATCHED = "matched";
    public static final String DIVERGED = "diverged";
    public static final String EXPECTED_DIVERGENCES = "expectedDivergences";
    public static final String STUBBED = "stubbed";
    public static final String CONTAINED = "contained";
    public static final String NOT_CONTAINED = "notContained";
    public static final String NEEDS_DECISION = "needsDecision";
    /** The id of the first diverged event, or null (older runs wrote an object with {@code eventId}). */
    public static final String FIRST_DIVERGENCE = "firstDivergence";
    public static final String TIMINGS = "timings";
    public static final String OUTCOME = "outcome";

    private ReplaySummaryFields() {
    }
}
