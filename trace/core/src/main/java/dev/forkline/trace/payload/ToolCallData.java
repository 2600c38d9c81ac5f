package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Json;

/**
 * The payload of a {@code tool.call}: which tool the agent called, with what, and what class of effect it has.
 *
 * @param arguments      the call's arguments as the agent wrote them (an object; null when absent)
 * @param effect         null when the payload holds no known effect class
 * @param idempotencyKey the key an external system de-duplicates the call by, when the trace has one
 * @param exec           how a process call was run ({@code argv}, {@code cwd}, {@code env}, …), when recorded
 */
public record ToolCallData(String callId, String tool, JsonNode arguments, EffectClass effect, String idempotencyKey,
        ObjectNode exec) {

    public static final String TYPE = "tool.call";
    public static final String CALL_ID = "callId";
    public static final String TOOL = "tool";
    public static final String ARGUMENTS = "arguments";
    public static final String EFFECT = "effect";
    public static final String IDEMPOTENCY_KEY = "idempotencyKey";
    public static final String EXEC = "exec";
    /** Members of {@code arguments} Forkline's own calls use: a shell command, a URL fetched, a stand-in reached. */
    public static final String ARGUMENT_COMMAND = "command";
    public static final String ARGUMENT_URL = "url";
    public static final String ARGUMENT_STAND_IN = "standIn";
    public static final String ARGUMENT_REQUEST_FILE = "requestFile";
    /** Members of {@code exec}: how a process call was run. */
    public static final String EXEC_ARGV = "argv";
    public static final String EXEC_CWD = "cwd";
    public static final String EXEC_ENV = "env";
    public static final String EXEC_TIMEOUT_MS = "timeoutMs";
    /** What a replay re-executes in SWE-agent's shell: {@code {action, cwd}} as recorded. */
    public static final String SWE_AGENT = "sweAgent";
    public static final String SWE_AGENT_ACTION = "action";
    public static final String SWE_AGENT_CWD = "cwd";

    public static ToolCallData of(String callId, String tool, JsonNode arguments, EffectClass effect) {
        return new ToolCallData(callId, tool, arguments, effect, null, null);
    }

    /**
     * The four members every recorded call has, {@code callId}, {@code tool}, {@code arguments}, {@code effect}, in that
     * order, as the importers and the live recorder write them: unlike {@link #into}, a null id or arguments is written
     * as JSON null, so that the call keeps its members' places.
     */
    public static ObjectNode payload(String callId, String tool, JsonNode arguments, EffectClass effect) {
        ObjectNode data = Json.object();
        data.put(CALL_ID, callId);
        data.put(TOOL, tool);
        data.set(ARGUMENTS, arguments);
        data.put(EFFECT, effect.wireName());
        return data;
    }

    public static ToolCallData from(ObjectNode data) {
        String effect = Fields.text(data, EFFECT);
        return new ToolCallData(Fields.text(data, CALL_ID), Fields.text(data, TOOL), Fields.node(data, ARGUMENTS),
                effect == null ? null : EffectClass.parse(effect).orElse(null), Fields.text(data, IDEMPOTENCY_KEY),
                Fields.object(data, EXEC));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, CALL_ID, callId);
        Fields.put(data, TOOL, tool);
        Fields.put(data, ARGUMENTS, arguments);
        Fields.put(data, EFFECT, effect == null ? null : effect.wireName());
        Fields.put(data, IDEMPOTENCY_KEY, idempotencyKey);
        Fields.put(data, EXEC, exec);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
