package dev.forkline.importers.openhands;

import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.SingleFileImporter;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * OpenHands runs: a V0 event stream (a JSON list of actions and observations, e.g. a saved trajectory) or a V1
 * conversation folder of the software-agent-sdk ({@code base_state.json} plus {@code events/event-NNNNN-<id>.json}).
 */
public final class OpenHandsImporter extends SingleFileImporter {

    public static final String FORMAT = "openhands";
    static final String RUN = ImportSession.RUN;

    public OpenHandsImporter() {
        super(FORMAT);
    }

    /** A V1 conversation folder, or a V0 event list. */
    @Override
    public boolean accepts(Path path, byte[] head) {
        return Files.isDirectory(path) ? V1Conversation.isConversation(path) : super.accepts(path, head);
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        return head.opensWith('[') && head.contains("\"source\"") && head.contains("\"timestamp\"")
                && head.containsAny("\"action\"", "\"observation\"");
    }

    @Override
    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        ImportSession session = newSession(path);
        String title;
        if (Files.isDirectory(path)) {
            title = new V1Conversation(session, path).read();
        } else {
            new V0EventStream(session, path).read();
            title = path.getFileName().toString().replaceFirst("\\.json$", "");
        }
        return session.finish("openhands:" + title, title);
    }
}
