package dev.forkline.importers.codex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.ReadingWatcher;
import dev.forkline.importers.StreamingImporter;
import dev.forkline.importers.support.BytesRead;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.importers.support.ParallelLineParse;
import dev.forkline.importers.support.RecordStream;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.SingleFileImporter;
import dev.forkline.importers.support.StartCheckpoint;
import dev.forkline.importers.support.StartingTree;
import dev.forkline.importers.support.Timestamps;
import dev.forkline.importers.support.WorkspaceRoot;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionStartData;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Codex CLI / Codex Desktop rollout files ({@code ~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl}): records of type
 * session_meta, turn_context, response_item, event_msg and compacted, each {@code {timestamp, type, payload}}. The
 * older layout (a bare session header line followed by bare response items) is read too. See docs/importers.md.
 */
public final class CodexRolloutImporter extends SingleFileImporter implements StreamingImporter {

    public static final String FORMAT = "codex-rollout";

    static final Set<String> RECORD_TYPES = Set.of("session_meta", "turn_context", "response_item", "event_msg", "compacted");
    static final Set<String> BARE_ITEM_TYPES = Set.of("message", "reasoning", "function_call", "function_call_output",
            "custom_tool_call", "custom_tool_call_output", "local_shell_call", "web_search_call");
    private static final Pattern HEAD_MARKER = Pattern.compile(
            "^\\{\\s*\"timestamp\"\\s*:\\s*\"[^\"]*\"\\s*,\\s*\"type\"\\s*:\\s*\"(session_meta|response_item|event_msg|turn_context)\"");

    public CodexRolloutImporter() {
        super(FORMAT);
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        List<ObjectNode> records = head.jsonlObjects(4);
        if (records.isEmpty()) {
            return HEAD_MARKER.matcher(head.text()).find();
        }
        if (records.stream().anyMatch(CodexRolloutImporter::isRolloutRecord)) {
            return true;
        }
        return isLegacyHeader(records.getFirst()) && records.stream().skip(1).anyMatch(CodexRolloutImporter::isBareItem);
    }

    static boolean isRolloutRecord(ObjectNode record) {
        return HeaderLine.of(record).isRolloutRecord();
    }

    static boolean isLegacyHeader(ObjectNode record) {
        return !record.has("type") && record.has("id") && record.has("timestamp") && (record.has("instructions") || record.has("git"));
    }

    static boolean isBareItem(ObjectNode record) {
        return HeaderLine.of(record).isBareItem();
    }

    /** What must be known before the first event: the session header and the first model. */
    private static final class Header {
        ObjectNode meta;
        ObjectNode firstTurn;
        Instant firstTime;
        /** A record of a type Codex writes: a file without any is not a rollout. */
        boolean anyRolloutRecord;
        /** A tool call the model made: a rollout without one has nothing to replay, so no start checkpoint. */
        boolean anyToolCall;
        boolean legacy;

        void add(ParsedLine parsed) {
            if (parsed.legacyHeader() != null) {
                legacy = true;
                meta = parsed.legacyHeader();
                anyRolloutRecord = true;
            }
            HeaderLine line = parsed.line();
            anyRolloutRecord |= line.isRolloutRecord() || line.isBareItem();
            String itemType = line.isBareItem() ? line.type : "response_item".equals(line.type) ? line.payloadType : null;
            anyToolCall |= itemType != null && CodexRolloutWriter.TOOL_CALL_ITEMS.contains(itemType);
            if (firstTime == null) {
                firstTime = Timestamps.parseText(line.timestamp);
            }
            if ("session_meta".equals(line.type) && meta == null && line.payload() != null) {
                meta = line.payload();
            }
            if ("turn_context".equals(line.type) && firstTurn == null && line.payload() != null) {
                firstTurn = line.payload();
            }
        }

        /**
         * Whether the lines taken hold all the header looks for: a rollout's session_meta, first turn_context, first
         * time and a tool call come within its first lines, so the pass seldom reads on.
         */
        boolean complete() {
            return meta != null && firstTurn != null && firstTime != null && anyToolCall;
        }

        /** The directory the session worked in: session_meta's cwd, else the first turn's. */
        String cwd() {
            String cwd = JsonFields.text(meta, "cwd");
            return cwd != null ? cwd : JsonFields.text(firstTurn, "cwd");
        }
    }

    /**
     * As {@link #read(Path)}, telling {@code watcher} how far its first reading (the header pass) got through the
     * rollout; the part read so far is imported as the rollout's first bytes alone.
     */
    @Override
    public ImportedTrace read(Path path, EventBatchSink sink, ReadingWatcher watcher) throws IOException, TraceFormatException {
        return readWatched(path, sink, watcher, (session, limit, handedTo, reading) -> read(path, session, limit, handedTo, reading));
    }

