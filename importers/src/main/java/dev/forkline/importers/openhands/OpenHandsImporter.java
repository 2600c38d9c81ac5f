package dev.forkline.importers.openhands;

import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.ReadingWatcher;
import dev.forkline.importers.StreamingImporter;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.SingleFileImporter;
import dev.forkline.importers.support.StartCheckpoint;
import dev.forkline.trace.Finding;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatchSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * OpenHands runs: a V0 event stream (a JSON list of actions and observations, e.g. a saved trajectory), an evaluation
 * or resolver {@code output.jsonl} (one instance per line, each with its V0 history: one run per instance), or a V1
 * conversation folder of the software-agent-sdk ({@code base_state.json} plus {@code events/event-NNNNN-<id>.json}).
 */
public final class OpenHandsImporter extends SingleFileImporter implements StreamingImporter {

    public static final String FORMAT = "openhands";
    static final String RUN = ImportSession.RUN;

    public OpenHandsImporter() {
        super(FORMAT);
    }

    /** A V1 conversation folder, a V0 event list, or an evaluation output. */
    @Override
    public boolean accepts(Path path, byte[] head) {
        return Files.isDirectory(path) ? V1Conversation.isConversation(path) : super.accepts(path, head);
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        return head.opensWith('[') && head.contains("\"source\"") && head.contains("\"timestamp\"")
                && head.containsAny("\"action\"", "\"observation\"") || EvalOutput.looksLike(head);
    }

    /**
     * As {@link #read(Path)}; an evaluation output's events are stored while they are read, from its first instance on,
     * and {@code watcher} hears how far its lines were read. A conversation folder or an event list is stored once read.
     */
    @Override
    public ImportedTrace read(Path path, EventBatchSink sink, ReadingWatcher watcher) throws IOException, TraceFormatException {
        if (!Files.isDirectory(path) && EvalOutput.looksLike(new FileHead(FileHead.firstBytes(path)))) {
            return readWatched(path, sink, watcher, (session, limit, handedTo, reading) -> new EvalOutput(session, path, limit, handedTo, reading).read());
        }
        ImportSession session = newSession(path);
        String title;
        if (Files.isDirectory(path)) {
            title = new V1Conversation(session, path).read();
        } else {
            readEventStream(session, path);
            title = path.getFileName().toString().replaceFirst("\\.json$", "");
        }
        return session.finish(traceId(title), title);
    }

    static String traceId(String title) {
        return "openhands:" + title;
    }

    private static void readEventStream(ImportSession session, Path path) throws IOException, TraceFormatException {
        StartCheckpoint checkpoint = new StartCheckpoint(session);
        V0Tally tally = new V0Tally();
        new V0EventStream(session, RUN, path.toString(), handler -> EventList.each(path, handler), EvalInstance.NONE, checkpoint, tally).read();
        tally.report(session, false);
        checkpoint.report(Finding.info(ImportFindings.NO_CHECKPOINT, "the event stream runs no tool action: there is no replayable checkpoint",
                null, 0));
    }
}
