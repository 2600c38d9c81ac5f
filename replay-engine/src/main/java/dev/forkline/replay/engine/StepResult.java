package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

import java.util.List;

/**
 * One replayed step: a tool call with its result, mutations and escape attempt, a checkpoint, a revert or an injected
 * change.
 *
 * @param number        1-based position among the replay's steps
 * @param eventId       the recorded event the step replays (the tool.call, checkpoint, ...)
 * @param replayEventId the event written for it in the replay run (null when nothing was written, e.g. dropped)
 * @param type          the recorded event's type
 * @param callId        data.callId of a tool call, else null
 * @param tool          data.tool of a tool call, or the checkpoint id of a checkpoint, else null
 * @param effect        data.effect of a tool call, else null
 * @param status        how it turned out
 * @param diffs         what differs (empty when it matched)
 * @param note          a sentence for people (why stubbed, what the decision was, ...), or null
 * @param durationMs    wall time spent on the step
 * @param afterEdit     the step is at or after the first edited event
 * @param divergence    for a divergence ({@link StepStatus#DIVERGED}, {@link StepStatus#EXPECTED_DIVERGENCE}): why it
 *                      differs; null otherwise
 * @param cause         for an environment divergence, what the replay's environment lacks; else null
 * @param normalizations the normalisation rules that changed the compared outputs (empty when none applied)
 */
public record StepResult(int number, String eventId, String replayEventId, String type, String callId, String tool,
                         String effect, StepStatus status, List<FieldDiff> diffs, String note, long durationMs,
                         boolean afterEdit, DivergenceClass divergence, String cause, List<String> normalizations) {

    public StepResult {
        diffs = List.copyOf(diffs);
        normalizations = normalizations == null ? List.of() : List.copyOf(normalizations);
    }

    /**
     * A divergence that counts against the replay: one of behaviour or of the workspace, an escape that was not
     * contained, and with {@code strictEnvironment} one of the environment too.
     */
    public boolean countsAsFailure(boolean strictEnvironment) {
        return status.isFailure() && (strictEnvironment || divergence != DivergenceClass.ENVIRONMENT);
    }

    /** {@code diverged}, or {@code diverged (environment)} for a classified divergence. */
    public String statusText() {
        return divergence == null ? status.wireName() : status.wireName() + " (" + divergence.wireName() + ")";
    }

    /** {@code r1.7 tool.call c2 (shell, workspace)} */
    public String label() {
        StringBuilder s = new StringBuilder(eventId).append(' ').append(type);
        if (callId != null) {
            s.append(' ').append(callId);
        }
        if (tool != null || effect != null) {
            s.append(" (").append(tool == null ? "" : tool);
            if (effect != null) {
                s.append(tool == null ? "" : ", ").append(effect);
            }
            s.append(')');
        }
        return s.toString();
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("number", number);
        json.put("eventId", eventId);
        json.put("replayEventId", replayEventId);
        json.put("type", type);
        json.put("callId", callId);
        json.put("tool", tool);
        json.put("effect", effect);
        json.put("status", status.wireName());
        ArrayNode list = json.putArray("diffs");
        diffs.forEach(d -> list.add(d.toJson()));
        json.put("note", note);
        json.put("durationMs", durationMs);
        json.put("afterEdit", afterEdit);
        if (divergence != null) {
            json.put("divergence", divergence.wireName());
        }
        if (cause != null) {
            json.put("cause", cause);
        }
        if (!normalizations.isEmpty()) {
            ArrayNode applied = json.putArray("normalizations");
            normalizations.forEach(applied::add);
        }
        return json;
    }
}
