package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.columns.EventColumns;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class ChunkHeaderCodecTest {

    @Test
    void aHeaderDecodesToTheColumnsItWasWrittenFrom() throws Exception {
        List<Event> events = variedEvents();
        EventColumns columns = EventColumns.of(events);
        int[] indexes = StorageOrder.all(columns);
        byte[] identity = identityHashes(events);
        int[] lineLengths = events.stream().mapToInt(e -> EventCodec.toLine(e).getBytes(StandardCharsets.UTF_8).length).toArray();
        ChunkLines.Stored lines = new ChunkLines.Stored(LinesEncoding.PLAIN, new byte[321]);

        byte[] encoded = ChunkHeaderCodec.encode(new ChunkHeaderCodec.Rows(columns, indexes, identity, lineLengths), lines, 0xCAFEBABE);
        ChunkHeader header = ChunkHeaderCodec.decode(encoded, UnaryOperator.identity());

        assertThat(header.size()).isEqualTo(events.size());
        assertThat(header.linesEncoding()).isEqualTo(LinesEncoding.PLAIN);
        assertThat(header.storedLinesLength()).isEqualTo(321);
        assertThat(header.linesChecksum()).isEqualTo(0xCAFEBABE);
        assertThat(header.lineLengths).containsExactly(lineLengths);
        for (int k = 0; k < events.size(); k++) {
            assertThat(header.identityHash(k)).isEqualTo(HashBytes.name(identity, k * HashBytes.LENGTH));
        }
        assertSameColumns(new EventColumns.Builder(events.size()).append(header.toColumns("r1")).build(), columns);
    }

    @Test
    void repeatedStringsAreWrittenOnceAndReadBackAsOneInstance() throws Exception {
        List<Event> events = variedEvents();
        EventColumns columns = EventColumns.of(events);
        ChunkHeader header = ChunkHeaderCodec.decode(encode(events), UnaryOperator.identity());

        int call = indexOf(events, EventType.TOOL_CALL);
        int result = indexOf(events, EventType.TOOL_RESULT);
        assertThat(header.callIds[result]).isEqualTo("c1").isSameAs(header.callIds[call]);
        assertThat(header.causes(result)).singleElement().isSameAs(header.ids[call]);
        assertThat(header.actors[call]).isSameAs(header.actors[indexOf(events, EventType.MODEL_CALL)]);
        assertThat(columns.callId(result)).isEqualTo("c1");
    }

    @Test
    void damagedBytesAreReportedAsMalformedAndNothingElse() throws Exception {
        byte[] encoded = encode(variedEvents());
        Random random = new Random(20261130L);
        int decodedAnyway = 0;
        for (int round = 0; round < 2000; round++) {
            byte[] damaged = encoded.clone();
            int changes = 1 + random.nextInt(3);
            for (int c = 0; c < changes; c++) {
                damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
            }
            try {
                ChunkHeaderCodec.decode(damaged, UnaryOperator.identity());
                decodedAnyway++; // e.g. a changed hash or timestamp byte: the header still has its shape
            } catch (ByteSource.MalformedException expected) {
                assertThat(expected).hasMessageNotContaining("null");
            }
        }
        assertThat(decodedAnyway).isLessThan(2000);
        for (int length = 0; length < encoded.length; length++) {
            byte[] truncated = java.util.Arrays.copyOf(encoded, length);
            assertThatThrownBy(() -> ChunkHeaderCodec.decode(truncated, UnaryOperator.identity()))
                    .isInstanceOf(ByteSource.MalformedException.class);
        }
    }

    @Test
    void anotherFormatIsRefused() throws Exception {
        byte[] encoded = encode(variedEvents());
        encoded[0] = 2;

        assertThatThrownBy(() -> ChunkHeaderCodec.decode(encoded, UnaryOperator.identity()))
                .isInstanceOf(ByteSource.MalformedException.class)
                .hasMessage("header format 2 is not 1");
    }

    @Test
    void aBlobNameThatIsNotASha256NameIsRefusedWhenWriting() {
        EventColumns.Builder builder = new EventColumns.Builder(1);
        builder.add("e1", "r1", 1, 0, 0, "harness", "note", 0, -1, null, null, null, null, List.of(), null,
                List.of("sha256:ABC"));
        EventColumns columns = builder.build();

        assertThatThrownBy(() -> ChunkHeaderCodec.encode(new ChunkHeaderCodec.Rows(columns, new int[] {0},
                new byte[HashBytes.LENGTH], new int[] {10}), new ChunkLines.Stored(LinesEncoding.PLAIN, new byte[11]), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("event 'e1' names blob 'sha256:ABC'");
    }

    private static byte[] encode(List<Event> events) {
        EventColumns columns = EventColumns.of(events);
        return ChunkHeaderCodec.encode(new ChunkHeaderCodec.Rows(columns, StorageOrder.all(columns), identityHashes(events),
                new int[events.size()]), new ChunkLines.Stored(LinesEncoding.PLAIN, new byte[events.size()]), 7);
    }

    private static byte[] identityHashes(List<Event> events) {
        byte[] hashes = new byte[events.size() * HashBytes.LENGTH];
        for (int k = 0; k < events.size(); k++) {
            Event event = events.get(k);
            String hash = event.hash() != null ? event.hash() : Hashes.sha256(EventCodec.toLine(event).getBytes(StandardCharsets.UTF_8));
            System.arraycopy(HashBytes.of(hash), 0, hashes, k * HashBytes.LENGTH, HashBytes.LENGTH);
        }
        return hashes;
    }

    private static int indexOf(List<Event> events, EventType type) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).is(type)) {
                return i;
            }
        }
        throw new AssertionError("no " + type);
    }

    /** The standard sample's root run, a model call with latency, a failed external call, an unhashed note, odd text. */
    static List<Event> variedEvents() {
        SampleTraces trace = new SampleTraces("t-codec");
        trace.rootRun();
        ObjectNode model = Json.object().put("model", "m").put("latencyMs", 1234);
        trace.add(NewEvent.of("r1", "agent:coder", EventType.MODEL_CALL).data(model));
        ObjectNode external = Json.object().put("callId", "c9").put("tool", "http.post").put("effect", "external");
        trace.add(NewEvent.of("r1", "agent:coder", EventType.TOOL_CALL).data(external));
        List<Event> events = new ArrayList<>(trace.events);
        Event last = events.getLast();
        events.add(new Event("unhashed-\u00e9\u4e2d\ud83d\ude00", "r1", last.seq() + 1, last.ts().plusNanos(123_456_789),
                "human:zo\u00eb", "custom.type", List.of(last.id(), "elsewhere"), List.of(),
                Json.object().put("text", "line\nbreak \"quoted\""), last.hash(), null));
        return events;
    }

    static void assertSameColumns(EventColumns actual, EventColumns expected) {
        assertThat(actual.size()).isEqualTo(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            String at = "event " + i + " (" + expected.id(i) + ")";
            assertThat(actual.id(i)).as(at).isEqualTo(expected.id(i));
            assertThat(actual.run(i)).as(at).isEqualTo(expected.run(i));
            assertThat(actual.seq(i)).as(at).isEqualTo(expected.seq(i));
            assertThat(actual.ts(i)).as(at).isEqualTo(expected.ts(i));
            assertThat(actual.actor(i)).as(at).isEqualTo(expected.actor(i));
            assertThat(actual.type(i)).as(at).isEqualTo(expected.type(i));
            assertThat(actual.flags(i)).as(at).isEqualTo(expected.flags(i));
            assertThat(actual.latencyMs(i)).as(at).isEqualTo(expected.latencyMs(i));
            assertThat(actual.callId(i)).as(at).isEqualTo(expected.callId(i));
            assertThat(actual.tool(i)).as(at).isEqualTo(expected.tool(i));
            assertThat(actual.checkpointId(i)).as(at).isEqualTo(expected.checkpointId(i));
            assertThat(actual.label(i)).as(at).isEqualTo(expected.label(i));
            assertThat(actual.causes(i)).as(at).isEqualTo(expected.causes(i));
            assertThat(actual.hash(i)).as(at).isEqualTo(expected.hash(i));
            assertThat(actual.blobNames(i)).as(at).isEqualTo(expected.blobNames(i));
        }
    }
}
