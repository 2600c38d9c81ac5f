package dev.forkline.trace.gate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * An event behind a clause's failure.
 *
 * @param traceId the trace's id
 * @param run     the event's run (null when the evidence is about the whole trace)
 * @param eventId the event (null when about the whole trace)
 * @param line    its line in trace.jsonl (0 when unknown)
 * @param note    what is wrong with it (text may come from the trace)
 */
public record Evidence(String traceId, String run, String eventId, long line, String note) {

    /** {@code trace r1/r1.9 (line 9): note}. */
    public String describe() {
        StringBuilder text = new StringBuilder(traceId == null ? "-" : traceId);
        if (eventId != null) {
            text.append(' ').append(run).append('/').append(eventId);
            if (line > 0) {
                text.append(" (line ").append(line).append(')');
            }
        }
        return text.append(": ").append(note).toString();
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("traceId", traceId);
        json.put("run", run);
        json.put("eventId", eventId);
        json.put("line", line);
        json.put("note", note);
        return json;
    }
}
