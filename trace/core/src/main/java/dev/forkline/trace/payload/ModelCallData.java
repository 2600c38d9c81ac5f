package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code model.call}: one call to a model: what went in, what came out, its usage, cost and latency. Members the trace does not hold read as null. */
public record ModelCallData(String model, String provider, ObjectNode input, ObjectNode output, ObjectNode usage, Double costUsd, Double latencyMs) {

    public static final String TYPE = "model.call";
    public static final String MODEL = "model";
    public static final String PROVIDER = "provider";
    public static final String INPUT = "input";
    public static final String OUTPUT = "output";
    public static final String USAGE = "usage";
    public static final String COST_USD = "costUsd";
    public static final String LATENCY_MS = "latencyMs";
    /** Members of {@code input} and {@code output} as Forkline's recorder writes them. */
    public static final String INPUT_SUMMARY = "summary";
    /** The conversation sent, as {@code [{role, content}]}; content is text or the provider's parts. */
    public static final String INPUT_MESSAGES = "messages";
    public static final String MESSAGE_ROLE = "role";
    public static final String MESSAGE_CONTENT = "content";
    public static final String OUTPUT_TEXT = "text";
    public static final String OUTPUT_TOOL_CALLS = "toolCalls";
    /** Members of each of {@code output.toolCalls}. */
    public static final String TOOL_CALL_ID = "callId";
    public static final String TOOL_CALL_NAME = "name";
    public static final String TOOL_CALL_ARGUMENTS = "arguments";

    /**
     * One entry of {@code output.toolCalls}: {@code callId}, {@code name}, {@code arguments} in that order, a null
     * member written as JSON null (a call the model named without an id keeps its place).
     */
    public static ObjectNode toolCall(String callId, String name, JsonNode arguments) {
        ObjectNode call = Json.object();
        call.put(TOOL_CALL_ID, callId);
        call.put(TOOL_CALL_NAME, name);
        call.set(TOOL_CALL_ARGUMENTS, arguments);
        return call;
    }

    public static ModelCallData from(ObjectNode data) {
        return new ModelCallData(Fields.text(data, MODEL),
                Fields.text(data, PROVIDER),
                Fields.object(data, INPUT),
                Fields.object(data, OUTPUT),
                Fields.object(data, USAGE),
                Fields.number(data, COST_USD),
                Fields.number(data, LATENCY_MS));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, MODEL, model);
        Fields.put(data, PROVIDER, provider);
        Fields.put(data, INPUT, input);
        Fields.put(data, OUTPUT, output);
        Fields.put(data, USAGE, usage);
        Fields.put(data, COST_USD, costUsd);
        Fields.put(data, LATENCY_MS, latencyMs);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
