package dev.forkline.importers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.JsonDocuments;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a Gemini CLI chat recording ({@code ~/.gemini/tmp/<project_hash>/chats/session-*.json[l]}) into a
 * {@link Conversation}. Two layouts: the older one document {@code {sessionId, projectHash, startTime, lastUpdated,
 * messages[], summary?, kind?}}, and the current JSON lines: a header with the same fields, message records (an id seen
 * before rewrites that message), {@code {"$set": {...}}} metadata updates (whose {@code messages} replace the list) and
 * {@code {"$rewindTo": id}}.
 */
final class ChatRecording {

    private ChatRecording() {
    }

    /** Whether the file holds one JSON document (its first line does not parse as an object on its own). */
    static boolean isOneDocument(Path file) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String text = line.strip().replace("\uFEFF", "");
                if (!text.isEmpty()) {
                    try {
                        return !(Json.MAPPER.readTree(text) instanceof ObjectNode);
                    } catch (IOException notAWholeObject) {
                        return true;
                    }
                }
            }
        } catch (java.nio.charset.CharacterCodingException notUtf8) {
            return false;
        }
        return false;
    }

    static Conversation read(Path file, ImportSession session) throws IOException, TraceFormatException {
        Conversation conversation = new Conversation();
        if (isOneDocument(file)) {
            JsonNode document = JsonDocuments.read(file);
            if (!document.isObject()) {
                throw new TraceFormatException(file.toString(), 1, "not a Gemini CLI chat recording: expected a JSON object with"
                        + " sessionId, projectHash and messages");
            }
            conversation.mergeMetadata(document, 0);
        } else {
            JsonlRecords.read(file, session, (record, line) -> add(conversation, record, line));
        }
        if (!conversation.metadata().has("sessionId") && conversation.entries().isEmpty()) {
            throw new TraceFormatException(file.toString(), 1, "not a Gemini CLI chat recording: no sessionId header and no message");
        }
        return conversation;
    }

    private static void add(Conversation conversation, ObjectNode record, long line) {
        if (record.path("$rewindTo").isTextual()) {
            conversation.rewind(record.get("$rewindTo").asText(), line);
        } else if (record.path("id").isTextual()) {
            conversation.upsert(record, line);
        } else if (record.path("$set").isObject()) {
            conversation.mergeMetadata(record.get("$set"), line);
        } else if (record.path("sessionId").isTextual()) {
            conversation.mergeMetadata(record, line);
        } else {
            conversation.unknown(record, line);
        }
    }
}
