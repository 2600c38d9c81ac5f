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

    public boolean isFork() {
        return parentRun != null;
    }
}
