package dev.forkline.importers.support;

import dev.forkline.importers.ImportSession;
import dev.forkline.trace.Finding;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.TraceFormatException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The non-blank lines of a JSON-lines file, one at a time. A line that cannot be read (invalid UTF-8, longer than the
 * limit) becomes a {@code malformed-line} finding naming file and line, and reading goes on with the next line. A byte
 * order mark opening the file is dropped.
 */
public final class TextLines implements Closeable {

    private final LineReader reader;
    private final Consumer<Finding> findings;
    private int offset;
    private int length;

    public TextLines(Path file, ImportSession session, int maxLineBytes) throws IOException {
        this(Files.newInputStream(file), file.toString(), session, maxLineBytes);
    }

    /** The lines of {@code in} (closed with this), named {@code file} in findings. */
    public TextLines(java.io.InputStream in, String file, ImportSession session, int maxLineBytes) {
        this(in, file, session::finding, maxLineBytes);
    }

    /** As above, handing each line's finding to {@code findings} as the line is passed over. */
    TextLines(java.io.InputStream in, String file, Consumer<Finding> findings, int maxLineBytes) {
        this.reader = new LineReader(in, file, maxLineBytes);
        this.findings = findings;
    }

    /** The next non-blank readable line, or null at the end of the file. */
    public String next() throws IOException {
        return advance() ? new String(bytes(), offset, length, StandardCharsets.UTF_8) : null;
    }

    /**
     * Moves to the next non-blank readable line without decoding it, false at the end of the file: its UTF-8 bytes
     * are then {@link #length()} bytes of {@link #bytes()} from {@link #offset()}, until the next call.
     */
    public boolean advance() throws IOException {
        while (true) {
            int read;
            try {
                read = reader.nextBytes();
            } catch (TraceFormatException bad) {
                findings.accept(Finding.warning(ImportFindings.MALFORMED_LINE, bad.getMessage() + " (line skipped)", null, bad.line()));
                continue;
            }
            if (read < 0) {
                return false;
            }
            byte[] line = reader.bytes();
            if (!isBlank(line, read)) {
                offset = lineNumber() == 1 && read >= 3 && line[0] == (byte) 0xEF && line[1] == (byte) 0xBB && line[2] == (byte) 0xBF ? 3 : 0;
                length = read - offset;
                return true;
            }
        }
    }

    /** The buffer holding the line {@link #advance} moved to. */
    public byte[] bytes() {
        return reader.bytes();
    }

    public int offset() {
        return offset;
    }

    public int length() {
        return length;
    }

    /** As {@link String#isBlank} of the decoded line, deciding on the bytes where the line has an ASCII character that is not a space. */
    private static boolean isBlank(byte[] line, int length) {
        boolean nonAscii = false;
        for (int i = 0; i < length; i++) {
            if (line[i] < 0) {
                nonAscii = true;
            } else if (!Character.isWhitespace(line[i])) {
                return false;
            }
        }
        return !nonAscii || new String(line, 0, length, StandardCharsets.UTF_8).isBlank();
    }

    /** The 1-based number of the line {@link #next} returned (or {@link #advance} moved to) last. */
    public long lineNumber() {
        return reader.lineNumber();
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
