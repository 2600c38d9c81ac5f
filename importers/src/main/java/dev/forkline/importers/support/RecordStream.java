package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A JSON-lines file as a peekable stream of records, for importers that interleave several files. Malformed lines
 * become findings (see {@link JsonlRecords}) and are passed over.
 */
public final class RecordStream implements Closeable {

    /** One well-formed record and where it came from. */
    public record Line(Path file, long number, ObjectNode record) {
    }

    private final Path file;
    private final TextLines lines;
    private final ImportSession session;
    private Line peeked;
    private boolean done;

    public RecordStream(Path file, ImportSession session) throws IOException {
        this(file, session, JsonlRecords.MAX_LINE_BYTES);
    }

    public RecordStream(Path file, ImportSession session, int maxLineBytes) throws IOException {
        this.file = file;
        this.session = session;
        this.lines = new TextLines(file, session, maxLineBytes);
    }

    public Path file() {
        return file;
    }

    /** The next record without consuming it, or null at the end. */
    public Line peek() throws IOException {
        if (peeked == null && !done) {
            peeked = readNext();
            done = peeked == null;
        }
        return peeked;
    }

    public Line next() throws IOException {
        Line line = peek();
        peeked = null;
        return line;
    }

    private Line readNext() throws IOException {
        for (String text = lines.next(); text != null; text = lines.next()) {
            ObjectNode record = JsonlRecords.parse(text, file.toString(), lines.lineNumber(), session);
            if (record != null) {
                return new Line(file, lines.lineNumber(), record);
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
