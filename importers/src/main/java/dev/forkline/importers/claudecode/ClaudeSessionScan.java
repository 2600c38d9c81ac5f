package dev.forkline.importers.claudecode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.BytesRead;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.importers.support.ParallelLineParse;
import dev.forkline.importers.support.RecordStream;
import dev.forkline.importers.support.Timestamps;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * First pass over a Claude Code transcript (and its subagent files): what the second pass must know before it writes
 * the first event. Session identity, where each API response ends (one response is split over several lines sharing
 * {@code message.id}: the writer gathers them and writes the model.call at the last), and which Task call started which
 * subagent.
 */
final class ClaudeSessionScan {

    /** A Task (or Agent) tool call that starts a subagent. */
    record SubagentCall(String callId, String subagentType, String description, String prompt) {
    }

    String sessionId;
    String cwd;
    String version;
    String gitBranch;
    String model;
    String summary;
    String firstPrompt;
    Instant firstTimestamp;
    Instant lastTimestamp;
    boolean anyCost;
    /** tool_use blocks over all files: a session with none has nothing to replay, so no start checkpoint. */
    long toolCalls;
    /** Records of a type Claude Code writes; zero means the file is not a transcript at all. */
    long recognised;
    /**
     * Sidechain records of the transcript itself (not of a subagent file): only they make the writer look up a record's
     * lane by its parent's uuid, so without any it need not remember the uuids.
     */
    long transcriptSidechains;
    private Path transcript;
    /** Each API response's last line, by file and response key: where the writer writes its model.call. */
    private final Map<Path, Map<String, Long>> lastLines = new HashMap<>();
    final Map<String, SubagentCall> subagentCallsById = new HashMap<>();
    final Map<String, SubagentCall> subagentCallsByPrompt = new HashMap<>();
    /** Task call id -> the agentId its result names (newer Claude Code versions). */
    final Map<String, String> agentIdByCallId = new HashMap<>();

    /**
     * @param limit   how many bytes of each file to read ({@link Long#MAX_VALUE}: all; less: a part read so far, see
     *                {@link RecordStream#firstBytes})
     * @param reading told each time more of the transcript (the first file) was read
     */
    static ClaudeSessionScan of(Iterable<Path> files, ImportSession session, long limit, BytesRead reading) throws IOException {
        ClaudeSessionScan scan = new ClaudeSessionScan();
        for (Path file : files) {
            // the transcript comes first; every other file is a subagent's own (agent-<id>.jsonl)
            if (scan.transcript == null) {
                scan.transcript = file;
            } else {
                scan.agentsWithFiles.add(file.getFileName().toString().replaceFirst("^agent-", "").replaceFirst("\\.jsonl$", ""));
            }
        }
        // Findings about malformed lines are written by the second pass; this pass reads into throwaway sessions.
        ImportSession quiet = new ImportSession(session.format(), session.source());
        for (Path file : files) {
            BytesRead told = file.equals(scan.transcript) ? reading : BytesRead.NONE;
            try (RecordStream stream = RecordStream.firstBytes(file, quiet, limit)) {
                ParallelLineParse.read(stream, () -> new LineScanner(file.toString(), new ImportSession(session.format(), session.source())),
                        (line, number) -> scan.take(file, line, number), told);
            }
        }
        return scan;
    }

    /** A line as the parse threads read it: its record, with a progress record's tree (null for other records). */
    private record ScannedLine(ScannedRecord record, ObjectNode progress) {
    }

    /**
     * Reads lines with a token parser ({@link ScannedRecord}); a progress record (a subagent's message streamed into
     * the transcript, or a status) as a tree. A line that is not one JSON object is passed over: the second pass
     * reports it.
     */
    private record LineScanner(String file, ImportSession quiet) implements ParallelLineParse.Parser<ScannedLine> {
        @Override
        public ScannedLine parse(byte[] bytes, int offset, int length, long lineNumber) {
            ScannedRecord record = ScannedRecord.read(bytes, offset, length, file, lineNumber, quiet);
            if (record == null) {
                return null;
            }
            ObjectNode progress = "progress".equals(record.type)
                    ? JsonlRecords.parse(bytes, offset, length, file, lineNumber, quiet) : null;
            return new ScannedLine(record, progress);
        }
    }

    private void take(Path file, ScannedLine line, long number) {
        if (line.progress() != null) {
            scan(file, line.progress(), number);
        } else {
            scan(file, line.record(), number);
        }
    }

    private void scan(Path file, ObjectNode record, long line) {
        if (AgentProgress.is(record)) {
            scanProgress(file, record, line);
        }
        scan(file, ScannedRecord.of(record), line);
    }

