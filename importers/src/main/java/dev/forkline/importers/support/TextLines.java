package dev.forkline.importers.support;

import dev.forkline.importers.ImportSession;
import dev.forkline.trace.Finding;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.TraceFormatException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The non-blank lines of a JSON-lines file, one at a time. A line that cannot be read (invalid UTF-8, longer than the
 * limit) becomes a {@code malformed-line} finding naming file and line, and reading goes on with the next line. A byte
 * order mark opening the file is dropped.
 */
public final class TextLines implements Closeable {

    private final LineReader reader;
    private final ImportSession session;

    public TextLines(Path file, ImportSession session, int maxLineBytes) throws IOException {
        this(Files.newInputStream(file), file.toString(), session, maxLineBytes);
    }

    /** The lines of {@code in} (closed with this), named {@code file} in findings. */
    public TextLines(java.io.InputStream in, String file, ImportSession session, int maxLineBytes) {
        this.reader = new LineReader(in, file, maxLineBytes);
        this.session = session;
    }

    /** The next non-blank readable line, or null at the end of the file. */
    public String next() throws IOException {
        while (true) {
            String text;
            try {
                text = reader.next();
            } catch (TraceFormatException bad) {
                session.finding(Finding.warning(ImportFindings.MALFORMED_LINE, bad.getMessage() + " (line skipped)", null, bad.line()));
                continue;
            }
            if (text == null) {
                return null;
            }
            if (!text.isBlank()) {
                return lineNumber() == 1 && text.startsWith("\uFEFF") ? text.substring(1) : text;
            }
        }
    }

    /** The 1-based number of the line {@link #next} returned last. */
    public long lineNumber() {
        return reader.lineNumber();
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
