package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code agent.message}: a message from one agent to another. Members the trace does not hold read as null. */
public record AgentMessageData(String from, String to, String text) {

    public static final String TYPE = "agent.message";
    public static final String FROM = "from";
    public static final String TO = "to";
    public static final String TEXT = "text";

    public static AgentMessageData from(ObjectNode data) {
        return new AgentMessageData(Fields.text(data, FROM),
                Fields.text(data, TO),
                Fields.text(data, TEXT));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, FROM, from);
        Fields.put(data, TO, to);
        Fields.put(data, TEXT, text);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
