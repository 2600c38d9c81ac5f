package dev.forkline.trace.bundle;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.PlainJson;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Reads one line of {@code trace.jsonl} for {@link EventColumns} without building the event's payload: one streaming
 * pass that keeps the envelope and the few {@code data} members the columns need, notes the blob names in the payload
 * and checks the rest as {@link EventCodec#parseLine} would (UTF-8, JSON, duplicate members, numbers a double can hold,
 * no lone surrogates). Anything unusual — a check failing, an escape it does not decode itself — sends the line to
 * {@link EventCodec#parseLine}, whose verdict and message stand; so the outcome is always the strict parser's.
 *
 * <p>Duplicate members are ruled out by order instead of by the parser's set of the names seen in each object (a tenth
 * of the scan's time): Forkline writes its lines canonical, every object's members in ascending order, and a line
 * whose members are not strictly ascending anywhere is left to the strict parser.
 */
final class EventLineScanner {

    /** The envelope plus the data members the columns read; or, after a fallback, the whole event. */
    record Scanned(Event event, List<String> blobNames) {
    }

    private static final Set<String> KEPT_DATA = EventColumns.dataMembers();
    /** Numbers up to this many characters without an exponent fit a long or a double; others go to the strict parser. */
    private static final int SHORT_NUMBER = 18;

    private EventLineScanner() {
    }

    static Scanned scan(byte[] buffer, int offset, int length, String file, long lineNumber) throws TraceFormatException {
        Scanned fast = PlainJson.isPlain(buffer, offset, length) ? tryStreaming(buffer, offset, length) : null;
        return fast != null ? fast : strict(buffer, offset, length, file, lineNumber);
    }

    /** The strict parser's reading of the line (it throws what it finds wrong). */
    static Scanned strict(byte[] buffer, int offset, int length, String file, long lineNumber) throws TraceFormatException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(buffer, offset, length)).toString();
        } catch (CharacterCodingException e) {
            throw new TraceFormatException(file, lineNumber, "invalid UTF-8");
        }
        Event event = EventCodec.parseLine(text, file, lineNumber);
        List<String> names = new ArrayList<>(2);
        EventFacts.blobNamesIn(event.data(), names::add);
        return new Scanned(event, names);
    }

    /**
     * The scanned line, or null when the strict parser must decide. The line is well-formed UTF-8 without
     * {@code \\u} escapes ({@link PlainJson#isPlain}), so no text in it can hold a surrogate.
     */
    private static Scanned tryStreaming(byte[] buffer, int offset, int length) {
        Envelope envelope = new Envelope();
        List<String> blobNames = null;
        try (JsonParser parser = Json.factory().createParser(buffer, offset, length)) {
            parser.disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION); // members in ascending order instead (see above)
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            JsonToken token;
            String previous = null;
            while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                if (!ascending(previous, name)) {
                    return null;
                }
                previous = name;
                JsonToken value = parser.nextToken();
                if (name.equals("data") && value == JsonToken.START_OBJECT) {
                    // offsets count from the start of the line (the parser was given offset and length)
                    long dataStart = parser.currentTokenLocation().getByteOffset();
                    ObjectNode kept = Json.object();
                    if (dataStart < 0 || buffer[offset + (int) dataStart] != '{' || !readData(parser, kept)) {
                        return null;
                    }
                    long dataEnd = parser.currentTokenLocation().getByteOffset();
                    if (dataEnd <= dataStart || buffer[offset + (int) dataEnd] != '}') {
                        return null;
                    }
                    blobNames = RawLineFacts.blobNameValues(buffer, offset + (int) dataStart, offset + (int) dataEnd + 1);
                    envelope.data = kept;
                } else if (!envelope.read(name, value, parser)) {
                    return null;
                }
            }
            if (token != JsonToken.END_OBJECT || parser.nextToken() != null) {
                return null;
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        Event event = envelope.event();
        return event == null || blobNames == null ? null : new Scanned(event, blobNames);
    }

    /**
     * The envelope's members as the stream gives them, without building a tree. A member it does not know, or a value
     * not of the plain kind it reads (a string, an integer, an array of strings, null for prev and hash), leaves the
     * line to the strict parser, as does anything {@link EventCodec#fromMembers} refuses. Duplicate members never get
     * here: they are not in ascending order.
     */
    private static final class Envelope {
        private String id;
        private String run;
        private long seq;
        private String ts;
        private String actor;
        private String type;
        private List<String> causes;
        private List<String> state;
        private ObjectNode data;
        private String prev;
        private String hash;

        /** @return false when the strict parser must judge the line */
        boolean read(String name, JsonToken value, JsonParser parser) throws IOException {
            return switch (name) {
                case "id" -> (id = text(value, parser)) != null;
                case "run" -> (run = text(value, parser)) != null;
                case "ts" -> (ts = text(value, parser)) != null;
                case "actor" -> (actor = text(value, parser)) != null;
                case "type" -> (type = text(value, parser)) != null;
                case "prev" -> value == JsonToken.VALUE_NULL || (prev = text(value, parser)) != null;
                case "hash" -> value == JsonToken.VALUE_NULL || (hash = text(value, parser)) != null;
                case "seq" -> readSeq(value, parser);
                case "causes" -> (causes = texts(value, parser)) != null;
                case "state" -> (state = texts(value, parser)) != null;
                default -> false;
            };
        }

        Event event() {
            return EventCodec.fromMembers(id, run, seq, ts, actor, type, causes, state, data, prev, hash);
        }

        private boolean readSeq(JsonToken value, JsonParser parser) throws IOException {
            if (value != JsonToken.VALUE_NUMBER_INT || parser.getNumberType() != JsonParser.NumberType.INT
                    && parser.getNumberType() != JsonParser.NumberType.LONG) {
                return false;
            }
            seq = parser.getLongValue();
            return true;
        }

        private static String text(JsonToken value, JsonParser parser) throws IOException {
            return value == JsonToken.VALUE_STRING ? parser.getText() : null;
        }

        /** The strings of an array of strings, or null for anything else. */
        private static List<String> texts(JsonToken value, JsonParser parser) throws IOException {
            if (value != JsonToken.START_ARRAY) {
                return null;
            }
            List<String> texts = new ArrayList<>(2);
            JsonToken element;
            while ((element = parser.nextToken()) == JsonToken.VALUE_STRING) {
                texts.add(parser.getText());
            }
            return element == JsonToken.END_ARRAY ? texts : null;
        }
    }

    /** Reads the data object up to its end: keeps {@link #KEPT_DATA}, checks the rest; false when the strict parser must look. */
    private static boolean readData(JsonParser parser, ObjectNode kept) throws IOException {
        JsonToken token;
        String previous = null;
        while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            if (!ascending(previous, name)) {
                return false;
            }
            previous = name;
            JsonToken value = parser.nextToken();
            if (KEPT_DATA.contains(name)) {
                kept.set(name, value == JsonToken.VALUE_STRING ? TextNode.valueOf(parser.getText()) : (JsonNode) Json.VALUES_CHECKED_BY_TREE.readTree(parser));
            } else if (!checkNumbers(parser)) {
                return false;
            }
        }
        return token == JsonToken.END_OBJECT;
    }

    /** Whether {@code name} may follow {@code previous} (null before an object's first member) in a canonical object. */
    private static boolean ascending(String previous, String name) {
        return previous == null || previous.compareTo(name) < 0;
    }

    /**
     * Walks the value at the current token to its end without decoding its strings; false when a number is long or
     * large enough that the strict parser must judge whether Forkline can hold it, or when an object's members are not
     * in ascending order.
     */
    private static boolean checkNumbers(JsonParser parser) throws IOException {
        int depth = 0;
        // the last member name of the object open at each depth (null: none yet, or an array)
        String[] previous = null;
        JsonToken token = parser.currentToken();
        while (true) {
            switch (token) {
                case START_OBJECT, START_ARRAY -> {
                    depth++;
                    if (previous != null && depth < previous.length) {
                        previous[depth] = null;
                    }
                }
                case END_OBJECT, END_ARRAY -> depth--;
                case FIELD_NAME -> {
                    if (previous == null || depth >= previous.length) {
                        previous = previous == null ? new String[Math.max(8, depth + 1)] : Arrays.copyOf(previous, depth * 2);
                    }
                    String name = parser.currentName();
                    if (!ascending(previous[depth], name)) {
                        return false;
                    }
                    previous[depth] = name;
                }
                case VALUE_NUMBER_INT -> {
                    if (parser.getTextLength() > SHORT_NUMBER) {
                        return false;
                    }
                }
                case VALUE_NUMBER_FLOAT -> {
                    // short, yet 1e999 is beyond a double and 1e-9999999999 beyond a BigDecimal
                    if (parser.getTextLength() > SHORT_NUMBER || hasExponent(parser)) {
                        return false;
                    }
                }
                default -> {
                }
            }
            if (depth == 0) {
                return true;
            }
            token = parser.nextToken();
            if (token == null) {
                return false;
            }
        }
    }

    private static boolean hasExponent(JsonParser parser) throws IOException {
        char[] text = parser.getTextCharacters();
        for (int i = parser.getTextOffset(), end = i + parser.getTextLength(); i < end; i++) {
            if (text[i] == 'e' || text[i] == 'E') {
                return true;
            }
        }
        return false;
    }
}
