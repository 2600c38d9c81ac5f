package dev.forkline.importers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.LargeText;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.Timestamps;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionStartData;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gemini CLI's prompt log ({@code ~/.gemini/tmp/<project_hash>/logs.json}): a list of {@code {sessionId, messageId,
 * type, message, timestamp}}, one per prompt the user typed, across the project's sessions. One root run per session
 * ({@code r1} when there is one), each prompt an agent.message from the user. The log holds nothing else: the model's
 * answers, tool calls and usage are in the chat recordings.
 */
final class PromptLog {

    private PromptLog() {
    }

    static boolean isOne(JsonNode document) {
        if (document == null || !document.isArray() || document.isEmpty()) {
            return false;
        }
        JsonNode first = document.get(0);
        return first.path("sessionId").isTextual() && first.has("messageId") && first.path("message").isTextual();
    }

    static void write(ImportSession session, JsonNode entries) {
        Map<String, List<JsonNode>> bySession = new LinkedHashMap<>();
        int skipped = 0;
        for (JsonNode entry : entries) {
            if (!entry.path("sessionId").isTextual() || !entry.path("message").isTextual()) {
                skipped++;
                continue;
            }
            bySession.computeIfAbsent(entry.get("sessionId").asText(), id -> new ArrayList<>()).add(entry);
        }
        int number = 0;
        int untimed = 0;
        Instant clock = Instant.EPOCH;
        for (Map.Entry<String, List<JsonNode>> sessionEntries : bySession.entrySet()) {
            number++;
            String run = bySession.size() == 1 ? ImportSession.RUN : "session-" + number;
            List<JsonNode> prompts = sessionEntries.getValue();
            Instant first = Timestamps.parseText(JsonFields.text(prompts.getFirst(), "timestamp"));
            clock = first != null && first.isAfter(clock) ? first : clock.plusMillis(1);
            ObjectNode start = Json.object();
            start.putObject(SessionStartData.ENVIRONMENT).putObject(SessionStartData.ENVIRONMENT_HARNESS).put(SessionStartData.HARNESS_NAME, "gemini-cli");
            Payloads.putImported(start, GeminiImporter.FORMAT, session.source()).put("sessionId", sessionEntries.getKey());
            session.append(NewEvent.of(run, "harness", EventType.SESSION_START).at(clock).touches(StateKind.SESSION).data(start), 0);
            for (JsonNode prompt : prompts) {
                Instant at = Timestamps.parseText(JsonFields.text(prompt, "timestamp"));
                untimed += at == null ? 1 : 0;
                clock = at != null && at.isAfter(clock) ? at : clock.plusMillis(1);
                ObjectNode data = Json.object();
                data.put(AgentMessageData.FROM, "human:" + JsonFields.scalar(prompt, "type"));
                data.put(AgentMessageData.TO, SessionWriter.AGENT);
                LargeText.put(data, AgentMessageData.TEXT, prompt.get("message").asText(), session);
                Payloads.putIfPresent(data, "messageId", JsonFields.scalar(prompt, "messageId"));
                session.append(NewEvent.of(run, "human:user", EventType.AGENT_MESSAGE).at(clock).touches(StateKind.SESSION).data(data), 0);
            }
            ObjectNode end = Json.object();
            end.put(SessionEndData.OUTCOME, "unknown");
            end.put(SessionEndData.SYNTHESISED, true);
            clock = clock.plusMillis(1);
            session.append(NewEvent.of(run, "harness", EventType.SESSION_END).at(clock).touches(StateKind.SESSION).data(end), 0);
        }
        session.finding(Finding.warning(ImportFindings.MODEL_CALLS_UNRECORDED, "logs.json holds only the prompts the user typed ("
                + entries.size() + " in " + bySession.size() + " session(s)): the model's answers, tool calls and token counts are in the"
                + " chat recordings (chats/session-*.json); import those instead", null, 0));
        session.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, "the prompt log records no model call and no token count", null, 0));
        session.finding(Finding.info(ImportFindings.NO_CHECKPOINT, "the prompt log records no tool call: there is no checkpoint", null, 0));
        session.finding(Finding.info(ImportFindings.NO_OUTCOME, "the prompt log does not record how a session ended", null, 0));
        session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, "the prompt log records no working directory, OS, model or"
                + " repository", null, 0));
        if (untimed > 0) {
            session.finding(Finding.info(ImportFindings.TIMESTAMP_SYNTHESISED, untimed + " prompt(s) carry no readable time: each is"
                    + " 1 ms after the one before", null, 0));
        }
        if (skipped > 0) {
            session.finding(Finding.warning(ImportFindings.MALFORMED_RECORD, skipped + " entr(y/ies) without sessionId or message were"
                    + " skipped (Gemini CLI's own logger drops them too)", null, 0));
        }
    }
}
