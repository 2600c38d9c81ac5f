package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code run.fork}: a run that starts from a checkpoint of another. Members the trace does not hold read as null. */
public record RunForkData(String parentRun, String checkpoint, String checkpointEvent, ForkReason reason, ArrayNode edits,
        String replayedRun, String note) {

    public static final String TYPE = "run.fork";
    public static final String PARENT_RUN = "parentRun";
    public static final String CHECKPOINT = "checkpoint";
    public static final String CHECKPOINT_EVENT = "checkpointEvent";
    public static final String REASON = "reason";
    public static final String EDITS = "edits";
    /** The run a replay replays (the parent run holds the checkpoint: the replayed run or one of its ancestors). */
    public static final String REPLAYED_RUN = "replayedRun";
    /** Why the run was forked, in the words of whoever forked it. */
    public static final String NOTE = "note";

    public static RunForkData from(ObjectNode data) {
        return new RunForkData(Fields.text(data, PARENT_RUN),
                Fields.text(data, CHECKPOINT),
                Fields.text(data, CHECKPOINT_EVENT),
                ForkReason.parse(Fields.text(data, REASON)).orElse(null),
                Fields.array(data, EDITS),
                Fields.text(data, REPLAYED_RUN),
                Fields.text(data, NOTE));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, PARENT_RUN, parentRun);
        Fields.put(data, CHECKPOINT, checkpoint);
        Fields.put(data, CHECKPOINT_EVENT, checkpointEvent);
        Fields.put(data, REASON, reason == null ? null : reason.wireName());
        Fields.put(data, EDITS, edits);
        Fields.put(data, REPLAYED_RUN, replayedRun);
        Fields.put(data, NOTE, note);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
