package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.testing.RepositoryFiles;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@link CanonicalEvent} writes exactly what canonicalizing the event's JSON tree writes, and hashes the same. */
class CanonicalEventTest {

    @Test
    void writesWhatTheJsonTreeCanonicalizesToForEverySampleEvent() throws Exception {
        List<Event> events = new ArrayList<>();
        try (Stream<Path> found = Files.walk(RepositoryFiles.resolve("sample-traces"))) {
            for (Path trace : found.filter(path -> path.getFileName().toString().equals("trace.jsonl")).toList()) {
                try (Bundle bundle = BundleReader.read(trace.getParent())) {
                    events.addAll(bundle.events());
                }
            }
        }
        assertThat(events).hasSizeGreaterThan(100);
        events.forEach(CanonicalEventTest::assertSameAsTree);
    }

    @Test
    void writesWhatTheJsonTreeCanonicalizesToForAwkwardContent() {
        Random random = new Random(20261202);
        for (int i = 0; i < 2_000; i++) {
            ObjectNode data = Json.object();
            fill(data, random, 3);
            Event unhashed = new Event(text(random), text(random), random.nextInt(5) == 0 ? 9_007_199_254_740_993L : 1 + random.nextInt(1000),
                    Instant.ofEpochSecond(1_700_000_000L + random.nextInt(1_000_000), random.nextInt(4) == 0 ? 0 : random.nextInt(1_000_000_000)),
                    text(random), text(random), random.nextBoolean() ? List.of() : List.of(text(random), text(random)),
                    random.nextBoolean() ? List.of() : List.of(StateKind.values()[random.nextInt(StateKind.values().length)]), data,
                    random.nextBoolean() ? null : Hashes.sha256(new byte[] {(byte) i}), null);
            assertSameAsTree(unhashed);
            CanonicalEvent.Hashed hashed = CanonicalEvent.hashed(unhashed);
            assertThat(hashed.event().hash()).isEqualTo(Hashes.eventHash(EventCodec.toJson(unhashed)));
            assertThat(hashed.event()).isEqualTo(EventChain.withHash(unhashed));
            assertThat(new String(hashed.line(), StandardCharsets.UTF_8)).isEqualTo(CanonicalJson.write(EventCodec.toJson(hashed.event())));
            assertSameAsTree(hashed.event());
        }
    }

    @Test
    void refusesALoneSurrogateAsTheTreeDoes() {
        ObjectNode data = Json.object().put("text", "half \uD800 of a pair");
        Event event = new Event("a", "r", 1, Instant.EPOCH, "agent", "note", List.of(), List.of(), data, null, null);
        assertThatThrownBy(() -> CanonicalEvent.line(event)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lone surrogate");
        assertThatThrownBy(() -> CanonicalJson.write(EventCodec.toJson(event))).isInstanceOf(IllegalArgumentException.class);
    }

    private static void assertSameAsTree(Event event) {
        ObjectNode tree = EventCodec.toJson(event);
        assertThat(CanonicalEvent.line(event)).isEqualTo(CanonicalJson.write(tree));
        assertThat(CanonicalEvent.hashOf(event)).isEqualTo(Hashes.eventHash(tree));
    }

    private static final String[] PIECES = {"a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u0001", "\u001f", "\u007f", "é",
            "日本", "\uD83D\uDE00", "\u2028", "<", "}", "{", ",", ":"};

    private static String text(Random random) {
        StringBuilder out = new StringBuilder();
        for (int n = random.nextInt(6); n > 0; n--) {
            out.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return out.append(random.nextInt(100)).toString();
    }

    private static void fill(ObjectNode object, Random random, int depth) {
        for (int n = random.nextInt(5); n > 0; n--) {
            String key = text(random);
            switch (random.nextInt(depth > 0 ? 9 : 7)) {
                case 0 -> object.put(key, text(random));
                case 1 -> object.put(key, random.nextLong());
                case 2 -> object.put(key, random.nextDouble() * Math.pow(10, random.nextInt(40) - 20));
                case 3 -> object.put(key, new BigDecimal("1e" + (random.nextInt(60) - 30)));
                case 4 -> object.put(key, BigInteger.TWO.pow(53 + random.nextInt(20)));
                case 5 -> object.put(key, random.nextBoolean());
                case 6 -> object.putNull(key);
                case 7 -> fill(object.putObject(key), random, depth - 1);
                default -> {
                    ArrayNode array = object.putArray(key);
                    for (int k = random.nextInt(4); k > 0; k--) {
                        fill(array.addObject(), random, depth - 1);
                        array.add(text(random));
                    }
                }
            }
        }
    }
}
