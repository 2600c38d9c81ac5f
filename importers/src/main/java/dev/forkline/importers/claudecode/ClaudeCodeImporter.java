package dev.forkline.importers.claudecode;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.ReadingWatcher;
import dev.forkline.importers.StreamingImporter;
import dev.forkline.importers.support.BytesRead;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.RecordStream;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Claude Code session transcripts ({@code ~/.claude/projects/<project>/<session>.jsonl}), with their subagent
 * transcripts ({@code <session>/subagents/agent-*.jsonl}, or {@code agent-*.jsonl} in a folder given instead of a file).
 * See docs/importers.md for the field mapping and what the format does not record.
 */
public final class ClaudeCodeImporter extends SingleFileImporter implements StreamingImporter {

    public static final String FORMAT = "claude-code";

    static final Set<String> RECORD_TYPES = Set.of("user", "assistant", "system", "summary", "progress",
            "file-history-snapshot", "queue-operation");
    private static final Pattern HEAD_MARKERS = Pattern.compile(
            "^\\{.*\"(parentUuid|leafUuid)\"\\s*:.*\"type\"\\s*:\\s*\"(user|assistant|system|summary|progress)\"", Pattern.DOTALL);
    private static final Pattern SUBAGENT_FILE = Pattern.compile("agent-[^/]+\\.jsonl");

    public ClaudeCodeImporter() {
        super(FORMAT);
    }

    /** A session transcript, or a folder holding exactly one. */
    @Override
    public boolean accepts(Path path, byte[] head) {
        if (!Files.isDirectory(path)) {
            return super.accepts(path, head);
        }
        try {
            Path main = mainFileIn(path);
            return main != null && looksLikeTranscript(new FileHead(FileHead.firstBytes(main)));
        } catch (IOException | TraceFormatException | RuntimeException unreadable) {
            return false;
        }
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        return looksLikeTranscript(head);
    }

    static boolean looksLikeTranscript(FileHead head) {
        List<ObjectNode> records = head.jsonlObjects(8);
        if (!records.isEmpty()) {
            return records.stream().anyMatch(ClaudeCodeImporter::isTranscriptRecord);
        }
        String text = head.text();
        int firstLineEnd = text.indexOf('\n');
        return HEAD_MARKERS.matcher(firstLineEnd < 0 ? text : text.substring(0, firstLineEnd)).find();
    }

    static boolean isTranscriptRecord(ObjectNode record) {
        return ScannedRecord.of(record).isTranscriptRecord();
    }

    /**
     * As {@link #read(Path)}, telling {@code watcher} how far its first reading (the scan) got through the transcript;
     * the part read so far is imported as the transcript's first bytes alone, without subagent files (read after it).
     */
    @Override
    public ImportedTrace read(Path path, EventBatchSink sink, ReadingWatcher watcher) throws IOException, TraceFormatException {
        Path main = Files.isDirectory(path) ? mainFileIn(path) : path;
        if (main == null) {
            throw new TraceFormatException(path.toString(), 0, "folder holds no Claude Code session transcript (*.jsonl)");
        }
        ImportSession session = newSession(path);
        List<Path> subagents = sameSession(main, subagentFiles(path, main), session);
        long size = Files.size(main);
        return read(path, main, subagents, session, Long.MAX_VALUE, sink,
                bytes -> watcher.read(bytes, size, stopped -> {
                    ImportSession part = newSession(path).stoppingWhen(stopped);
                    return read(path, main, List.of(), part, bytes, null, bytesRead -> part.checkStopped());
                }));
    }

