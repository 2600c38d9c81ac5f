package dev.forkline.trace;

import com.fasterxml.jackson.databind.JsonNode;

/** Reading tool.result events: the one rule for "a failed tool result" (state, recovery, reports, gate, store). */
public final class ToolResults {

    private ToolResults() {
    }

    /** A tool.result is an error when it says so (isError, an error value other than "" or false) or its exit code is not 0. */
    public static boolean isError(Event result) {
        JsonNode data = result.data();
        if (data.path("isError").asBoolean(false)) {
            return true;
        }
        JsonNode error = data.get("error");
        if (error != null && !error.isNull() && !(error.isTextual() && error.textValue().isEmpty())
                && !(error.isBoolean() && !error.booleanValue())) {
            return true;
        }
        JsonNode exitCode = data.get("exitCode");
        return exitCode != null && exitCode.isNumber() && exitCode.asLong() != 0;
    }
}
