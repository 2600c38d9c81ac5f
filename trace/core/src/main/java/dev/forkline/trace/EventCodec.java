package dev.forkline.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads and writes events as the JSON objects of {@code trace.jsonl}. Strict: what it accepts it can write back byte for byte in canonical form. */
public final class EventCodec {

    private static final Set<String> FIELDS = Set.of("id", "run", "seq", "ts", "actor", "type", "causes", "state", "data", "prev", "hash");

    private EventCodec() {
    }

    /** UTC with a {@code Z}, fractional seconds only as far as needed, in groups of three digits. */
    public static String formatTs(Instant ts) {
        String written = CanonicalTimestamps.format(ts);
        return written != null ? written : DateTimeFormatter.ISO_INSTANT.format(ts);
    }

    public static ObjectNode toJson(Event event) {
        ObjectNode json = Json.object();
        json.put("id", event.id());
        json.put("run", event.run());
        json.put("seq", event.seq());
        json.put("ts", formatTs(event.ts()));
        json.put("actor", event.actor());
        json.put("type", event.type());
        ArrayNode causes = json.putArray("causes");
        event.causes().forEach(causes::add);
        ArrayNode state = json.putArray("state");
        event.state().forEach(kind -> state.add(kind.wireName()));
        json.set("data", event.data());
        if (event.prev() == null) {
            json.putNull("prev");
        } else {
            json.put("prev", event.prev());
        }
        if (event.hash() != null) {
            json.put("hash", event.hash());
        }
        return json;
    }

    /** The line written to {@code trace.jsonl}: the canonical JSON of the event, hash included. */
    public static String toLine(Event event) {
        return CanonicalEvent.line(event);
    }