    /**
     * Imports the rollout's first {@code limit} bytes (all of them: {@link Long#MAX_VALUE}) into {@code session},
     * handing the events to {@code sink} (when not null) from the end of the header pass on.
     */
    private ImportedTrace read(Path path, ImportSession session, long limit, EventBatchSink sink, BytesRead reading)
            throws IOException, TraceFormatException {
        BytesRead read = reading.growingOnly();
        Header header = readHeader(path, session, limit, read);
        if (!header.anyRolloutRecord) {
            throw new TraceFormatException(path.toString(), 0, "not a Codex rollout: no session_meta/turn_context/response_item/event_msg record");
        }
        Instant start = header.firstTime != null ? header.firstTime : Instant.EPOCH;
        String model = JsonFields.text(header.firstTurn, "model");
        String provider = JsonFields.text(header.meta, "model_provider");
        String id = JsonFields.text(header.meta, "id");
        String traceId = FORMAT + ":" + (id != null ? id : path.getFileName().toString());
        session.storeWhileReading(sink, traceId, title(header), start);
        Event sessionStart = session.append(NewEvent.of(CodexRolloutWriter.RUN, "harness", EventType.SESSION_START).at(start)
                .touches(StateKind.SESSION, StateKind.HARNESS).data(sessionStart(header, model, provider, path)), 0);
        StartCheckpoint checkpoint = new StartCheckpoint(session);
        if (header.anyToolCall) {
            checkpoint.append(sessionStart, header.cwd(), startingTree(header), 0);
        }
        WorkspaceRoot root = new WorkspaceRoot(StartCheckpoint.rootOr(header.cwd()));

        CodexRolloutWriter writer = new CodexRolloutWriter(session, model, provider, start, root);
        JsonlRecords.readFirstBytes(path, session, limit, (record, line) -> {
            ObjectNode normalised = normalise(record, line == 1 && header.legacy);
            if (normalised != null) {
                writer.write(normalised, line);
            }
        }, read);
        Instant end = writer.lastTime() != null ? writer.lastTime() : start;
        writer.finish(end);
        ObjectNode endData = Json.object();
        endData.put(SessionEndData.OUTCOME, "unknown");
        endData.put(SessionEndData.SYNTHESISED, true);
        session.append(NewEvent.of(CodexRolloutWriter.RUN, "harness", EventType.SESSION_END).at(end).data(endData), 0);
        formatFindings(header, session);
        checkpoint.report(Finding.warning(ImportFindings.NO_CHECKPOINT, "the rollout makes no tool call: there is no replayable checkpoint",
                null, 0));
        root.report(session);
        return session.finish(traceId, title(header), start);
    }

    /** The record in the current layout; legacy bare items are wrapped, legacy state records become folded. */
    private static ObjectNode normalise(ObjectNode record, boolean legacyHeader) {
        if (legacyHeader) {
            ObjectNode wrapped = Json.object();
            wrapped.set("timestamp", record.get("timestamp"));
            wrapped.put("type", "session_meta");
            wrapped.set("payload", record);
            return wrapped;
        }
        if (isBareItem(record)) {
            ObjectNode wrapped = Json.object();
            wrapped.put("type", "response_item");
            wrapped.set("payload", record);
            return wrapped;
        }
        if (record.has("record_type") && !record.has("type")) {
            return null;
        }
        return record;
    }

    /**
     * A first pass over the first {@code limit} bytes, reading each line with a token parser ({@link HeaderLine}) on the
     * parse threads ({@link ParallelLineParse}) until the header is {@link Header#complete complete}; the first line,
     * which may be the older layout's header, as a tree. {@code reading} hears each time more was read.
     */
    private static Header readHeader(Path path, ImportSession session, long limit, BytesRead reading) throws IOException {
        Header header = new Header();
        ImportSession quiet = new ImportSession(FORMAT, session.source());
        try (RecordStream stream = RecordStream.firstBytes(path, quiet, limit)) {
            ParallelLineParse.readUntil(stream, () -> new HeaderLineParser(path.toString(), new ImportSession(FORMAT, session.source())),
                    (line, number) -> header.add(line), header::complete, reading);
        }
        return header;
    }

    /** A line of the header pass, with the first line's tree when it is the older layout's header. */
    private record ParsedLine(HeaderLine line, ObjectNode legacyHeader) {
    }

