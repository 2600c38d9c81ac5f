package dev.forkline.replay.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A tool call's input read as Claude Code validates it: only the tool's own keys, strings where strings are due,
 * and numbers or booleans that may also arrive as their text ({@code "3"}, {@code "true"}), as its
 * {@code semanticNumber}/{@code semanticBoolean} accept. Anything else would have been refused before the tool ran,
 * so it is reported as not re-run.
 */
final class ToolArguments {

    private final String tool;
    private final JsonNode node;

    private ToolArguments(String tool, JsonNode node) {
        this.tool = tool;
        this.node = node;
    }

    static ToolArguments of(String tool, JsonNode node, Set<String> known) {
        if (node == null || !node.isObject()) {
            throw new NotRerun(tool + " input is not a JSON object");
        }
        List<String> unknown = new ArrayList<>();
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                unknown.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            throw new NotRerun(tool + " argument(s) not re-implemented: " + String.join(", ", unknown));
        }
        return new ToolArguments(tool, node);
    }

    Optional<String> string(String key) {
        JsonNode value = node.get(key);
        if (value == null) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw new NotRerun(tool + " argument " + key + " is not a string: " + value);
        }
        return Optional.of(value.asText());
    }

    String requiredString(String key) {
        return string(key).orElseThrow(() -> new NotRerun(tool + " call has no " + key));
    }

    /** A whole number at least {@code min}, given as a number or as its decimal text. */
    OptionalInt integer(String key, int min) {
        JsonNode value = node.get(key);
        if (value == null) {
            return OptionalInt.empty();
        }
        long number;
        if (value.isIntegralNumber() && value.canConvertToInt()) {
            number = value.asInt();
        } else if (value.isTextual() && value.asText().strip().matches("-?\\d{1,9}")) {
            number = Long.parseLong(value.asText().strip());
        } else {
            throw new NotRerun(tool + " argument " + key + " is not a whole number: " + value);
        }
        if (number < min) {
            throw new NotRerun(tool + " argument " + key + " is below " + min + ": " + value);
        }
        return OptionalInt.of((int) number);
    }

    Optional<Boolean> bool(String key) {
        JsonNode value = node.get(key);
        if (value == null) {
            return Optional.empty();
        }
        if (value.isBoolean()) {
            return Optional.of(value.asBoolean());
        }
        if (value.isTextual() && (value.asText().equals("true") || value.asText().equals("false"))) {
            return Optional.of(Boolean.parseBoolean(value.asText()));
        }
        throw new NotRerun(tool + " argument " + key + " is not a boolean: " + value);
    }
}