    /**
     * Imports the first {@code limit} bytes of {@code main} and of each subagent file (all of them: {@link Long#MAX_VALUE}),
     * handing the events to {@code sink} (when not null) from the end of the first pass on.
     */
    private ImportedTrace read(Path path, Path main, List<Path> subagents, ImportSession session, long limit,
                               EventBatchSink sink, BytesRead reading) throws IOException, TraceFormatException {
        List<Path> files = new ArrayList<>();
        files.add(main);
        files.addAll(subagents);

        ClaudeSessionScan scan = ClaudeSessionScan.of(files, session, limit, reading);
        if (scan.recognised == 0) {
            throw new TraceFormatException(main.toString(), 0, "not a Claude Code transcript: no user/assistant/system/summary record found");
        }
        Instant start = scan.firstTimestamp != null ? scan.firstTimestamp : Instant.EPOCH;
        String traceId = FORMAT + ":" + (scan.sessionId != null ? scan.sessionId : main.getFileName().toString());
        session.storeWhileReading(sink, traceId, title(scan), start);
        Event sessionStart = session.append(NewEvent.of(ClaudeTranscriptWriter.RUN, "harness", EventType.SESSION_START).at(start)
                .touches(StateKind.SESSION, StateKind.HARNESS).data(sessionStart(scan, path, subagents)), 0);
        // Subagents are lanes of the one run and work in the session's tree: one checkpoint serves them all.
        StartCheckpoint checkpoint = new StartCheckpoint(session);
        if (scan.toolCalls > 0) {
            checkpoint.append(sessionStart, scan.cwd, new StartingTree(FORMAT).cwd(scan.cwd).branch(scan.gitBranch), 0);
        }
        WorkspaceRoot root = new WorkspaceRoot(StartCheckpoint.rootOr(scan.cwd));

        ClaudeLanes lanes = new ClaudeLanes(scan, main);
        ClaudeTranscriptWriter writer = new ClaudeTranscriptWriter(session, scan, lanes, root);
        List<RecordStream> streams = new ArrayList<>();
        try {
            // The session's own transcript is parsed ahead; subagents' files, all open at once for the merge, are read
            // line by line, so that what is held ahead does not grow with their number.
            streams.add(RecordStream.parsedAhead(main, session, limit));
            for (Path file : subagents) {
                streams.add(RecordStream.firstBytes(file, session, limit));
            }
            for (RecordStream.Line line = nextInTimeOrder(streams); line != null; line = nextInTimeOrder(streams)) {
                writer.write(line);
            }
        } finally {
            for (RecordStream stream : streams) {
                stream.close();
            }
        }
        writer.finish();

        ObjectNode end = Json.object();
        end.put(SessionEndData.OUTCOME, "unknown");
        end.put(SessionEndData.SYNTHESISED, true);
        Payloads.putIfPresent(end, SessionEndData.SUMMARY, scan.summary);
        Instant last = writer.lastTime() != null ? writer.lastTime() : start;
        session.append(NewEvent.of(ClaudeTranscriptWriter.RUN, "harness", EventType.SESSION_END).at(last).data(end), 0);
        formatFindings(scan, session, subagents);
        checkpoint.report(Finding.warning(ImportFindings.NO_CHECKPOINT, "the transcript makes no tool call: there is no replayable"
                + " checkpoint", null, 0));
        root.report(session);
        return session.finish(traceId, title(scan), start);
    }

    private static ObjectNode sessionStart(ClaudeSessionScan scan, Path path, List<Path> subagents) {
        ObjectNode data = Json.object();
        data.put(SessionStartData.TITLE, title(scan));
        ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
        Payloads.putIfPresent(environment, SessionStartData.ENVIRONMENT_CWD, scan.cwd);
        if (scan.gitBranch != null) {
            environment.putObject(SessionStartData.ENVIRONMENT_GIT).put(SessionStartData.GIT_BRANCH, scan.gitBranch);
        }
        ObjectNode harness = environment.putObject(SessionStartData.ENVIRONMENT_HARNESS);
        harness.put(SessionStartData.HARNESS_NAME, "claude-code");
        Payloads.putIfPresent(harness, SessionStartData.HARNESS_VERSION, scan.version);
        if (scan.model != null) {
            ObjectNode model = data.putObject(SessionStartData.MODEL);
            model.put(SessionStartData.MODEL_PROVIDER, "anthropic");
            model.put(SessionStartData.MODEL_NAME, scan.model);
        }
        data.set(SessionStartData.IMPORTED, Payloads.imported(FORMAT, path.toString()));
        Payloads.putIfPresent(data, "sessionId", scan.sessionId);
        if (!subagents.isEmpty()) {
            var files = data.putArray("subagentFiles");
            subagents.forEach(file -> files.add(file.getFileName().toString()));
        }
        return data;
    }

    private static String title(ClaudeSessionScan scan) {
        if (scan.summary != null) {
            return scan.summary;
        }
        if (scan.firstPrompt != null) {
            return JsonFields.preview(scan.firstPrompt, 80);
        }
        return "Claude Code session " + (scan.sessionId == null ? "" : scan.sessionId);
    }

