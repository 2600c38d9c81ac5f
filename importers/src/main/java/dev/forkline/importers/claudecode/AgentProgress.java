package dev.forkline.importers.claudecode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.JsonFields;
import java.nio.file.Path;

/**
 * A subagent's message streamed into the parent transcript by newer Claude Code versions: a {@code progress} record
 * whose {@code data} is {@code {type: "agent_progress", agentId, prompt, message: <the subagent's transcript record>}}
 * and whose {@code parentToolUseID} is the Task call that started the subagent. The inner record is read like a line of
 * the subagent's own file: it belongs to a lane of its own ({@link #laneFile}), its assistant messages are model calls
 * with their usage, its tool uses and results are paired calls.
 */
final class AgentProgress {

    private AgentProgress() {
    }

    static boolean is(ObjectNode record) {
        return "progress".equals(JsonFields.text(record, "type")) && "agent_progress".equals(JsonFields.textAt(record, "data", "type"));
    }

    /** The agent the progress record speaks for, or null. */
    static String agentId(ObjectNode record) {
        return JsonFields.textAt(record, "data", "agentId");
    }

    /**
     * The subagent's record carried by a progress record, as a transcript record of its lane: the inner record with
     * the subagent's {@code agentId}, {@code sessionId} and a time (the outer one when the inner has none); null when
     * the progress record carries no user or assistant message (a status update).
     */
    static ObjectNode inner(ObjectNode record) {
        JsonNode message = JsonFields.at(record, "data", "message");
        if (!(message instanceof ObjectNode inner) || !inner.path("message").isObject()) {
            return null;
        }
        String type = JsonFields.text(inner, "type");
        if (type == null) {
            type = JsonFields.textAt(inner, "message", "role");
        }
        if (!"assistant".equals(type) && !"user".equals(type)) {
            return null;
        }
        ObjectNode copy = inner.deepCopy();
        copy.put("type", type);
        copy.put("agentId", agentId(record));
        copy.put("isSidechain", true);
        if (!copy.hasNonNull("timestamp") && record.hasNonNull("timestamp")) {
            copy.set("timestamp", record.get("timestamp"));
        }
        if (!copy.hasNonNull("sessionId") && record.hasNonNull("sessionId")) {
            copy.set("sessionId", record.get("sessionId"));
        }
        if (!copy.hasNonNull("uuid")) {
            copy.put("uuid", "progress-" + JsonFields.text(record, "uuid"));
        }
        return copy;
    }

    /** The stand-in file of an agent's streamed messages: lanes and responses are kept per file, as for a subagent file. */
    static Path laneFile(Path transcript, String agentId) {
        return transcript.resolveSibling(transcript.getFileName() + "#agent-" + agentId);
    }
}
