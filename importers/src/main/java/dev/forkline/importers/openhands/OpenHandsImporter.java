package dev.forkline.importers.openhands;

import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.TraceImporter;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * OpenHands runs: a V0 event stream (a JSON list of actions and observations, e.g. a saved trajectory) or a V1
 * conversation folder of the software-agent-sdk ({@code base_state.json} plus {@code events/event-NNNNN-<id>.json}).
 */
public final class OpenHandsImporter implements TraceImporter {

    public static final String FORMAT = "openhands";
    static final String RUN = "main";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public boolean accepts(Path path, byte[] head) {
        if (Files.isDirectory(path)) {
            return V1Conversation.isConversation(path);
        }
        if (!Files.isRegularFile(path)) {
            return false;
        }
        String text = Nodes.head(head);
        return Nodes.firstNonSpace(text).equals("[") && text.contains("\"source\"") && text.contains("\"timestamp\"")
                && (text.contains("\"action\"") || text.contains("\"observation\""));
    }

    @Override
    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        ImportSession session = new ImportSession(FORMAT, path.toString());
        String title;
        if (Files.isDirectory(path)) {
            title = new V1Conversation(session, path).read();
        } else {
            new V0EventStream(session, path).read();
            title = path.getFileName().toString().replaceFirst("\\.json$", "");
        }
        return session.finish("openhands:" + title, title, session.events().getFirst().ts());
    }
}
