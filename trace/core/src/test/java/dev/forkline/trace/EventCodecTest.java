package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EventCodecTest {

    static final Map<EventType, String> PAYLOADS = EventCodecTestPayloads.all();


    private static Event event(EventType type, String data, Instant ts) {
        String wire = type == EventType.UNKNOWN ? "vendor.thing" : type.wireName();
        Event unhashed = new Event("r1.7", "r1", 7, ts, "agent:a", wire, List.of("r1.5", "r1.6"),
                List.of(StateKind.WORKSPACE, StateKind.EXTERNAL), TraceBuilder.json(data), "sha256:" + "0".repeat(64), null);
        return EventChain.withHash(unhashed);
    }

    @Test
    void everyEventTypeSurvivesARoundTrip() throws Exception {
        List<EventType> types = new ArrayList<>(List.of(EventType.values()));
        for (EventType type : types) {
            String data = PAYLOADS.getOrDefault(type, "{'x':[1,2.5,true,null]}");
            Event event = event(type, data, Instant.parse("2026-03-04T05:06:07.123456789Z"));
            String line = EventCodec.toLine(event);
            Event parsed = EventCodec.parseLine(line, "t", 1);
            assertThat(parsed).as(type.name()).isEqualTo(event);
            assertThat(EventCodec.toLine(parsed)).isEqualTo(line);
            assertThat(Hashes.eventHash(EventCodec.toJson(parsed))).isEqualTo(event.hash());
            assertThat(parsed.kind()).isEqualTo(type);
        }
        assertThat(PAYLOADS).hasSize(EventType.values().length - 1);
    }

    @Test
    void writesTheCanonicalFormWithPrevNullAndSortedMembers() throws Exception {
        Event first = EventChain.withHash(new Event("a", "r", 1, Instant.parse("2026-01-01T00:00:00Z"), "harness", "note",
                List.of(), List.of(), TraceBuilder.json("{'text':'x'}"), null, null));
        String line = EventCodec.toLine(first);
        assertThat(line).startsWith("{\"actor\":\"harness\",\"causes\":[],\"data\":{\"text\":\"x\"},\"hash\":\"sha256:")
                .endsWith("\"id\":\"a\",\"prev\":null,\"run\":\"r\",\"seq\":1,\"state\":[],\"ts\":\"2026-01-01T00:00:00Z\",\"type\":\"note\"}");
        assertThat(EventCodec.parseLine(line, "t", 1).prev()).isNull();
    }

    /**
     * A line's UTF-8 bytes read as its text: well-formed text beyond ASCII (read from the bytes themselves), escaped
     * surrogates and malformed bytes (decoded first, a malformed byte becoming U+FFFD) alike.
     */
    @Test
    void readsALinesBytesAsItsText() throws Exception {
        Event event = event(EventType.NOTE, "{'text':'caf\u00e9 \u2026 \u20ac \ud83d\ude00 \udbff\udfff'}",
                Instant.parse("2026-01-01T00:00:00Z"));
        String line = EventCodec.toLine(event);
        assertThat(line).contains("caf\u00e9 \u2026");
        String escaped = line.replace("\ud83d\ude00", "\\ud83d\\ude00");
        byte[] malformed = line.getBytes(StandardCharsets.UTF_8);
        int e = line.indexOf("caf") + 3;
        malformed[e] = (byte) 0xC3;
        malformed[e + 1] = (byte) 0x28;
        for (byte[] bytes : List.of(line.getBytes(StandardCharsets.UTF_8), escaped.getBytes(StandardCharsets.UTF_8), malformed)) {
            byte[] framed = new byte[bytes.length + 6];
            System.arraycopy(bytes, 0, framed, 3, bytes.length);
            Event fromBytes = EventCodec.parseLine(framed, 3, bytes.length, "t", 1);
            assertThat(fromBytes).isEqualTo(EventCodec.parseLine(new String(bytes, StandardCharsets.UTF_8), "t", 1));
        }
        byte[] written = line.getBytes(StandardCharsets.UTF_8);
        assertThat(EventCodec.parseLine(written, 0, written.length, "t", 1)).isEqualTo(event);
    }

    @Test
    void acceptsAnyJsonLayoutOfTheSameEvent() throws Exception {
        Event event = event(EventType.NOTE, PAYLOADS.get(EventType.NOTE), Instant.parse("2026-01-01T00:00:00.500Z"));
        String pretty = EventCodec.toJson(event).toPrettyString().replace("\n", " ").replace("\"text\"", "\"\\u0074ext\"");
        assertThat(pretty).contains("\\u0074ext");
        Event parsed = EventCodec.parseLine(pretty, "t", 1);
        assertThat(parsed).isEqualTo(event);
        assertThat(Hashes.eventHash(EventCodec.toJson(parsed))).isEqualTo(event.hash());
    }

    @Test
    void formatsTimestampsInGroupsOfThreeDigits() {
        assertThat(EventCodec.formatTs(Instant.parse("2026-01-01T00:00:00Z"))).isEqualTo("2026-01-01T00:00:00Z");
        assertThat(EventCodec.formatTs(Instant.parse("2026-01-01T00:00:00.1Z"))).isEqualTo("2026-01-01T00:00:00.100Z");
        assertThat(EventCodec.formatTs(Instant.parse("2026-01-01T00:00:00.000001Z"))).isEqualTo("2026-01-01T00:00:00.000001Z");
        assertThat(EventCodec.formatTs(Instant.parse("2026-01-01T00:00:00.123456789Z"))).isEqualTo("2026-01-01T00:00:00.123456789Z");
    }

    private static String validLine() {
        return EventCodec.toLine(event(EventType.NOTE, "{'text':'x'}", Instant.parse("2026-01-01T00:00:00.250Z")));
    }

    private static void rejects(String line, String message) {
        assertThatThrownBy(() -> EventCodec.parseLine(line, "trace.jsonl", 9))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("trace.jsonl:9: ")
                .hasMessageContaining(message);
    }

    @Test
    void rejectsUnknownFields() {
        rejects(validLine().replace("{\"actor\"", "{\"extra\":1,\"actor\""), "unknown event field 'extra'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-01-01T00:00:00.25Z", "2026-01-01T00:00:00.2500Z", "2026-01-01T01:00:00.250+01:00",
            "2026-01-01T00:00:00.250", "2026-01-01 00:00:00.250Z", "2026-01-01T00:00:00.250z", "1767225600"})
    void rejectsTimestampsNotInTheRequiredForm(String ts) {
        rejects(validLine().replace("2026-01-01T00:00:00.250Z", ts), "'ts'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"SHA256:", "sha256:ABCDEF", "sha256:abc", "sha1:"})
    void rejectsMalformedHashes(String prefix) {
        String line = validLine();
        int at = line.indexOf("\"hash\":\"") + 8;
        String hash = line.substring(at, line.indexOf('"', at));
        String bad = switch (prefix) {
            case "SHA256:" -> "SHA256:" + hash.substring(7);
            case "sha256:ABCDEF" -> "sha256:" + hash.substring(7).toUpperCase();
            case "sha256:abc" -> "sha256:abc";
            default -> "sha1:" + hash.substring(7, 47);
        };
        rejects(line.replace(hash, bad), "field 'hash' must be 'sha256:'");
        rejects(line.replace("\"prev\":\"sha256:" + "0".repeat(64), "\"prev\":\"" + bad), "field 'prev'");
    }

    @Test
    void rejectsOtherBadShapes() {
        String line = validLine();
        rejects(line.replace("\"seq\":7", "\"seq\":0"), "'seq' must be a positive integer");
        rejects(line.replace("\"seq\":7", "\"seq\":1.5"), "'seq' must be a positive integer");
        rejects(line.replace("\"seq\":7", "\"seq\":\"7\""), "'seq' must be a positive integer");
        rejects(line.replace("\"run\":\"r1\"", "\"run\":\"\""), "'run' must be a non-empty string");
        rejects(line.replace("\"actor\":\"agent:a\",", ""), "missing field 'actor'");
        rejects(line.replace("\"state\":[\"workspace\",\"external\"]", "\"state\":[\"disk\"]"), "unknown state kind 'disk'");
        rejects(line.replace("\"causes\":[\"r1.5\",\"r1.6\"]", "\"causes\":[5]"), "'causes'");
        rejects(line.replace("\"data\":{\"text\":\"x\"}", "\"data\":[]"), "'data' must be a JSON object");
        rejects(line.replace("{\"actor\"", "{\"id\":\"dup\",\"actor\""), "invalid JSON");
        rejects(line + " {}", "invalid JSON");
        rejects("[1]", "must be a JSON object");
        rejects("", "empty line");
        rejects(line.replace("\"text\":\"x\"", "\"text\":\"\\ud800\""), "lone UTF-16 surrogate");
    }

    @Test
    void rejectsHostileNesting() {
        String deep = "[".repeat(Json.MAX_NESTING_DEPTH + 5) + "]".repeat(Json.MAX_NESTING_DEPTH + 5);
        rejects(validLine().replace("\"text\":\"x\"", "\"text\":" + deep), "invalid JSON");
    }
}
