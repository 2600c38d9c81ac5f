package dev.forkline.trace.store;

/**
 * One run of a stored trace, for the fork tree.
 *
 * @param parentRun      the run it was forked from, or null for a root run
 * @param forkCheckpoint the checkpoint id it was forked from (run.fork {@code checkpoint}), or null
 * @param forkEvent      the event id it was forked from (run.fork {@code checkpointEvent}), or null
 * @param reason         replay, fork, revert or import (run.fork {@code reason}), or null for a root run
 * @param outcome        its session.end outcome, or {@code unknown}
 * @param imported       whether its first event is marked imported, or null when not known (a run stored before
 *                       schema version 10 whose first line did not read)
 */
public record RunSummary(String runId, String parentRun, String forkCheckpoint, String forkEvent, String reason,
                         long eventCount, String outcome, Boolean imported) {
}
