package dev.forkline.importers.support;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Streams the JSON objects of a JSON-lines file one line at a time (over {@link TextLines}, as {@link RecordStream}). A line that cannot be read (invalid UTF-8, longer
 * than {@link #MAX_LINE_BYTES}, not JSON, truncated, two objects on one line, not an object) becomes a finding naming
 * file and line, and reading goes on with the next line.
 */
public final class JsonlRecords {

    /** Longer lines are reported and skipped: a single agent record this large is damage, not data. */
    public static final int MAX_LINE_BYTES = 8 * 1024 * 1024;

    /** Receives each well-formed record with its 1-based line number. */
    @FunctionalInterface
    public interface RecordHandler {
        void record(ObjectNode record, long line) throws IOException, TraceFormatException;
    }

    private static final ObjectReader TREES = Json.MAPPER.reader().with(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private JsonlRecords() {
    }

    /**
     * Reads every line, parsed ahead on the parse threads ({@link RecordStream#parsedAhead}); returns how many records
     * were handed over. Malformed lines become findings in {@code session}.
     */
    public static long read(Path file, ImportSession session, RecordHandler handler) throws IOException, TraceFormatException {
        return readFirstBytes(file, session, Long.MAX_VALUE, handler);
    }

    /** As {@link #read(Path, ImportSession, RecordHandler)} over the file's first {@code bytes} ({@link RecordStream#firstBytes}). */
    public static long readFirstBytes(Path file, ImportSession session, long bytes, RecordHandler handler)
            throws IOException, TraceFormatException {
        return readFirstBytes(file, session, bytes, handler, BytesRead.NONE);
    }

    /** As {@link #readFirstBytes(Path, ImportSession, long, RecordHandler)}, telling {@code reading} how far reading got each time that grew. */
    public static long readFirstBytes(Path file, ImportSession session, long bytes, RecordHandler handler, BytesRead reading)
            throws IOException, TraceFormatException {
        try (RecordStream stream = RecordStream.parsedAhead(file, session, bytes)) {
            return read(stream, handler, reading);
        }
    }

    private static long read(RecordStream stream, RecordHandler handler, BytesRead reading) throws IOException, TraceFormatException {
        long records = 0;
        BytesRead told = reading.growingOnly();
        for (RecordStream.Line line = stream.next(); line != null; line = stream.next()) {
            records++;
            handler.record(line.record(), line.number());
            told.read(stream.bytesRead());
        }
        return records;
    }

    /**
     * One line's UTF-8 bytes as a JSON object, or null after recording why it is not one: parsed from the bytes, without
     * decoding them first. What is not an object is read again as text, so that the finding says what {@link #parse(String,
     * String, long, ImportSession)} says (Jackson counts columns in bytes when it reads bytes); so is a line that opens
     * with a byte that would make Jackson take it for another encoding (a zero byte, a byte order mark).
     */
    public static ObjectNode parse(byte[] bytes, int offset, int length, String file, long line, ImportSession session) {
        if (!startsPlainly(bytes, offset, length)) {
            return parse(new String(bytes, offset, length, java.nio.charset.StandardCharsets.UTF_8), file, line, session);
        }
        try {
            if (readTree(bytes, offset, length) instanceof ObjectNode object) {
                return object;
            }
        } catch (IOException notJson) {
            // described below, as the text reading describes it
        }
        return parse(new String(bytes, offset, length, java.nio.charset.StandardCharsets.UTF_8), file, line, session);
    }

    /**
     * UTF-8 bytes as a tree, as {@link Json#MAPPER} reads them, except that a key repeated in an object is refused by the
     * tree's own map (which sees it anyway) instead of by the parser, which tracks every object's names in a set of its
     * own: that tracking was a fifth of what reading a transcript line allocated. Only where the bytes open plainly
     * ({@link #startsPlainly}).
     */
    public static JsonNode readTree(byte[] bytes, int offset, int length) throws IOException {
        try (JsonParser parser = Json.MAPPER.createParser(bytes, offset, length)) {
            parser.disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            JsonNode tree = TREES.readTree(parser);
            return tree == null ? MissingNode.getInstance() : tree;
        }
    }

    /** Whether none of the first four bytes is one Jackson's encoding detection reacts to (zero, or a byte order mark's first). */
    public static boolean startsPlainly(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + Math.min(4, length); i++) {
            int b = bytes[i] & 0xff;
            if (b == 0 || b == 0xEF || b == 0xFE || b == 0xFF) {
                return false;
            }
        }
        return true;
    }

    /** One line as a JSON object, or null after recording why it is not one. */
    public static ObjectNode parse(String text, String file, long line, ImportSession session) {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            session.finding(Finding.warning(ImportFindings.MALFORMED_LINE, TraceFormatException.location(file, line)
                    + ": " + JsonProblems.describe(e) + "; line skipped", null, line));
            return null;
        }
        if (node instanceof ObjectNode object) {
            return object;
        }
        session.finding(Finding.warning(ImportFindings.MALFORMED_LINE, TraceFormatException.location(file, line)
                + ": expected a JSON object, found " + (node == null ? "nothing" : node.getNodeType().name().toLowerCase())
                + "; line skipped", null, line));
        return null;
    }
}
