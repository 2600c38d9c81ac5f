package dev.forkline.views.inspector;

import dev.forkline.trace.payload.ModelCallData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;

import java.util.ArrayList;
import java.util.List;

/**
 * What a model call said, in one text: its output text, then the tools it called ("called Bash, Read"), so that a turn
 * that only called tools does not read as a blank line.
 */
public final class ModelTurnText {

    private ModelTurnText() {
    }

    /** What the call said and called; its input summary when it recorded neither. */
    public static String of(Event modelCall) {
        String said = said(modelCall);
        return said.isEmpty() ? modelCall.data().path(ModelCallData.INPUT).path(ModelCallData.INPUT_SUMMARY).asText("") : said;
    }

    /** The output text, then "called …" on a line of its own; "" when the call recorded neither. */
    public static String said(Event modelCall) {
        JsonNode output = modelCall.data().path(ModelCallData.OUTPUT);
        String text = output.path(ModelCallData.OUTPUT_TEXT).isTextual() ? output.path(ModelCallData.OUTPUT_TEXT).asText().strip() : "";
        String called = called(modelCall);
        return text.isEmpty() ? called : called.isEmpty() ? text : text + "\n" + called;
    }

    /** "called Bash, Read" for the tools the call asked for, or "" when it asked for none. */
    public static String called(Event modelCall) {
        List<String> tools = new ArrayList<>();
        modelCall.data().path(ModelCallData.OUTPUT).path(ModelCallData.OUTPUT_TOOL_CALLS)
                .forEach(call -> tools.add(call.path(ModelCallData.TOOL_CALL_NAME).asText("?")));
        return tools.isEmpty() ? "" : "called " + String.join(", ", tools);
    }
}
