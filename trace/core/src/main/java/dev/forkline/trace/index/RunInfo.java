package dev.forkline.trace.index;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * One run of a trace, as a node of the fork tree.
 *
 * @param id               the run id
 * @param parentRun        the run it was forked from ({@code run.fork} data.parentRun), or null for a root run
 * @param forkCheckpointId the checkpoint id it was forked from (data.checkpoint), or null
 * @param forkEventId      the id of the parent's event it was forked from (data.checkpointEvent), or null
 * @param reason           the fork reason (replay, fork, revert, import), or null for a root run
 * @param edits            the fork's edits (data.edits, usually an array), or null
 * @param eventCount       how many events the run itself holds (not counting its lineage)
 * @param firstTs          ts of its first event by seq
 * @param lastTs           ts of its last event by seq
 * @param outcome          data.outcome of its last session.end, or null when it has none
 */
public record RunInfo(
        String id,
        String parentRun,
        String forkCheckpointId,
        String forkEventId,
        String reason,
        JsonNode edits,
        int eventCount,
        Instant firstTs,
        Instant lastTs,
        String outcome) {

    /** The outcome of a run whose session.end records none, or a blank one. */
    public static final String UNKNOWN_OUTCOME = "unknown";

    /**
     * A session.end's recorded outcome as a run's {@link #outcome}: {@link #UNKNOWN_OUTCOME} where it is missing or
     * blank. What the index gives, the store's runs table keeps and an import notes must agree, so all take it here.
     */
    public static String outcomeOf(String recorded) {
        return recorded == null || recorded.isBlank() ? UNKNOWN_OUTCOME : recorded;
    }

    public boolean isFork() {
        return parentRun != null;
    }
}