    /** Reads the header pass's lines into throwaway sessions: the second pass reports what is wrong with a line. */
    private record HeaderLineParser(String file, ImportSession quiet) implements ParallelLineParse.Parser<ParsedLine> {
        @Override
        public ParsedLine parse(byte[] bytes, int offset, int length, long number) {
            if (number != 1) {
                HeaderLine read = HeaderLine.read(bytes, offset, length, file, number, quiet);
                return read == null ? null : new ParsedLine(read, null);
            }
            ObjectNode record = JsonlRecords.parse(bytes, offset, length, file, 1, quiet);
            return record == null ? null : new ParsedLine(HeaderLine.of(record), isLegacyHeader(record) ? record : null);
        }
    }

    private static ObjectNode sessionStart(Header header, String model, String provider, Path path) {
        ObjectNode meta = header.meta == null ? Json.object() : header.meta;
        ObjectNode data = Json.object();
        data.put(SessionStartData.TITLE, title(header));
        ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
        Payloads.putIfPresent(environment, SessionStartData.ENVIRONMENT_CWD, JsonFields.text(meta, "cwd"));
        JsonNode git = meta.get("git");
        if (git != null && git.isObject()) {
            ObjectNode gitOut = environment.putObject(SessionStartData.ENVIRONMENT_GIT);
            Payloads.putIfPresent(gitOut, SessionStartData.GIT_REPOSITORY, JsonFields.text(git, "repository_url"));
            Payloads.putIfPresent(gitOut, SessionStartData.GIT_BRANCH, JsonFields.text(git, "branch"));
            Payloads.putIfPresent(gitOut, SessionStartData.GIT_COMMIT, JsonFields.text(git, "commit_hash"));
        }
        ObjectNode harness = environment.putObject(SessionStartData.ENVIRONMENT_HARNESS);
        harness.put(SessionStartData.HARNESS_NAME, "codex");
        Payloads.putIfPresent(harness, SessionStartData.HARNESS_VERSION, JsonFields.text(meta, "cli_version"));
        Payloads.putIfPresent(harness, "originator", JsonFields.text(meta, "originator"));
        Payloads.putIfPresent(harness, "source", JsonFields.text(meta, "source"));
        if (header.firstTurn != null) {
            ObjectNode isolation = environment.putObject(SessionStartData.ENVIRONMENT_ISOLATION);
            Payloads.putIfPresent(isolation, "approvalPolicy", JsonFields.text(header.firstTurn, "approval_policy"));
            JsonNode sandbox = header.firstTurn.get("sandbox_policy");
            if (sandbox != null) {
                isolation.set("sandboxPolicy", sandbox.deepCopy());
                Payloads.putIfPresent(isolation, "boundary", JsonFields.text(sandbox, "type"));
            }
        }
        if (model != null || provider != null) {
            ObjectNode modelNode = data.putObject(SessionStartData.MODEL);
            Payloads.putIfPresent(modelNode, SessionStartData.MODEL_PROVIDER, provider);
            Payloads.putIfPresent(modelNode, SessionStartData.MODEL_NAME, model);
        }
        data.set(SessionStartData.IMPORTED, Payloads.imported(FORMAT, path.toString()));
        Payloads.putIfPresent(data, "sessionId", JsonFields.text(meta, "id"));
        return data;
    }

    /** What the session_meta says about the tree the session started from. */
    private static StartingTree startingTree(Header header) {
        JsonNode git = header.meta == null ? null : header.meta.get("git");
        return new StartingTree(FORMAT).repository(JsonFields.text(git, "repository_url")).commit(JsonFields.text(git, "commit_hash"))
                .branch(JsonFields.text(git, "branch")).cwd(header.cwd());
    }

    private static String title(Header header) {
        String id = JsonFields.text(header.meta, "id");
        String cwd = JsonFields.text(header.meta, "cwd");
        return "Codex session" + (id == null ? "" : " " + id) + (cwd == null ? "" : " in " + cwd);
    }

    private static void formatFindings(Header header, ImportSession session) {
        List<String> missing = new ArrayList<>(List.of("OS", "container image"));
        if (header.meta == null) {
            missing.add("session header (cwd, git, version)");
            session.finding(Finding.warning(ImportFindings.NO_SESSION_META, "the rollout has no session_meta record", null, 0));
        } else if (!header.meta.has("git")) {
            missing.add("git state");
        }
        if (header.firstTurn == null) {
            missing.add("model (no turn_context)");
        }
        session.finding(Finding.info(ImportFindings.ENVIRONMENT_INCOMPLETE, "Codex rollouts do not record: " + String.join(", ", missing), null, 0));
        session.finding(Finding.info(ImportFindings.NO_COST, "no cost recorded (token counts only; inputTokens include cacheReadTokens)", null, 0));
    }
}
