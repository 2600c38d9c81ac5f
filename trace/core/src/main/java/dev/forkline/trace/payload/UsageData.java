package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The {@code usage} object of a {@code model.call} or {@code session.end}: token counts, each null when unknown. */
public record UsageData(Long inputTokens, Long outputTokens, Long cacheReadTokens, Long cacheWriteTokens) {

    public static final String INPUT_TOKENS = "inputTokens";
    public static final String OUTPUT_TOKENS = "outputTokens";
    public static final String CACHE_READ_TOKENS = "cacheReadTokens";
    public static final String CACHE_WRITE_TOKENS = "cacheWriteTokens";

    public static UsageData from(ObjectNode usage) {
        return new UsageData(Fields.integer(usage, INPUT_TOKENS), Fields.integer(usage, OUTPUT_TOKENS),
                Fields.integer(usage, CACHE_READ_TOKENS), Fields.integer(usage, CACHE_WRITE_TOKENS));
    }

    /** Writes the non-null counts into {@code usage}; returns it. */
    public ObjectNode into(ObjectNode usage) {
        Fields.put(usage, INPUT_TOKENS, inputTokens);
        Fields.put(usage, OUTPUT_TOKENS, outputTokens);
        Fields.put(usage, CACHE_READ_TOKENS, cacheReadTokens);
        Fields.put(usage, CACHE_WRITE_TOKENS, cacheWriteTokens);
        return usage;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