    private static void formatFindings(ClaudeSessionScan scan, ImportSession session, List<Path> subagents) {
        List<String> missing = new ArrayList<>(List.of("OS", "container image", "git commit", "git repository"));
        if (scan.cwd == null) {
            missing.add("working directory");
        }
        if (scan.gitBranch == null) {
            missing.add("git branch");
        }
        session.finding(Finding.info(ImportFindings.ENVIRONMENT_INCOMPLETE, "Claude Code transcripts do not record: " + String.join(", ", missing), null, 0));
        if (!scan.anyCost) {
            session.finding(Finding.info(ImportFindings.NO_COST, "no cost recorded (token counts only)", null, 0));
        }
        if (scan.firstTimestamp == null) {
            session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, "no record has a timestamp; the session start is the Unix epoch", null, 0));
        }
        for (Path file : subagents) {
            session.finding(Finding.info(ImportFindings.SUBAGENT_FILE, "subagent transcript read: " + file, null, 0));
        }
        if (scan.streamedRead > 0) {
            session.finding(Finding.info(ImportFindings.SUBAGENT_PROGRESS, scan.streamedRead + " subagent message(s) streamed into the"
                    + " transcript as agent_progress records were read as the subagents' lanes (model calls with usage, tool calls and"
                    + " results), linked to the Task calls that started them", null, 0));
        }
        if (scan.streamedCopies > 0) {
            session.finding(Finding.info(ImportFindings.RECORDS_FOLDED, scan.streamedCopies + " agent_progress record(s) repeat messages of"
                    + " subagent transcripts read from their own files: folded", null, 0));
        }
    }

    /** The record whose time comes first across the files; records without a time keep their place in their file. */
    private static RecordStream.Line nextInTimeOrder(List<RecordStream> streams) throws IOException {
        if (streams.size() == 1) {
            return streams.getFirst().next(); // one file keeps its own order: no time to read
        }
        RecordStream best = null;
        Instant bestTime = null;
        for (RecordStream stream : streams) {
            RecordStream.Line line = stream.peek();
            if (line == null) {
                continue;
            }
            Instant ts = Timestamps.parseText(JsonFields.text(line.record(), "timestamp"));
            if (ts == null) {
                return stream.next();
            }
            if (best == null || ts.isBefore(bestTime)) {
                best = stream;
                bestTime = ts;
            }
        }
        return best == null ? null : best.next();
    }

    /** The session transcript in a folder: the one *.jsonl that is not a subagent's. */
    private static Path mainFileIn(Path folder) throws IOException, TraceFormatException {
        List<Path> candidates;
        try (Stream<Path> entries = Files.list(folder)) {
            candidates = entries.filter(Files::isRegularFile)
                    .filter(file -> file.getFileName().toString().endsWith(".jsonl"))
                    .filter(file -> !SUBAGENT_FILE.matcher(file.getFileName().toString()).matches())
                    .sorted().toList();
        }
        if (candidates.size() > 1) {
            throw new TraceFormatException(folder.toString(), 0, "folder holds " + candidates.size()
                    + " session transcripts; import one file");
        }
        return candidates.isEmpty() ? null : candidates.getFirst();
    }

    private static List<Path> subagentFiles(Path given, Path main) throws IOException {
        List<Path> folders = new ArrayList<>();
        Path dir = main.toAbsolutePath().getParent();
        String stem = main.getFileName().toString().replaceFirst("\\.jsonl$", "");
        folders.add(dir.resolve("subagents"));
        folders.add(dir.resolve(stem).resolve("subagents"));
        if (Files.isDirectory(given)) {
            folders.add(dir);
        }
        List<Path> files = new ArrayList<>();
        for (Path folder : folders) {
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (Stream<Path> entries = Files.list(folder)) {
                entries.filter(Files::isRegularFile)
                        .filter(file -> SUBAGENT_FILE.matcher(file.getFileName().toString()).matches())
                        .sorted().forEach(files::add);
            }
        }
        return files;
    }

    /** Subagent files that belong to the main transcript's session (older versions kept all sessions' agents side by side). */
    private static List<Path> sameSession(Path main, List<Path> candidates, ImportSession session) throws IOException {
        String sessionId = firstSessionId(main, session);
        List<Path> kept = new ArrayList<>();
        for (Path candidate : candidates) {
            String other = firstSessionId(candidate, session);
            if (sessionId == null || other == null || sessionId.equals(other)) {
                kept.add(candidate);
            } else {
                session.finding(Finding.info(ImportFindings.SUBAGENT_FILE_SKIPPED, candidate + " belongs to session " + other + ", not " + sessionId, null, 0));
            }
        }
        return kept;
    }

    private static String firstSessionId(Path file, ImportSession session) throws IOException {
        ImportSession quiet = new ImportSession(FORMAT, session.source());
        try (RecordStream stream = new RecordStream(file, quiet)) {
            for (int i = 0; i < 50; i++) {
                RecordStream.Line line = stream.next();
                if (line == null) {
                    return null;
                }
                String id = JsonFields.text(line.record(), "sessionId");
                if (id != null) {
                    return id;
                }
            }
            return null;
        }
    }
}
