package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.forkline.trace.Json;

/** The payload of a {@code tool.result}: what a tool call returned. Members the trace does not hold read as null. */
public record ToolResultData(String callId, Long exitCode, String stdout, String stderr, String stdoutBlob, String stderrBlob, JsonNode error, Boolean isError, Double durationMs, String outcome,
        Boolean truncated, ObjectNode external) {

    /** The {@code outcome} of a call or result whose effect nobody can tell. */
    public static final String UNKNOWN_OUTCOME = "unknown";
    public static final String TYPE = "tool.result";
    public static final String CALL_ID = "callId";
    public static final String EXIT_CODE = "exitCode";
    public static final String STDOUT = "stdout";
    public static final String STDERR = "stderr";
    public static final String STDOUT_BLOB = "stdoutBlob";
    public static final String STDERR_BLOB = "stderrBlob";
    public static final String ERROR = "error";
    public static final String IS_ERROR = "isError";
    public static final String DURATION_MS = "durationMs";
    public static final String OUTCOME = "outcome";
    /** True when the output was cut at the sandbox's output limit. */
    public static final String TRUNCATED = "truncated";
    /** The stand-in a scenario's fetch or external call reached. */
    public static final String STAND_IN = "standIn";
    /** What an external call did to its stand-in: {@code standIn}, {@code entry}, {@code newDelivery}. */
    public static final String EXTERNAL = "external";
    public static final String EXTERNAL_STAND_IN = "standIn";
    public static final String EXTERNAL_ENTRY = "entry";
    public static final String EXTERNAL_NEW_DELIVERY = "newDelivery";

    /** A result of call {@code callId} with no other member yet; the {@code with…} methods add them. */
    public static ToolResultData of(String callId) {
        return new ToolResultData(callId, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** The {@code external} object of a call that reached a stand-in: which one, its entry, whether it was new. */
    public static ObjectNode external(String standIn, Long entry, Boolean newDelivery) {
        ObjectNode external = Json.object();
        Fields.put(external, EXTERNAL_STAND_IN, standIn);
        Fields.put(external, EXTERNAL_ENTRY, entry);
        Fields.put(external, EXTERNAL_NEW_DELIVERY, newDelivery);
        return external;
    }

    public ToolResultData withExitCode(long exitCode) {
        return new ToolResultData(callId, exitCode, stdout, stderr, stdoutBlob, stderrBlob, error, isError, durationMs, outcome,
                truncated, external);
    }

    public ToolResultData withStdout(String stdout) {
        return new ToolResultData(callId, exitCode, stdout, stderr, stdoutBlob, stderrBlob, error, isError, durationMs, outcome,
                truncated, external);
    }

    /** Sets {@code isError}. */
    public ToolResultData withError(boolean isError) {
        return new ToolResultData(callId, exitCode, stdout, stderr, stdoutBlob, stderrBlob, error, isError, durationMs, outcome,
                truncated, external);
    }

    /** Sets {@code error} to a message. */
    public ToolResultData withErrorMessage(String message) {
        return new ToolResultData(callId, exitCode, stdout, stderr, stdoutBlob, stderrBlob,
                message == null ? null : TextNode.valueOf(message), isError, durationMs, outcome, truncated, external);
    }

    public ToolResultData withOutcome(String outcome) {
        return new ToolResultData(callId, exitCode, stdout, stderr, stdoutBlob, stderrBlob, error, isError, durationMs, outcome,
                truncated, external);
    }

    public ToolResultData withExternal(ObjectNode external) {
        return new ToolResultData(callId, exitCode, stdout, stderr, stdoutBlob, stderrBlob, error, isError, durationMs, outcome,
                truncated, external);
    }

    public static ToolResultData from(ObjectNode data) {
        return new ToolResultData(Fields.text(data, CALL_ID),
                Fields.integer(data, EXIT_CODE),
                Fields.text(data, STDOUT),
                Fields.text(data, STDERR),
                Fields.text(data, STDOUT_BLOB),
                Fields.text(data, STDERR_BLOB),
                Fields.node(data, ERROR),
                Fields.bool(data, IS_ERROR),
                Fields.number(data, DURATION_MS),
                Fields.text(data, OUTCOME),
                Fields.bool(data, TRUNCATED),
                Fields.object(data, EXTERNAL));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, CALL_ID, callId);
        Fields.put(data, EXIT_CODE, exitCode);
        Fields.put(data, STDOUT, stdout);
        Fields.put(data, STDERR, stderr);
        Fields.put(data, STDOUT_BLOB, stdoutBlob);
        Fields.put(data, STDERR_BLOB, stderrBlob);
        Fields.put(data, ERROR, error);
        Fields.put(data, IS_ERROR, isError);
        Fields.put(data, DURATION_MS, durationMs);
        Fields.put(data, OUTCOME, outcome);
        Fields.put(data, TRUNCATED, truncated);
        Fields.put(data, EXTERNAL, external);
        return data;
    }

    /**
     * Whether the importer marked it {@code "outcome":"unknown"}: it saw the call but cannot tell what it did (e.g. a
     * redacted output), so it counts neither as done nor as failed. Tool calls carry the same mark.
     */
    public boolean outcomeUnknown() {
        return UNKNOWN_OUTCOME.equals(outcome);
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
