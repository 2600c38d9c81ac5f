package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.trace.Finding;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A JSON-lines file as a peekable stream of records, for importers that interleave several files. Malformed lines
 * become findings (see {@link JsonlRecords}) and are passed over.
 *
 * <p>A stream {@link #parsedAhead parsed ahead} has the lines that follow the one handed out parsed into trees on the
 * parse threads of {@link ParallelLineParse} meanwhile: parsing the trees was a third of the time of an importer's
 * thread that wrote events from them. Its records and findings are the same, in the same order.
 */
public final class RecordStream implements Closeable {

    /** One well-formed record and where it came from. */
    public record Line(Path file, long number, ObjectNode record) {
    }

    private final Path file;
    private final CountedInput input;
    private final TextLines lines;
    private final ImportSession session;
    /** Findings of lines passed over ahead of the records handed out, until those records reach them: null unless parsed ahead. */
    private final Deque<Finding> heldFindings;
    private final ParallelLineParse.Ahead<ObjectNode> ahead;
    private Line peeked;
    private boolean done;

    public RecordStream(Path file, ImportSession session) throws IOException {
        this(file, session, Long.MAX_VALUE, false);
    }

    private RecordStream(Path file, ImportSession session, long limit, boolean parseAhead) throws IOException {
        this.file = file;
        this.session = session;
        this.input = new CountedInput(Files.newInputStream(file), limit);
        if (parseAhead) {
            heldFindings = new ArrayDeque<>();
            lines = new TextLines(input, file.toString(), heldFindings::add, JsonlRecords.MAX_LINE_BYTES);
            ahead = new ParallelLineParse.Ahead<>(() -> lines.advance() ? lines : null, input::count, () -> RecordStream::plainTree);
        } else {
            heldFindings = null;
            lines = new TextLines(input, file.toString(), session, JsonlRecords.MAX_LINE_BYTES);
            ahead = null;
        }
    }

    /**
     * The records of the file's first {@code bytes}, up to the last line break within them: the part of a file that a
     * reading of it has read so far, without the line it was in the middle of; {@link Long#MAX_VALUE}: the whole file.
     */
    public static RecordStream firstBytes(Path file, ImportSession session, long bytes) throws IOException {
        return new RecordStream(file, session, bytes == Long.MAX_VALUE ? bytes : lastLineEnd(file, bytes), false);
    }

    /** As {@link #firstBytes}, the lines parsed ahead on the parse threads (see the class comment). */
    public static RecordStream parsedAhead(Path file, ImportSession session, long bytes) throws IOException {
        return new RecordStream(file, session, bytes == Long.MAX_VALUE ? bytes : lastLineEnd(file, bytes), true);
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

    /**
     * How many bytes of the file were read so far (the line reader reads ahead of the records handed out, in blocks; a
     * stream parsed ahead, by the blocks of lines its parse threads have too).
     */
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
        if (ahead != null) {
            throw new IllegalStateException("a stream parsed ahead hands out records only");
        }
        if (peeked != null) {
            throw new IllegalStateException("a record was peeked: read it with next()");
        }
        return lines.advance() ? lines : null;
    }

    private Line readNext() throws IOException {
        if (ahead != null) {
            return readNextAhead();
        }
        while (lines.advance()) {
            ObjectNode record = JsonlRecords.parse(lines.bytes(), lines.offset(), lines.length(), file.toString(), lines.lineNumber(), session);
            if (record != null) {
                return new Line(file, lines.lineNumber(), record);
            }
        }
        return null;
    }

    private Line readNextAhead() throws IOException {
        while (ahead.advance()) {
            long number = ahead.lineNumber();
            while (!heldFindings.isEmpty() && heldFindings.peek().line() < number) {
                session.finding(heldFindings.poll());
            }
            ObjectNode record = ahead.parsed();
            if (record == null) { // read again here, where what is wrong with it becomes a finding in its place
                record = JsonlRecords.parse(ahead.bytes(), ahead.offset(), ahead.length(), file.toString(), number, session);
            }
            if (record != null) {
                return new Line(file, number, record);
            }
        }
        heldFindings.forEach(session::finding);
        heldFindings.clear();
        return null;
    }

    /** A line's tree on a parse thread where it opens plainly and is an object; null for the calling thread to read again. */
    private static ObjectNode plainTree(byte[] bytes, int offset, int length, long number) {
        if (!JsonlRecords.startsPlainly(bytes, offset, length)) {
            return null;
        }
        try {
            return JsonlRecords.readTree(bytes, offset, length) instanceof ObjectNode object ? object : null;
        } catch (IOException notJson) {
            return null;
        }
    }

    @Override
    public void close() throws IOException {
        if (ahead != null) {
            ahead.close();
        }
        lines.close();
    }
}
