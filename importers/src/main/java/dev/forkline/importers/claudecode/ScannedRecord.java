package dev.forkline.importers.claudecode;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.importers.support.LineTokens;
import java.io.IOException;

/**
 * The members of a transcript record that the first pass ({@link ClaudeSessionScan}) uses, read from the line's bytes
 * with a token parser: the envelope's strings as they come, every other member skipped, an assistant's message read for
 * its facts as it is passed over ({@link AssistantMessage}), and any other message parsed as a tree only when the pass
 * asks for it (a user's only while the first prompt is not found or when its result names an agent). Skipped members
 * are still checked as a tree reading checks them (syntax, repeated keys, numbers beyond a double), so a line the
 * second pass reports as damaged is passed over here too.
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
    JsonNode isApiErrorMessage;
    JsonNode isSidechain;
    JsonNode cost;
    private boolean hasPayload;
    private boolean hasTranscriptId;
    private JsonNode message;
    /** An assistant's message facts, read with the line when its type came before its message. */
    private AssistantMessage assistant;
    /** The message's bytes when it is an object or array not parsed yet: {@code bytes[messageStart, messageEnd)}. */
    private byte[] bytes;
    private int messageStart;
    private int messageEnd;

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
        scanned.isApiErrorMessage = record.get("isApiErrorMessage");
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
        try (LineTokens tokens = LineTokens.open(bytes, offset, length)) {
            if (tokens == null) {
                return null;
            }
            ScannedRecord scanned = new ScannedRecord();
            for (String name = tokens.nextMember(); name != null; name = tokens.nextMember()) {
                switch (name) {
                    case "type" -> scanned.type = tokens.text();
                    case "timestamp" -> scanned.timestamp = tokens.text();
                    case "sessionId" -> scanned.sessionId = tokens.text();
                    case "cwd" -> scanned.cwd = tokens.text();
                    case "version" -> scanned.version = tokens.text();
                    case "gitBranch" -> scanned.gitBranch = tokens.text();
                    case "summary" -> scanned.summary = tokens.text();
                    case "requestId" -> scanned.requestId = tokens.text();
                    case "isMeta" -> scanned.isMeta = tokens.tree();
                    case "isApiErrorMessage" -> scanned.isApiErrorMessage = tokens.tree();
                    case "isSidechain" -> scanned.isSidechain = tokens.tree();
                    case "costUSD" -> scanned.cost = tokens.tree();
                    case "toolUseResult" -> scanned.resultAgentId = tokens.textMember("agentId");
                    case "message" -> {
                        if (tokens.current() == JsonToken.START_OBJECT || tokens.current() == JsonToken.START_ARRAY) {
                            scanned.bytes = bytes;
                            scanned.messageStart = tokens.tokenStart();
                            if ("assistant".equals(scanned.type) && tokens.current() == JsonToken.START_OBJECT) {
                                // the type came first, as Claude Code writes it: the message's facts are read as it is passed over
                                scanned.assistant = AssistantMessage.read(tokens, bytes);
                            } else {
                                tokens.skip();
                            }
                            scanned.messageEnd = tokens.position();
                        } else {
                            scanned.message = tokens.tree();
                        }
                    }
                    default -> tokens.skip();
                }
                scanned.hasPayload |= name.equals("payload");
                scanned.hasTranscriptId |= name.equals("uuid") || name.equals("sessionId") || name.equals("leafUuid") || name.equals("messageId");
            }
            return tokens.endsHere() ? scanned : null;
        } catch (IOException damaged) {
            return null;
        }
    }

    /** The record's message (any JSON value), or null when it has none. */
    JsonNode message() {
        if (bytes != null) {
            try {
                message = JsonlRecords.readTree(bytes, messageStart, messageEnd - messageStart);
            } catch (IOException e) {
                throw new IllegalStateException("the message of a line read whole could not be read again", e);
            }
            bytes = null;
        }
        return message;
    }

    /** The facts the first pass takes from the record's message when it is an assistant's object, or null when it is not an object. */
    AssistantMessage assistantMessage() {
        if (assistant != null) {
            return assistant;
        }
        if (bytes == null) {
            return AssistantMessage.of(message);
        }
        try {
            return AssistantMessage.read(bytes, messageStart, messageEnd);
        } catch (IOException e) {
            throw new IllegalStateException("the message of a line read whole could not be read again", e);
        }
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
}
