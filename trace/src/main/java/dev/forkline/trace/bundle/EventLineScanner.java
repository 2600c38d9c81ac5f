package dev.forkline.trace.bundle;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads one line of {@code trace.jsonl} for {@link EventColumns} without building the event's payload: one streaming
 * pass that keeps the envelope and the few {@code data} members the columns need, notes the blob names in the payload
 * and checks the rest as {@link EventCodec#parseLine} would (UTF-8, JSON, duplicate members, numbers a double can hold,
 * no lone surrogates). Anything unusual — a check failing, an escape it does not decode itself — sends the line to
 * {@link EventCodec#parseLine}, whose verdict and message stand; so the outcome is always the strict parser's.
 */
final class EventLineScanner {

    /** The envelope plus the data members the columns read; or, after a fallback, the whole event. */
    record Scanned(Event event, List<String> blobNames) {
    }

    /** Reads the value at the parser's current token as a tree (the shared mapper refuses anything after a whole document). */
    private static final ObjectReader VALUE = Json.MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final Set<String> KEPT_DATA = EventColumns.dataMembers();
    /** Numbers up to this many characters without an exponent fit a long or a double; others go to the strict parser. */
    private static final int SHORT_NUMBER = 18;

    private EventLineScanner() {
    }

    static Scanned scan(byte[] buffer, int offset, int length, String file, long lineNumber) throws TraceFormatException {
        Scanned fast = RawLineFacts.isPlainAscii(buffer, offset, length) ? tryStreaming(buffer, offset, length, file, lineNumber) : null;
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
     * The scanned line, or null when the strict parser must decide. The line is ASCII without {@code \\u} escapes
     * ({@link RawLineFacts#isPlainAscii}), so no text in it can hold a surrogate.
     */
    private static Scanned tryStreaming(byte[] buffer, int offset, int length, String file, long lineNumber)
            throws TraceFormatException {
        ObjectNode envelope = Json.object();
        List<String> blobNames = null;
        try (JsonParser parser = Json.factory().createParser(buffer, offset, length)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            JsonToken token;
            while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
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
                    envelope.set(name, kept);
                } else {
                    envelope.set(name, envelopeValue(parser, value));
                }
            }
            if (token != JsonToken.END_OBJECT || parser.nextToken() != null) {
                return null;
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        if (blobNames == null) {
            return null;
        }
        return new Scanned(EventCodec.fromJson(envelope, file, lineNumber, false), blobNames);
    }

    /** An envelope member's value: strings and string arrays (nearly all of them) built directly, the rest by the mapper. */
    private static JsonNode envelopeValue(JsonParser parser, JsonToken value) throws IOException {
        switch (value) {
            case VALUE_STRING -> {
                return TextNode.valueOf(parser.getText());
            }
            case VALUE_NULL -> {
                return NullNode.getInstance();
            }
            case VALUE_NUMBER_INT -> {
                // as the mapper builds integer nodes (no integer coercion features are enabled)
                return switch (parser.getNumberType()) {
                    case INT -> IntNode.valueOf(parser.getIntValue());
                    case LONG -> LongNode.valueOf(parser.getLongValue());
                    default -> (JsonNode) VALUE.readTree(parser);
                };
            }
            case START_ARRAY -> {
                ArrayNode array = Json.MAPPER.createArrayNode();
                JsonToken element;
                while ((element = parser.nextToken()) != JsonToken.END_ARRAY) {
                    if (element != JsonToken.VALUE_STRING) {
                        array.add((JsonNode) VALUE.readTree(parser));
                    } else {
                        array.add(TextNode.valueOf(parser.getText()));
                    }
                }
                return array;
            }
            default -> {
                return (JsonNode) VALUE.readTree(parser);
            }
        }
    }

    /** Reads the data object up to its end: keeps {@link #KEPT_DATA}, checks the rest; false when the strict parser must look. */
    private static boolean readData(JsonParser parser, ObjectNode kept) throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if (KEPT_DATA.contains(name)) {
                kept.set(name, value == JsonToken.VALUE_STRING ? TextNode.valueOf(parser.getText()) : (JsonNode) VALUE.readTree(parser));
            } else if (!checkNumbers(parser)) {
                return false;
            }
        }
        return token == JsonToken.END_OBJECT;
    }

    /**
     * Walks the value at the current token to its end without decoding its strings; false when a number is long or
     * large enough that the strict parser must judge whether Forkline can hold it.
     */
    private static boolean checkNumbers(JsonParser parser) throws IOException {
        int depth = 0;
        JsonToken token = parser.currentToken();
        while (true) {
            switch (token) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
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
