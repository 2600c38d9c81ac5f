package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
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
    private final CountedInput input;
    private final TextLines lines;
    private final ImportSession session;
    private Line peeked;
    private boolean done;

    public RecordStream(Path file, ImportSession session) throws IOException {
        this(file, session, JsonlRecords.MAX_LINE_BYTES);
    }

    public RecordStream(Path file, ImportSession session, int maxLineBytes) throws IOException {
        this(file, session, maxLineBytes, Long.MAX_VALUE);
    }

    private RecordStream(Path file, ImportSession session, int maxLineBytes, long limit) throws IOException {
        this.file = file;
        this.session = session;
        this.input = new CountedInput(Files.newInputStream(file), limit);
        this.lines = new TextLines(input, file.toString(), session, maxLineBytes);
    }

    /**
     * The records of the file's first {@code bytes}, up to the last line break within them: the part of a file that a
     * reading of it has read so far, without the line it was in the middle of; {@link Long#MAX_VALUE}: the whole file.
     */
    public static RecordStream firstBytes(Path file, ImportSession session, long bytes) throws IOException {
        return new RecordStream(file, session, JsonlRecords.MAX_LINE_BYTES, bytes == Long.MAX_VALUE ? bytes : lastLineEnd(file, bytes));
    }

    /** Where the last line ending at or before {@code bytes} ends (after its line break); 0 when none does. */
    public static long lastLineEnd(Path file, long bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            if (bytes >= channel.size()) {
                return channel.size();
            }
            ByteBuffer window = ByteBuffer.allocate(64 * 1024);
            for (long end = bytes; end > 0; ) {
                long start = Math.max(0, end - window.capacity());
                window.clear().limit((int) (end - start));
                while (window.hasRemaining() && channel.read(window, start + window.position()) >= 0) {
                    // fills the window: the file is at least that long, it was read so far
                }
                for (int i = window.position() - 1; i >= 0; i--) {
                    if (window.get(i) == '\n') {
                        return start + i + 1;
                    }
                }
                end = start;
            }
            return 0;
        }
    }

    /** How many bytes of the file were read so far (the line reader reads ahead of the records handed out, in blocks). */
    public long bytesRead() {
        return input.count();
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

    /**
     * Moves to the next readable line without parsing it, for a reader that takes only a few members from each line
     * with a token parser: the returned lines give its bytes (valid until the next call) and number; null at the end. A
     * line that is not one JSON object is that reader's to pass over. Not mixed with {@link #peek}/{@link #next}.
     */
    public TextLines nextUnparsed() throws IOException {
        if (peeked != null) {
            throw new IllegalStateException("a record was peeked: read it with next()");
        }
        return lines.advance() ? lines : null;
    }

    private Line readNext() throws IOException {
        while (lines.advance()) {
            ObjectNode record = JsonlRecords.parse(lines.bytes(), lines.offset(), lines.length(), file.toString(), lines.lineNumber(), session);
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
