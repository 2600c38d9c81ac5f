package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * The members a replay adds to any event it writes, whatever its type: which recorded event it replays, the step's
 * comparison ({@link ReplayStepData}, or the run's summary on {@code run.fork} and {@code session.end}), and how a call
 * was answered without being re-executed. Members the payload does not hold read as null.
 *
 * @param replayOf   the id of the recorded event this one replays
 * @param replay     the {@code replay} object: a step's {@link ReplayStepData}, or a run's summary
 * @param stubbed    true when a call's result was answered from the recording (or a denial), not re-executed
 * @param refired    true when an external call was re-fired against its stand-in because an owner approved it
 * @param decision   the id of the {@code approval.decision} the result follows
 * @param answeredBy who answered a call the harness answers itself (Claude Code's Read, Grep, Glob)
 */
public record ReplayMarks(String replayOf, ObjectNode replay, Boolean stubbed, Boolean refired, String decision,
        String answeredBy) {

    public static final String REPLAY_OF = "replayOf";
    public static final String REPLAY = "replay";
    public static final String STUBBED = "stubbed";
    public static final String REFIRED = "refired";
    public static final String DECISION = "decision";
    public static final String ANSWERED_BY = "answeredBy";
    /** On the copy of a Claude Code file-history snapshot: each backup's comparison with the replay's workspace. */
    public static final String FILE_HISTORY = "fileHistory";

    /** The mark of an event that replays the recorded event {@code replayOf} (null: it replays none). */
    public static ReplayMarks of(String replayOf) {
        return new ReplayMarks(replayOf, null, null, null, null, null);
    }

    public static ReplayMarks from(ObjectNode data) {
        return new ReplayMarks(Fields.text(data, REPLAY_OF), Fields.object(data, REPLAY), Fields.bool(data, STUBBED),
                Fields.bool(data, REFIRED), Fields.text(data, DECISION), Fields.text(data, ANSWERED_BY));
    }

    public ReplayMarks withReplay(ObjectNode replay) {
        return new ReplayMarks(replayOf, replay, stubbed, refired, decision, answeredBy);
    }

    public ReplayMarks withReplay(ReplayStepData step) {
        return withReplay(step.toPayload());
    }

    public ReplayMarks asStubbed() {
        return new ReplayMarks(replayOf, replay, true, refired, decision, answeredBy);
    }

    public ReplayMarks asRefired() {
        return new ReplayMarks(replayOf, replay, stubbed, true, decision, answeredBy);
    }

    public ReplayMarks decidedBy(String decisionId) {
        return new ReplayMarks(replayOf, replay, stubbed, refired, decisionId, answeredBy);
    }

    public ReplayMarks answeredBy(String who) {
        return new ReplayMarks(replayOf, replay, stubbed, refired, decision, who);
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, STUBBED, stubbed);
        Fields.put(data, ANSWERED_BY, answeredBy);
        Fields.put(data, REPLAY_OF, replayOf);
        Fields.put(data, REFIRED, refired);
        Fields.put(data, DECISION, decision);
        Fields.put(data, REPLAY, replay);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
