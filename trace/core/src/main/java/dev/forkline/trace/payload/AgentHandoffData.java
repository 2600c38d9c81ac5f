package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code agent.handoff}: control handed from one agent to another. Members the trace does not hold read as null. */
public record AgentHandoffData(String from, String to, String reason) {

    public static final String TYPE = "agent.handoff";
    public static final String FROM = "from";
    public static final String TO = "to";
    public static final String REASON = "reason";

    public static AgentHandoffData from(ObjectNode data) {
        return new AgentHandoffData(Fields.text(data, FROM),
                Fields.text(data, TO),
                Fields.text(data, REASON));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, FROM, from);
        Fields.put(data, TO, to);
        Fields.put(data, REASON, reason);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
