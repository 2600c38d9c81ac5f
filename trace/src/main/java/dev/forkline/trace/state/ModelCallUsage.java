package dev.forkline.trace.state;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.index.TraceIndex;
import java.io.IOException;

/**
 * The two members of a model call's payload the state pass sums, {@code data.usage} and {@code data.costUsd}. For a
 * lazily loaded trace they are skimmed from the event's stored line (a streaming read that builds just those two
 * values, about three times faster than parsing the event, and the pass reads every model call of a run); otherwise,
 * or when the skim fails, they come from the parsed event, whose parse reports a damaged line.
 */
final class ModelCallUsage {

    private static final ObjectReader SUBTREE = Json.MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private final TraceIndex index;
    private final EventLines lines;

    ModelCallUsage(TraceIndex index) {
        this.index = index;
        this.lines = index.events() instanceof LazyEventList lazy ? lazy.lines() : null;
    }

    /** An object with the call's {@code usage} and {@code costUsd} as its payload has them (each absent when it has none). */
    JsonNode of(int eventIndex) {
        if (lines != null) {
            try {
                return skim(lines.line(eventIndex));
            } catch (IOException | RuntimeException e) {
                // read it the ordinary way below, which says what is wrong with the line
            }
        }
        return index.get(eventIndex).data();
    }

    static ObjectNode skim(byte[] line) throws IOException {
        ObjectNode members = Json.object();
        try (JsonParser parser = Json.MAPPER.createParser(line)) {
            // the line was checked when it was stored (duplicate members included); tracking member names costs more than the skim
            parser.disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("an event line is a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("data") && value == JsonToken.START_OBJECT) {
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        String member = parser.currentName();
                        parser.nextToken();
                        if (member.equals("usage") || member.equals("costUsd")) {
                            members.set(member, SUBTREE.readTree(parser));
                        } else {
                            parser.skipChildren();
                        }
                    }
                } else {
                    parser.skipChildren();
                }
            }
        }
        return members;
    }
}
