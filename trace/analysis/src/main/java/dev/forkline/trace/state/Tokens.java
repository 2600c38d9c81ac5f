package dev.forkline.trace.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** Summed model.call usage. {@link #total()} is input plus output: cache reads and writes are shown apart. */
public record Tokens(long input, long output, long cacheRead, long cacheWrite) {

    public static final Tokens ZERO = new Tokens(0, 0, 0, 0);

    /** The usage of one model.call ({@code data.usage}; missing fields count as 0). */
    public static Tokens ofUsage(JsonNode usage) {
        if (usage == null || !usage.isObject()) {
            return ZERO;
        }
        return new Tokens(count(usage, "inputTokens"), count(usage, "outputTokens"), count(usage, "cacheReadTokens"),
                count(usage, "cacheWriteTokens"));
    }

    private static long count(JsonNode usage, String field) {
        JsonNode value = usage.get(field);
        return value != null && value.canConvertToLong() ? Math.max(0, value.asLong()) : 0;
    }

    public Tokens plus(Tokens other) {
        return new Tokens(input + other.input, output + other.output, cacheRead + other.cacheRead, cacheWrite + other.cacheWrite);
    }

    public long total() {
        return input + output;
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("input", input);
        json.put("output", output);
        json.put("cacheRead", cacheRead);
        json.put("cacheWrite", cacheWrite);
        json.put("total", total());
        return json;
    }
}
