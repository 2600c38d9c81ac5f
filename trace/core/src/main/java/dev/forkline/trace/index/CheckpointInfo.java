package dev.forkline.trace.index;

/**
 * A checkpoint event of a trace.
 *
 * @param checkpointId data.checkpointId (the event id when the payload lacks it)
 * @param run          the run it belongs to
 * @param seq          its seq within that run
 * @param eventId      the checkpoint event's id
 * @param label        data.label, or null
 */
public record CheckpointInfo(String checkpointId, String run, long seq, String eventId, String label) {
}
