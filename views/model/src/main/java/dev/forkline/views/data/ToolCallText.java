package dev.forkline.views.data;

import dev.forkline.trace.payload.ToolCallData;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A tool call's arguments as a person reads them: a one-line headline ("Bash: tree /app -L 3") and each argument as
 * text — a command or a text with its real line breaks, not JSON with {@code \n} in it; nested values as indented JSON.
 */
public final class ToolCallText {

    /** Arguments that say best what a call does, in the order they are looked for. */
    private static final List<String> HEADLINE_ARGUMENTS = List.of("command", "cmd", "argv", "file_path", "path", "filePath",
            "notebook_path", "pattern", "url", "query", "description", "code", "prompt");
    private static final int HEADLINE_CHARS = 80;

    /** One argument: its name and its value as text. */
    public record Argument(String name, String text, boolean multiline) {
    }

    private ToolCallText() {
    }

    /** "Tool: main argument" on one line, cut with an ellipsis; just the tool when it has no telling argument. */
    public static String headline(Event call) {
        String tool = call.text(ToolCallData.TOOL) == null ? "tool" : call.text(ToolCallData.TOOL);
        String main = mainArgument(call.data().get(ToolCallData.ARGUMENTS));
        if (main == null) {
            JsonNode argv = call.data().path(ToolCallData.EXEC).path(ToolCallData.EXEC_ARGV);
            main = argv.isArray() && !argv.isEmpty() ? joined(argv) : null;
        }
        return main == null || main.isBlank() ? tool : tool + ": " + oneLine(main, HEADLINE_CHARS);
    }

    /** The argument that best says what the call does, as text, or null. */
    public static String mainArgument(JsonNode arguments) {
        if (arguments == null || arguments.isNull() || arguments.isMissingNode()) {
            return null;
        }
        if (arguments.isValueNode()) {
            return arguments.asText();
        }
        for (String name : HEADLINE_ARGUMENTS) {
            JsonNode value = arguments.get(name);
            if (value != null && value.isTextual() && !value.asText().isBlank()) {
                return value.asText();
            }
            if (value != null && value.isArray() && !value.isEmpty()) {
                return joined(value);
            }
        }
        for (Map.Entry<String, JsonNode> field : arguments.properties()) {
            if (field.getValue().isTextual() && !field.getValue().asText().isBlank()) {
                return field.getValue().asText();
            }
        }
        return null;
    }

    /** Each argument as text: strings as they are (line breaks kept), numbers and booleans as written, the rest as JSON. */
    public static List<Argument> arguments(JsonNode arguments) {
        List<Argument> out = new ArrayList<>();
        if (arguments == null || arguments.isNull() || arguments.isMissingNode()) {
            return out;
        }
        if (!arguments.isObject()) {
            String text = text(arguments);
            out.add(new Argument("arguments", text, text.contains("\n")));
            return out;
        }
        for (Map.Entry<String, JsonNode> field : arguments.properties()) {
            String text = text(field.getValue());
            out.add(new Argument(field.getKey(), text, text.contains("\n") || !field.getValue().isValueNode()));
        }
        return out;
    }

    /** All arguments as one text block: "name: value" lines, multi-line values below their name. */
    public static String asText(JsonNode arguments) {
        StringBuilder text = new StringBuilder();
        for (Argument argument : arguments(arguments)) {
            if (!text.isEmpty()) {
                text.append('\n');
            }
            text.append(argument.name()).append(':').append(argument.multiline() ? "\n" : " ").append(argument.text());
        }
        return text.toString();
    }

    /** The text on one line (line breaks as " ⏎ "), cut at {@code max} characters with an ellipsis. */
    public static String oneLine(String text, int max) {
        String line = text.strip().replaceAll("\\s*\\R\\s*", " ⏎ ");
        return line.length() <= max ? line : line.substring(0, max - 1) + "…";
    }

    private static String text(JsonNode value) {
        if (value.isValueNode()) {
            return value.asText();
        }
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return value.toString();
        }
    }

    private static String joined(JsonNode array) {
        StringBuilder out = new StringBuilder();
        array.forEach(part -> out.append(out.isEmpty() ? "" : " ").append(part.asText()));
        return out.toString();
    }
}
