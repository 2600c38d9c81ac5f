package dev.forkline.importers.codex;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.importers.support.LineTokens;
import dev.forkline.trace.Json;
import java.io.IOException;

/**
 * What the header pass of {@link CodexRolloutImporter} takes from a rollout line, read with a token parser
 * ({@link LineTokens}): its type and time, whether it has a payload and the payload's item type; the payload is parsed
 * as a tree only when asked for (the first session_meta and turn_context).
 */
final class HeaderLine {

    String type;
    String timestamp;
    boolean hasPayload;
    /** {@code payload.type} when the payload is an object. */
    String payloadType;
    private ObjectNode payload;
    /** The payload's bytes when it is an object not parsed yet: {@code bytes[payloadStart, payloadEnd)}. */
    private byte[] bytes;
    private int payloadStart;
    private int payloadEnd;

    private HeaderLine() {
    }

    static HeaderLine of(ObjectNode record) {
        HeaderLine line = new HeaderLine();
        line.type = JsonFields.text(record, "type");
        line.timestamp = JsonFields.text(record, "timestamp");
        line.hasPayload = record.has("payload");
        line.payload = record.get("payload") instanceof ObjectNode object ? object : null;
        line.payloadType = line.payload == null ? null : JsonFields.text(line.payload, "type");
        return line;
    }

    /** The line's record, or null when the line is not one JSON object; the bytes must stay as they are until {@link #payload} was asked for. */
    static HeaderLine read(byte[] bytes, int offset, int length, String file, long number, ImportSession session) {
        if (!JsonlRecords.startsPlainly(bytes, offset, length)) {
            ObjectNode record = JsonlRecords.parse(bytes, offset, length, file, number, session);
            return record == null ? null : of(record);
        }
        try (LineTokens tokens = LineTokens.open(bytes, offset, length)) {
            if (tokens == null) {
                return null;
            }
            HeaderLine line = new HeaderLine();
            for (String name = tokens.nextMember(); name != null; name = tokens.nextMember()) {
                switch (name) {
                    case "type" -> line.type = tokens.text();
                    case "timestamp" -> line.timestamp = tokens.text();
                    case "payload" -> {
                        line.hasPayload = true;
                        if (tokens.current() == JsonToken.START_OBJECT) {
                            line.bytes = bytes;
                            line.payloadStart = tokens.tokenStart();
                            line.payloadType = tokens.textMember("type");
                            line.payloadEnd = tokens.position();
                        } else {
                            tokens.skip();
                        }
                    }
                    default -> tokens.skip();
                }
            }
            return tokens.endsHere() ? line : null;
        } catch (IOException damaged) {
            return null;
        }
    }

    boolean isRolloutRecord() {
        return type != null && CodexRolloutImporter.RECORD_TYPES.contains(type) && hasPayload;
    }

    boolean isBareItem() {
        return type != null && CodexRolloutImporter.BARE_ITEM_TYPES.contains(type) && !hasPayload;
    }

    /** The payload when it is an object, else null. */
    ObjectNode payload() {
        if (bytes != null) {
            try {
                payload = (ObjectNode) Json.MAPPER.readTree(bytes, payloadStart, payloadEnd - payloadStart);
            } catch (IOException e) {
                throw new IllegalStateException("the payload of a line read whole could not be read again", e);
            }
            bytes = null;
        }
        return payload;
    }
}
