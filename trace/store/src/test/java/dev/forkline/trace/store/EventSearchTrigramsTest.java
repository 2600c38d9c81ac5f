package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A trace's event search with the search index's trigram filters ({@link ChunkTrigrams}): the same answer as reading
 * every chunk, the chunks a filter rules out not read at all, and every chunk read again when the filters are not of
 * the trace as it is now or cannot be read.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
@ExtendWith(SharedPostgres.class)
class EventSearchTrigramsTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final int CHUNK = PreparedChunks.MAX_EVENTS;
    /**
     * Words of every chunk, and of one chunk each (a quarter of its events): the first three chunks say "quokka",
     * "zeppelin" (seq 1025 to 2048) and "narwhal", the last, short one "aardvark".
     */
    private static final String[] COMMON = {"read_file", "src/main.py", "error", "Traceback", "pytest -q", "Grüße", "日本語のテキスト", "ok"};
    private static final String[] OWN = {"aardvark", "quokka", "zeppelin", "narwhal"};

    @Parameter
    StoreBackend backend;

    @TempDir
    Path dir;

    private final EventChain chain = new EventChain();
    private List<Event> events;

    @BeforeEach
    void aTraceOfSeveralChunks() {
        backend.assumeAvailable();
        events = trace(chain, new Random(42));
    }

    @Test
    void theFiltersGiveTheSameAnswerAsReadingEveryChunk() throws Exception {
        Random random = new Random(6);
        List<String> queries = new ArrayList<>(List.of("zeppelin", "ZEPPELIN", "eppel", "quokka", "narwhal 17", "error",
                "grüße", "テキスト", "ok", "o", "", "src/main.py", "pelin zep", "no such text", "aardvark zeppelin"));
        for (int q = 0; q < 60; q++) {
            String text = textOf(events.get(random.nextInt(events.size())));
            int from = random.nextInt(text.length());
            queries.add(text.substring(from, Math.min(text.length(), from + 1 + random.nextInt(12))));
        }
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(bundle(), List.of(), null);
            Map<String, List<String>> unindexed = found(store, queries);
            assertThat(unindexed.get("zeppelin")).hasSize(CHUNK / 4);

            assertThat(store.updateSearchIndex("t-grams")).isTrue();
            assertThat(found(store, queries)).isEqualTo(unindexed);

            List<EventSearchMatch> matches = store.searchMatches("t-grams", "zeppelin", null, null, false);
            assertThat(matches).extracting(EventSearchMatch::id).isEqualTo(unindexed.get("zeppelin"));
            Map<String, Event> byId = new java.util.HashMap<>();
            events.forEach(event -> byId.put(event.id(), event));
            for (EventSearchMatch match : matches) {
                Event event = byId.get(match.id());
                assertThat(match).isEqualTo(new EventSearchMatch(event.id(), event.run(), event.seq(), event.ts(), event.type(), event.actor()));
            }
        }
    }

    /**
     * A tool result is found by the tool name of the call it answers, which may be in a chunk the filters rule out, and
     * by callId the latest such call before it: read alone, the chunks left would give it no name, or another call's.
     */
    @Test
    void aResultIsFoundByItsCallsToolNameWhereverTheCallIs() throws Exception {
        EventChain tools = new EventChain();
        List<Event> trace = new ArrayList<>();
        Instant ts = T0;
        trace.add(tools.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(ts).data(Json.object().put("title", "tools"))));
        for (int i = 1; i < 3 * CHUNK; i++) {
            ts = ts.plusMillis(7);
            NewEvent event = switch (i) {
                case 500 -> call("alpha-tool");
                case 1500 -> call("beta-tool");
                // answers c1 by callId alone: the beta-tool call, the latest before it; its search text "beta-tool c1 ok done"
                case 2100 -> NewEvent.of("r1", "sandbox", EventType.TOOL_RESULT).data(Json.object().put("callId", "c1").put("stdout", "ok done"));
                case 600 -> note("c1 ok");
                case 2200 -> note("alpha-tool");
                default -> note(i < CHUNK ? "lol ok" : "note " + i);
            };
            trace.add(tools.append(event.at(ts)));
        }
        List<String> queries = List.of("beta-tool c1 ok", "alpha-tool c1 ok", "beta-tool", "alpha-tool", "c1 ok done");
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(new Bundle("tools", Manifest.of("t-tools", "tools", T0, "test"), trace, new int[trace.size()],
                    new MemoryBlobStore()), List.of(), null);
            Map<String, List<String>> unindexed = new LinkedHashMap<>();
            for (String query : queries) {
                unindexed.put(query, store.search("t-tools", query, null, null, false));
            }
            assertThat(unindexed.get("beta-tool c1 ok")).containsExactly(trace.get(2100).id());
            assertThat(unindexed.get("alpha-tool c1 ok")).isEmpty();

            assertThat(store.updateSearchIndex("t-tools")).isTrue();
            for (String query : queries) {
                assertThat(store.search("t-tools", query, null, null, false)).as(query).isEqualTo(unindexed.get(query));
            }
        }
    }

    private static NewEvent call(String tool) {
        ObjectNode data = Json.object().put("callId", "c1").put("tool", tool).put("effect", "read");
        data.putObject("arguments").put("command", "ls");
        return NewEvent.of("r1", "agent:a0", EventType.TOOL_CALL).data(data);
    }

    private static NewEvent note(String text) {
        return NewEvent.of("r1", "agent:a0", EventType.NOTE).data(Json.object().put("text", text));
    }

    @Test
    void aChunkTheFiltersRuleOutIsNotRead() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            importedAndIndexed(store);
            List<String> quokkas = store.search("t-grams", "quokka", null, null, false);
            assertThat(quokkas).hasSize(CHUNK / 4 - 1);
            damageTheChunkOfZeppelins();

            // only the damaged chunk holds zeppelins: a search for them must read it, one for quokkas need not
            assertThat(store.search("t-grams", "quokka", null, null, false)).isEqualTo(quokkas);
            assertThatThrownBy(() -> store.search("t-grams", "zeppelin", null, null, false))
                    .isInstanceOf(StoreException.class).hasMessageContaining("from seq 1025");

            // without the filters, every chunk is read again
            execute("DELETE FROM search_indexed");
            assertThatThrownBy(() -> store.search("t-grams", "quokka", null, null, false))
                    .isInstanceOf(StoreException.class).hasMessageContaining("from seq 1025");
        }
    }

    @Test
    void theHeaderOfAChunkTheFiltersRuleOutIsNotReadEither() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            importedAndIndexed(store);
            List<String> quokkas = store.search("t-grams", "quokka", null, null, false);
            execute("UPDATE event_chunks SET header = " + backend.binaryFromHex("00") + " WHERE run_id = 'r1' AND first_seq = 1025");

            assertThat(store.search("t-grams", "quokka", null, null, false)).isEqualTo(quokkas);
            assertThatThrownBy(() -> store.search("t-grams", "zeppelin", null, null, false))
                    .isInstanceOf(StoreException.class).hasMessageContaining("from seq 1025");
        }
    }

    @Test
    void aChunkWithoutAFilterHasTheWholeTraceRead() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            importedAndIndexed(store);
            List<String> quokkas = store.search("t-grams", "quokka", null, null, false);
            try (Connection connection = backend.connect(dir, "db")) {
                ChunkTrigrams all = SearchIndexRows.chunkTrigrams(connection, "t-grams").orElseThrow();
                byte[] lessOne = new ChunkTrigrams(all.chunks().subList(0, all.chunks().size() - 1)).encode();
                try (var update = connection.prepareStatement("UPDATE search_indexed SET chunk_trigrams = ?")) {
                    update.setBytes(1, lessOne);
                    update.executeUpdate();
                }
            }
            assertThat(store.search("t-grams", "quokka", null, null, false)).isEqualTo(quokkas);
            damageTheChunkOfZeppelins();

            assertThatThrownBy(() -> store.search("t-grams", "quokka", null, null, false))
                    .isInstanceOf(StoreException.class).hasMessageContaining("from seq 1025");
        }
    }

    @Test
    void filtersThatCannotBeReadAreNotUsed() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            importedAndIndexed(store);
            execute("UPDATE search_indexed SET chunk_trigrams = " + backend.binaryFromHex("47544c4602ffffffff"));
            damageTheChunkOfZeppelins();

            assertThatThrownBy(() -> store.search("t-grams", "quokka", null, null, false))
                    .isInstanceOf(StoreException.class).hasMessageContaining("from seq 1025");
        }
    }

    @Test
    void eventsAddedSinceTheTraceWasIndexedAreFound() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            importedAndIndexed(store);

            Event added = chain.append(NewEvent.of("r1", "agent:a0", EventType.NOTE).at(T0.plusSeconds(3600))
                    .data(Json.object().put("text", "a wombat in the last chunk")));
            store.appendEvents("t-grams", List.of(added), Map.of());

            assertThat(store.search("t-grams", "wombat", null, null, false)).containsExactly(added.id());
            assertThat(store.updateSearchIndex("t-grams")).isTrue();
            assertThat(store.search("t-grams", "wombat", null, null, false)).containsExactly(added.id());
            assertThat(store.search("t-grams", "zeppelin", null, null, false)).hasSize(CHUNK / 4);
        }
    }

    private void importedAndIndexed(TraceStore store) throws StoreException {
        store.importTrace(bundle(), List.of(), null);
        assertThat(store.updateSearchIndex("t-grams")).isTrue();
    }

    private Map<String, List<String>> found(TraceStore store, List<String> queries) throws StoreException {
        Map<String, List<String>> found = new LinkedHashMap<>();
        for (String query : queries) {
            found.put(query, store.search("t-grams", query, null, null, false));
        }
        return found;
    }

    private void damageTheChunkOfZeppelins() throws Exception {
        execute("UPDATE event_chunks SET lines = " + backend.binary("REPEAT('x', OCTET_LENGTH(lines))")
                + " WHERE run_id = 'r1' AND first_seq = 1025");
    }

    private void execute(String sql) throws Exception {
        try (Connection connection = backend.connect(dir, "db"); Statement statement = connection.createStatement()) {
            statement.executeUpdate(sql);
        }
    }

    /** Three full chunks of r1 and a short one; each full chunk has a word of its own in a quarter of its events. */
    private static List<Event> trace(EventChain chain, Random random) {
        List<Event> events = new ArrayList<>();
        Instant ts = T0;
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(ts).data(Json.object().put("title", "grams"))));
        for (int i = 1; i < 3 * CHUNK + 100; i++) {
            ts = ts.plusMillis(7);
            StringBuilder text = new StringBuilder();
            for (int w = 0; w < 3; w++) {
                text.append(COMMON[random.nextInt(COMMON.length)]).append(' ');
            }
            int chunk = i / CHUNK;
            if (i % 4 == 0 && chunk < 3) {
                text.append(OWN[chunk + 1]).append(' ').append(i % 50);
            } else if (chunk == 3) {
                text.append(OWN[0]);
            }
            events.add(chain.append(NewEvent.of("r1", "agent:a" + (i % 3), EventType.NOTE).at(ts)
                    .data(Json.object().put("text", text.toString()))));
        }
        return events;
    }

    private static String textOf(Event event) {
        return event.data().path("text").asText(event.data().path("title").asText());
    }

    private Bundle bundle() {
        return new Bundle("grams", Manifest.of("t-grams", "grams", T0, "test"), events, new int[events.size()], new MemoryBlobStore());
    }
}
