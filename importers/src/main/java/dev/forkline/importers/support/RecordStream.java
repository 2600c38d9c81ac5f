package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.trace.Finding;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.TraceFormatException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
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
    private final LineReader reader;
    private final ImportSession session;
    private Line peeked;
    private boolean done;

    public RecordStream(Path file, ImportSession session) throws IOException {
        this(file, session, JsonlRecords.MAX_LINE_BYTES);
    }

    public RecordStream(Path file, ImportSession session, int maxLineBytes) throws IOException {
        this.file = file;
        this.session = session;
        this.reader = new LineReader(Files.newInputStream(file), file.toString(), maxLineBytes);
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
        while (true) {
            String text;
            try {
                text = reader.next();
            } catch (TraceFormatException bad) {
                session.finding(Finding.warning("malformed-line", bad.getMessage() + " (line skipped)", null, bad.line()));
                continue;
            }
            if (text == null) {
                return null;
            }
            if (text.isBlank()) {
                continue;
            }
            ObjectNode record = JsonlRecords.parse(text, file.toString(), reader.lineNumber(), session);
            if (record != null) {
                return new Line(file, reader.lineNumber(), record);
            }
        }
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
