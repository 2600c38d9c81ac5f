package dev.forkline.views.inspector;

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
        return said.isEmpty() ? modelCall.data().path("input").path("summary").asText("") : said;
    }

    /** The output text, then "called …" on a line of its own; "" when the call recorded neither. */
    public static String said(Event modelCall) {
        JsonNode output = modelCall.data().path("output");
        String text = output.path("text").isTextual() ? output.path("text").asText().strip() : "";
        String called = called(modelCall);
        return text.isEmpty() ? called : called.isEmpty() ? text : text + "\n" + called;
    }

    /** "called Bash, Read" for the tools the call asked for, or "" when it asked for none. */
    public static String called(Event modelCall) {
        List<String> tools = new ArrayList<>();
        modelCall.data().path("output").path("toolCalls").forEach(call -> tools.add(call.path("name").asText("?")));
        return tools.isEmpty() ? "" : "called " + String.join(", ", tools);
    }
}