    public static Event parseLine(String line, String file, long lineNumber) throws TraceFormatException {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            throw invalidJson(e, file, lineNumber);
        }
        return fromLineTree(node, file, lineNumber, true);
    }

    /**
     * The event on a line given as its UTF-8 bytes, read exactly as {@link #parseLine(String, String, long)} reads
     * their text. A {@linkplain PlainJson#isPlain plain} line (nearly all) is parsed from its bytes, without decoding
     * them first, and its strings are not searched for lone surrogates, which it cannot hold.
     */
    public static Event parseLine(byte[] line, int offset, int length, String file, long lineNumber) throws TraceFormatException {
        if (!PlainJson.isPlain(line, offset, length)) {
            return parseLine(new String(line, offset, length, StandardCharsets.UTF_8), file, lineNumber);
        }
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(line, offset, length);
        } catch (JsonProcessingException e) {
            throw invalidJson(e, file, lineNumber);
        } catch (IOException e) {
            throw new UncheckedIOException("reading an array cannot fail: " + e.getMessage(), e);
        }
        return fromLineTree(node, file, lineNumber, false);
    }

    private static TraceFormatException invalidJson(JsonProcessingException e, String file, long lineNumber) {
        return new TraceFormatException(file, lineNumber, "invalid JSON: " + e.getOriginalMessage());
    }

    private static Event fromLineTree(JsonNode node, String file, long lineNumber, boolean textMayHoldSurrogates) throws TraceFormatException {
        if (node == null || node.isMissingNode()) {
            throw new TraceFormatException(file, lineNumber, "empty line where an event was expected");
        }
        return fromJson(node, file, lineNumber, textMayHoldSurrogates);
    }

    public static Event fromJson(JsonNode node, String file, long line) throws TraceFormatException {
        return fromJson(node, file, line, true);
    }

    /**
     * As {@link #fromJson(JsonNode, String, long)}; a reader that has seen the raw text and knows that no string in it
     * can hold a surrogate (ASCII without backslash-u escapes) passes false to skip looking for lone ones.
     */
    public static Event fromJson(JsonNode node, String file, long line, boolean textMayHoldSurrogates) throws TraceFormatException {
        if (!(node instanceof ObjectNode json)) {
            throw new TraceFormatException(file, line, "an event must be a JSON object, found " + node.getNodeType().name().toLowerCase());
        }
        for (var names = json.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new TraceFormatException(file, line, "unknown event field '" + name + "'");
            }
        }
        String lone = textMayHoldSurrogates ? findLoneSurrogate(json) : null;
        if (lone != null) {
            throw new TraceFormatException(file, line, "text " + lone + " holds a lone UTF-16 surrogate (\\uD800-\\uDFFF escape without its partner), which is not Unicode");
        }
        String id = requiredText(json, "id", file, line);
        String run = requiredText(json, "run", file, line);
        JsonNode seqNode = json.get("seq");
        if (seqNode == null || !seqNode.canConvertToExactIntegral() || !seqNode.canConvertToLong() || seqNode.asLong() < 1) {
            throw new TraceFormatException(file, line, "field 'seq' must be a positive integer");
        }
        String tsText = requiredText(json, "ts", file, line);
        // CanonicalTimestamps accepts only the written form, so only what it leaves is compared with formatTs
        Instant ts = CanonicalTimestamps.parse(tsText);
        if (ts == null) {
            try {
                ts = Instant.parse(tsText);
            } catch (DateTimeParseException e) {
                throw new TraceFormatException(file, line, "field 'ts' is not an RFC 3339 UTC timestamp: '" + tsText + "'");
            }
            if (!formatTs(ts).equals(tsText)) {
                throw new TraceFormatException(file, line, "field 'ts' must be written as '" + formatTs(ts) + "' (UTC, 'Z', fraction in groups of three digits, no trailing zero groups)");
            }
        }
        String actor = requiredText(json, "actor", file, line);
        String type = requiredText(json, "type", file, line);
        List<String> causes = new ArrayList<>();
        for (JsonNode cause : requiredArray(json, "causes", file, line)) {
            if (!cause.isTextual()) {
                throw new TraceFormatException(file, line, "field 'causes' must hold event ids (strings)");
            }
            causes.add(cause.textValue());
        }
        List<StateKind> state = new ArrayList<>();
        for (JsonNode kind : requiredArray(json, "state", file, line)) {
            try {
                state.add(StateKind.fromWire(kind.isTextual() ? kind.textValue() : kind.toString()));
            } catch (IllegalArgumentException e) {
                throw new TraceFormatException(file, line, "field 'state': " + e.getMessage());
            }
        }
        JsonNode data = json.get("data");
        if (!(data instanceof ObjectNode dataObject)) {
            throw new TraceFormatException(file, line, "field 'data' must be a JSON object");
        }
        String prev = optionalHash(json, "prev", file, line);
        String hash = optionalHash(json, "hash", file, line);
        return new Event(id, run, seqNode.asLong(), ts, actor, type, causes, state, dataObject, prev, hash);
    }

    /**
     * The event these envelope members make, already read as the types {@link #fromJson} wants, or null when one is
     * missing or fails one of its checks: for a reader that takes the members from a stream instead of a tree and
     * leaves every line it cannot vouch for to {@link #parseLine}, whose message then stands. Accepts exactly what
     * {@link #fromJson} accepts for such members.
     *
     * @param seq   0 when absent
     * @param state the wire names
     */
    public static Event fromMembers(String id, String run, long seq, String ts, String actor, String type,
                                    List<String> causes, List<String> state, ObjectNode data, String prev, String hash) {
        if (isEmpty(id) || isEmpty(run) || seq < 1 || isEmpty(ts) || isEmpty(actor) || isEmpty(type) || causes == null
                || state == null || data == null || prev != null && !Hashes.isValid(prev) || hash != null && !Hashes.isValid(hash)) {
            return null;
        }
        Instant instant = CanonicalTimestamps.parse(ts);
        if (instant == null) {
            return null;
        }
        List<StateKind> kinds = new ArrayList<>(state.size());
        for (String kind : state) {
            StateKind known = StateKind.byWireName(kind);
            if (known == null) {
                return null;
            }
            kinds.add(known);
        }
        return new Event(id, run, seq, instant, actor, type, causes, kinds, data, prev, hash);
    }

    private static boolean isEmpty(String text) {
        return text == null || text.isEmpty();
    }

    /** A short description of the first string or member name with a lone surrogate, or null. */
    private static String findLoneSurrogate(JsonNode node) {
        if (node.isTextual()) {
            return CanonicalJson.hasLoneSurrogate(node.textValue()) ? "value" : null;
        }
        if (node.isObject()) {
            for (var member : node.properties()) {
                if (CanonicalJson.hasLoneSurrogate(member.getKey())) {
                    return "member name";
                }
                String inside = findLoneSurrogate(member.getValue());
                if (inside != null) {
                    return inside.startsWith("in '") ? inside : "in '" + member.getKey() + "'";
                }
            }
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                String inside = findLoneSurrogate(element);
                if (inside != null) {
                    return inside;
                }
            }
        }
        return null;
    }

    private static String requiredText(ObjectNode json, String field, String file, long line) throws TraceFormatException {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            throw new TraceFormatException(file, line, "missing field '" + field + "'");
        }
        if (!value.isTextual() || value.textValue().isEmpty()) {
            throw new TraceFormatException(file, line, "field '" + field + "' must be a non-empty string");
        }
        return value.textValue();
    }

    private static ArrayNode requiredArray(ObjectNode json, String field, String file, long line) throws TraceFormatException {
        JsonNode value = json.get(field);
        if (!(value instanceof ArrayNode array)) {
            throw new TraceFormatException(file, line, "field '" + field + "' must be an array");
        }
        return array;
    }

    private static String optionalHash(ObjectNode json, String field, String file, long line) throws TraceFormatException {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual() || !Hashes.isValid(value.textValue())) {
            throw new TraceFormatException(file, line, "field '" + field + "' must be 'sha256:' followed by 64 lowercase hex digits");
        }
        return value.textValue();
    }
}