    private void scan(Path file, ScannedRecord record, long line) {
        String type = record.type;
        if (record.isTranscriptRecord()) {
            recognised++;
        }
        if (record.sidechain() && file.equals(transcript)) {
            transcriptSidechains++;
        }
        Instant ts = Timestamps.parseText(record.timestamp);
        if (ts != null) {
            if (firstTimestamp == null || ts.isBefore(firstTimestamp)) {
                firstTimestamp = ts;
            }
            if (lastTimestamp == null || ts.isAfter(lastTimestamp)) {
                lastTimestamp = ts;
            }
        }
        if (sessionId == null) {
            sessionId = record.sessionId;
        }
        if (cwd == null) {
            cwd = record.cwd;
        }
        if (version == null) {
            version = record.version;
        }
        if (gitBranch == null) {
            gitBranch = record.gitBranch;
        }
        if ("summary".equals(type) && summary == null) {
            summary = record.summary;
        }
        AssistantMessage message = "assistant".equals(type) ? record.assistantMessage() : null;
        if (message != null) {
            if (model == null && message.model() != null && !message.model().startsWith("<")) {
                model = message.model();
            }
            String key = responseKey(message.id(), record.requestId, line);
            JsonNode cost = record.cost;
            anyCost |= cost != null && cost.isNumber();
            if (!apiError(record.isApiErrorMessage != null && record.isApiErrorMessage.asBoolean(false), message.model())) {
                lastLines.computeIfAbsent(file, f -> new HashMap<>()).put(key, line);
            }
            toolCalls += message.toolUses();
            for (SubagentCall call : message.subagentCalls()) {
                if (call.callId() != null) {
                    subagentCallsById.put(call.callId(), call);
                }
                if (call.prompt() != null) {
                    subagentCallsByPrompt.putIfAbsent(call.prompt().strip(), call);
                }
            }
        }
        // a user's message is parsed only for what is looked for in it: the first prompt, and the Task call an agent's result answers
        if ("user".equals(type) && firstPrompt == null && !record.meta() && !record.sidechain() && record.message() != null) {
            String text = ClaudeBlocks.plainText(record.message());
            if (text != null && !text.isBlank() && !text.startsWith("<")) {
                firstPrompt = text;
            } else if (text != null) {
                firstPrompt = ClaudeTools.slashCommand(text);
            }
        }
        if ("user".equals(type) && record.resultAgentId != null && record.message() != null) {
            for (JsonNode block : ClaudeBlocks.of(record.message())) {
                String callId = JsonFields.text(block, "tool_use_id");
                if (callId != null) {
                    agentIdByCallId.put(callId, record.resultAgentId);
                }
            }
        }
    }

    /**
     * A line the writer reads as Claude Code's report of a failed API call ({@link ClaudeTranscriptWriter}), not as part
     * of a response: left out of the responses, so that a response's last line is where its model.call is written.
     */
    static boolean apiError(boolean flagged, String model) {
        return flagged || "<synthetic>".equals(model);
    }

    /** Agents that have a transcript file of their own: their streamed progress copies are not read again. */
    final java.util.Set<String> agentsWithFiles = new java.util.HashSet<>();
    /** Inner message uuids of streamed subagent messages already seen (a progress record may repeat one). */
    private final java.util.Set<String> streamedMessages = new java.util.HashSet<>();
    /** Progress records whose subagent message was read as a lane, and those skipped as copies of a subagent file. */
    long streamedRead;
    long streamedCopies;

    private void scanProgress(Path file, ObjectNode record, long line) {
        String agentId = AgentProgress.agentId(record);
        String task = JsonFields.text(record, "parentToolUseID");
        if (agentId != null && task != null) {
            agentIdByCallId.putIfAbsent(task, agentId);
        }
        ObjectNode inner = AgentProgress.inner(record);
        if (inner == null || agentId == null) {
            return;
        }
        if (agentsWithFiles.contains(agentId)) {
            streamedCopies++;
            return;
        }
        if (streamedMessages.add(JsonFields.text(inner, "uuid"))) {
            streamedRead++;
            scan(AgentProgress.laneFile(file, agentId), inner, line);
        }
    }

    /** Whether the writer should read this progress record's subagent message (first time seen, no file of its own). */
    boolean readsStreamed(ObjectNode record, java.util.Set<String> written) {
        String agentId = AgentProgress.agentId(record);
        ObjectNode inner = AgentProgress.inner(record);
        return inner != null && agentId != null && !agentsWithFiles.contains(agentId) && written.add(JsonFields.text(inner, "uuid"));
    }

    /** One API response is identified by message.id (falling back to requestId, then to the line itself). */
    static String responseKey(ObjectNode record, long line) {
        return responseKey(JsonFields.textAt(record, "message", "id"), JsonFields.text(record, "requestId"), line);
    }

    private static String responseKey(String messageId, String requestId, long line) {
        if (messageId != null) {
            return messageId;
        }
        return requestId != null ? requestId : "line:" + line;
    }

    /**
     * The last line of the response whose first line this is, handed over once (the writer asks at the response's first
     * line); -1 when this pass did not see the line (the file changed between the passes).
     */
    long takeLastLine(Path file, ObjectNode record, long line) {
        Map<String, Long> inFile = lastLines.get(file);
        Long last = inFile == null ? null : inFile.remove(responseKey(record, line));
        return last == null ? -1 : last;
    }
}
