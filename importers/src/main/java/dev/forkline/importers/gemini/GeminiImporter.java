package dev.forkline.importers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonDocuments;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.SingleFileImporter;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Gemini CLI's files under {@code ~/.gemini/tmp/<project_hash>/}: chat recordings ({@code chats/session-*.json}, one
 * document, or {@code .jsonl} records), {@code /restore} checkpoints ({@code checkpoints/*.json}), {@code /chat save}
 * checkpoints ({@code checkpoint-<tag>.json}, the model's {@code Content[]} history) and the prompt log
 * ({@code logs.json}). A chat recording is read with the project's {@code .project_root} (the working directory) and
 * its {@code /restore} checkpoints, each mapped to a Forkline checkpoint before the tool call it preceded.
 */
public final class GeminiImporter extends SingleFileImporter {

    public static final String FORMAT = "gemini-cli";
    private static final Pattern CONTENT_LIST = Pattern.compile("^\\[\\s*\\{\\s*\"(role|parts)\"\\s*:");
    private static final Pattern SAVED_CHAT = Pattern.compile("^\\{\\s*\"history\"\\s*:\\s*\\[\\s*(\\]|\\{\\s*\"(role|parts)\"\\s*:)");
    private static final Pattern PROMPT_LOG = Pattern.compile("^\\[\\s*\\{\\s*\"sessionId\"\\s*:");

    public GeminiImporter() {
        super(FORMAT);
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        String text = head.text();
        if (head.opensWith('{')) {
            return text.contains("\"sessionId\"") && text.contains("\"projectHash\"")
                    || text.contains("\"toolCall\"") && head.containsAny("\"clientHistory\"", "\"commitHash\"")
                    || SAVED_CHAT.matcher(text).find() && text.contains("\"parts\"");
        }
        if (head.opensWith('[')) {
            return CONTENT_LIST.matcher(text).find() && text.contains("\"parts\"")
                    || PROMPT_LOG.matcher(text).find() && text.contains("\"messageId\"") && text.contains("\"message\"");
        }
        return false;
    }

    @Override
    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        FileHead head = new FileHead(FileHead.firstBytes(path));
        boolean recording = head.opensWith('{') && head.contains("\"sessionId\"") && head.contains("\"projectHash\"");
        if (recording) {
            return recording(path);
        }
        JsonNode document = JsonDocuments.read(path);
        if (PromptLog.isOne(document)) {
            ImportSession session = newSession(path);
            PromptLog.write(session, document);
            return session.finish("gemini-cli:logs:" + path.getFileName(), "Gemini CLI prompt log " + path.getFileName());
        }
        if (RestoreCheckpoint.isOne(document)) {
            return restore(path, document);
        }
        JsonNode history = document.isArray() ? document : document.path("history");
        if (history.isArray()) {
            return savedChat(path, document, history);
        }
        throw new TraceFormatException(path.toString(), 1, "not a Gemini CLI file: neither a chat recording (sessionId, projectHash),"
                + " a /restore checkpoint (toolCall), a /chat save history (role, parts) nor the prompt log");
    }

    private ImportedTrace recording(Path path) throws IOException, TraceFormatException {
        ImportSession session = newSession(path);
        Conversation conversation = ChatRecording.read(path, session);
        Path project = projectOf(path, "chats");
        int[] unreadable = {0};
        List<RestoreCheckpoint> candidates = RestoreCheckpoint.inProject(project, unreadable);
        SessionWriter writer = new SessionWriter(session, conversation, projectRoot(project), candidates);
        writer.write(Json.object());
        int used = writer.usedCheckpoints().size();
        if (used > 0) {
            session.finding(Finding.info(ImportFindings.STARTING_TREE_NEEDED, used + " /restore checkpoint(s) of the project became"
                    + " checkpoints before the tool calls they preceded; each names a commit of Gemini CLI's shadow git repository"
                    + " (~/.gemini/history/<project_hash>), which is not in the trace: supply that commit's tree to replay from it", null, 0));
        }
        if (candidates.size() > used) {
            session.finding(Finding.info(ImportFindings.RECORDS_FOLDED, (candidates.size() - used) + " /restore checkpoint(s) in "
                    + project.resolve("checkpoints") + " precede no tool call of this session (other sessions of the project): not"
                    + " imported", null, 0));
        }
        if (unreadable[0] > 0) {
            session.finding(Finding.warning(ImportFindings.MALFORMED_RECORD, unreadable[0] + " file(s) in " + project.resolve("checkpoints")
                    + " are not /restore checkpoints: skipped", null, 0));
        }
        String id = JsonFields.text(conversation.metadata(), "sessionId");
        String name = id != null ? id : path.getFileName().toString();
        return session.finish("gemini-cli:" + name, "Gemini CLI session " + name);
    }

    private ImportedTrace restore(Path path, JsonNode document) throws IOException {
        ImportSession session = newSession(path);
        String file = path.getFileName().toString();
        RestoreCheckpoint checkpoint = RestoreCheckpoint.of(file.endsWith(".json") ? file.substring(0, file.length() - 5) : file, document);
        Conversation conversation = new Conversation();
        JsonNode clientHistory = document.path("clientHistory");
        int skipped = clientHistory.isArray() ? ContentHistory.addTo(conversation, clientHistory) : 0;
        if (!proposes(conversation, checkpoint)) {
            // the history ends before the model's call: the call about to run is still the checkpoint's subject
            ObjectNode pending = Json.object();
            pending.put("id", "restore-tool-call");
            pending.put("type", "gemini");
            pending.put("content", "");
            ObjectNode call = pending.putArray("toolCalls").addObject();
            call.put("name", checkpoint.toolName());
            call.set("args", checkpoint.toolArgs() == null ? Json.object() : checkpoint.toolArgs());
            conversation.upsert(pending, 0);
            session.finding(Finding.info(ImportFindings.MODEL_CALLS_UNRECORDED, "the checkpoint's history does not hold the model call"
                    + " that proposed " + checkpoint.toolName() + ": written as a model call of its own without text or usage", null, 0));
        }
        Path project = projectOf(path, "checkpoints");
        ObjectNode imported = Json.object();
        imported.put("restoreCheckpoint", checkpoint.name());
        Payloads.putIfPresent(imported, "messageId", checkpoint.messageId());
        new SessionWriter(session, conversation, projectRoot(project), List.of(checkpoint)).write(imported);
        historyFindings(session, skipped);
        session.finding(Finding.info(ImportFindings.STARTING_TREE_NEEDED, "the checkpoint names commit " + checkpoint.commitHash()
                + " of Gemini CLI's shadow git repository (~/.gemini/history/<project_hash>), taken just before " + checkpoint.toolName()
                + " ran; the file holds the history up to then, not what the tool did", null, 0));
        JsonNode uiHistory = document.path("history");
        if (uiHistory.isArray() && !uiHistory.isEmpty()) {
            session.finding(Finding.info(ImportFindings.RECORDS_FOLDED, "the checkpoint's display history (" + uiHistory.size()
                    + " items) shows what clientHistory holds: not imported twice", null, 0));
        }
        return session.finish("gemini-cli:restore:" + checkpoint.name(), "Gemini CLI /restore checkpoint " + checkpoint.name());
    }

    private static boolean proposes(Conversation conversation, RestoreCheckpoint checkpoint) {
        for (Entry entry : conversation.entries()) {
            for (JsonNode call : entry.kind() == Entry.Kind.MESSAGE ? entry.record().path("toolCalls") : Json.MAPPER.createArrayNode()) {
                if (checkpoint.precedes(call.path("name").asText(), call.get("args"))) {
                    return true;
                }
            }
        }
        return false;
    }

    private ImportedTrace savedChat(Path path, JsonNode document, JsonNode history) throws IOException {
        ImportSession session = newSession(path);
        Conversation conversation = new Conversation();
        int skipped = ContentHistory.addTo(conversation, history);
        String file = path.getFileName().toString();
        String tag = file.replaceFirst("^checkpoint-", "").replaceFirst("\\.json$", "");
        try {
            tag = URLDecoder.decode(tag, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notEncoded) {
            // an old checkpoint whose tag was written raw
        }
        ObjectNode imported = Json.object();
        imported.put("chatTag", tag);
        Payloads.putIfPresent(imported, "authType", JsonFields.text(document, "authType"));
        new SessionWriter(session, conversation, projectRoot(path.toAbsolutePath().getParent()), List.of()).write(imported);
        historyFindings(session, skipped);
        return session.finish("gemini-cli:chat:" + tag, "Gemini CLI saved chat " + tag);
    }

    private static void historyFindings(ImportSession session, int skipped) {
        session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, "a saved history records no times: its events are 1 ms"
                + " apart from the epoch", null, 0));
        if (skipped > 0) {
            session.finding(Finding.warning(ImportFindings.MALFORMED_RECORD, skipped + " history entr(y/ies) without parts were skipped",
                    null, 0));
        }
    }

    /** The project folder ({@code tmp/<project_hash>}) of a file in its {@code folder} (or one level below it), or null. */
    private static Path projectOf(Path file, String folder) {
        Path dir = file.toAbsolutePath().getParent();
        for (int up = 0; dir != null && up < 2; up++, dir = dir.getParent()) {
            if (dir.getFileName() != null && dir.getFileName().toString().equals(folder)) {
                return dir.getParent();
            }
        }
        return null;
    }

    /** The working directory Gemini CLI wrote to {@code .project_root} in the project folder, or null. */
    private static String projectRoot(Path project) {
        Path file = project == null ? null : project.resolve(".project_root");
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        try {
            String root = Files.readString(file, StandardCharsets.UTF_8).strip();
            return root.isEmpty() || root.length() > 4096 || root.contains("\n") ? null : root;
        } catch (IOException unreadable) {
            return null;
        }
    }
}
