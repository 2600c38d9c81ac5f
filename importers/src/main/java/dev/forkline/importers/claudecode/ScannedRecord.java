package dev.forkline.importers.claudecode;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.trace.Json;
import java.io.IOException;

/**
 * The members of a transcript record that the first pass ({@link ClaudeSessionScan}) uses, read from the line's bytes
 * with a token parser: the envelope's strings as they come, every other member skipped, and the message parsed as a
 * tree only when the pass asks for it (an assistant's; a user's only while the first prompt is not found or when its
 * result names an agent). Skipped members are still checked as a tree reading checks them (syntax, repeated keys,
 * numbers beyond a double), so a line the second pass reports as damaged is passed over here too.
 */
final class ScannedRecord {

    String type;
    String timestamp;
    String sessionId;
    String cwd;
    String version;
    String gitBranch;
    String summary;
    String requestId;
    /** {@code toolUseResult.agentId}: the subagent a Task call's result names. */
    String resultAgentId;
    JsonNode isMeta;
    JsonNode isSidechain;
    JsonNode cost;
    private boolean hasPayload;
    private boolean hasTranscriptId;
    private JsonNode message;
    /** The message's bytes when it is an object or array not parsed yet: {@code bytes[messageStart, messageEnd)}. */
    private byte[] bytes;
    private int messageStart;
    private int messageEnd;

    /** Reads one member's value as a tree, the parser then going on with the rest of the line. */
    private static final ObjectReader MEMBER = Json.MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private ScannedRecord() {
    }

    /** A record already read as a tree (a subagent's message carried by a progress record). */
    static ScannedRecord of(ObjectNode record) {
        ScannedRecord scanned = new ScannedRecord();
        scanned.type = JsonFields.text(record, "type");
        scanned.timestamp = JsonFields.text(record, "timestamp");
        scanned.sessionId = JsonFields.text(record, "sessionId");
        scanned.cwd = JsonFields.text(record, "cwd");
        scanned.version = JsonFields.text(record, "version");
        scanned.gitBranch = JsonFields.text(record, "gitBranch");
        scanned.summary = JsonFields.text(record, "summary");
        scanned.requestId = JsonFields.text(record, "requestId");
        scanned.resultAgentId = JsonFields.textAt(record, "toolUseResult", "agentId");
        scanned.isMeta = record.get("isMeta");
        scanned.isSidechain = record.get("isSidechain");
        scanned.cost = record.get("costUSD");
        scanned.message = record.get("message");
        scanned.hasPayload = record.has("payload");
        scanned.hasTranscriptId = record.has("uuid") || record.has("sessionId") || record.has("leafUuid") || record.has("messageId");
        return scanned;
    }

    /**
     * The record on a line's UTF-8 bytes, or null when the line is not one JSON object. The bytes must stay as they
     * are until the record's message was asked for. {@code session} hears nothing the second pass does not report
     * (it is for lines read as text, see {@link JsonlRecords#parse(byte[], int, int, String, long, ImportSession)}).
     */
    static ScannedRecord read(byte[] bytes, int offset, int length, String file, long line, ImportSession session) {
        if (!JsonlRecords.startsPlainly(bytes, offset, length)) {
            ObjectNode record = JsonlRecords.parse(bytes, offset, length, file, line, session);
            return record == null ? null : of(record);
        }
        try (JsonParser parser = Json.MAPPER.createParser(bytes, offset, length)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            ScannedRecord scanned = new ScannedRecord();
            for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                JsonToken value = parser.nextToken();
                switch (name) {
                    case "type" -> scanned.type = text(parser);
                    case "timestamp" -> scanned.timestamp = text(parser);
                    case "sessionId" -> scanned.sessionId = text(parser);
                    case "cwd" -> scanned.cwd = text(parser);
                    case "version" -> scanned.version = text(parser);
                    case "gitBranch" -> scanned.gitBranch = text(parser);
                    case "summary" -> scanned.summary = text(parser);
                    case "requestId" -> scanned.requestId = text(parser);
                    case "isMeta" -> scanned.isMeta = member(parser);
                    case "isSidechain" -> scanned.isSidechain = member(parser);
                    case "costUSD" -> scanned.cost = member(parser);
                    case "toolUseResult" -> scanned.resultAgentId = agentId(parser);
                    case "message" -> {
                        if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
                            scanned.bytes = bytes;
                            scanned.messageStart = offset + (int) parser.currentTokenLocation().getByteOffset();
                            skip(parser);
                            scanned.messageEnd = offset + (int) parser.currentLocation().getByteOffset();
                        } else {
                            scanned.message = member(parser);
                        }
                    }
                    default -> skip(parser);
                }
                scanned.hasPayload |= name.equals("payload");
                scanned.hasTranscriptId |= name.equals("uuid") || name.equals("sessionId") || name.equals("leafUuid") || name.equals("messageId");
            }
            return parser.nextToken() == null ? scanned : null;
        } catch (IOException damaged) {
            return null;
        }
    }

    /** The record's message (any JSON value), or null when it has none. */
    JsonNode message() {
        if (bytes != null) {
            try {
                message = Json.MAPPER.readTree(bytes, messageStart, messageEnd - messageStart);
            } catch (IOException e) {
                throw new IllegalStateException("the message of a line read whole could not be read again", e);
            }
            bytes = null;
        }
        return message;
    }

    /** A record of a type Claude Code writes, with one of the ids its records carry (see {@link ClaudeCodeImporter#RECORD_TYPES}). */
    boolean isTranscriptRecord() {
        return type != null && ClaudeCodeImporter.RECORD_TYPES.contains(type) && !hasPayload && hasTranscriptId;
    }

    boolean meta() {
        return isMeta != null && isMeta.asBoolean(false);
    }

    boolean sidechain() {
        return isSidechain != null && isSidechain.asBoolean(false);
    }

    private static JsonNode member(JsonParser parser) throws IOException {
        return MEMBER.readTree(parser);
    }

    /** The current value as {@link JsonFields#text} reads a member: its text when it is a string, else null (and skipped). */
    private static String text(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        skip(parser);
        return null;
    }

    /** {@code agentId} of the current value when it is an object, as {@link JsonFields#textAt} reads it. */
    private static String agentId(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            skip(parser);
            return null;
        }
        String agentId = null;
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            parser.nextToken();
            if (name.equals("agentId")) {
                agentId = text(parser);
            } else {
                skip(parser);
            }
        }
        return agentId;
    }

    /**
     * Passes over the current value, reading each number as a tree reading would ({@link Json}'s parser rejects those a
     * double cannot hold when their value is read); {@link JsonParser#skipChildren} alone would let them through.
     */
    private static void skip(JsonParser parser) throws IOException {
        int depth = 0;
        JsonToken token = parser.currentToken();
        while (true) {
            switch (token) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                case VALUE_NUMBER_INT -> {
                    if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                        parser.getBigIntegerValue();
                    }
                }
                case VALUE_NUMBER_FLOAT -> parser.getDecimalValue();
                default -> {
                }
            }
            if (depth == 0) {
                return;
            }
            token = parser.nextToken();
            if (token == null) {
                throw new com.fasterxml.jackson.core.io.JsonEOFException(parser, null, "the line ends inside a value");
            }
        }
    }
}
