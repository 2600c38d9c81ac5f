package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import dev.forkline.trace.integrity.TraceIntegrity;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The library's search index of a trace whose tail {@link TailReplacement} rewrote (a session imported again once it has
 * grown): a trace the index held before is held afterwards too, with exactly the terms and trigram filters a count of
 * the whole stored trace gives, without being counted again; one it did not hold, or whose index does not add up with
 * the replaced chunks, is left to the next index pass, which counts it whole.
 */
@ParameterizedClass(name = "{0}")
@ExtendWith(SharedPostgres.class)
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
class GrowingTraceSearchIndexTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final String TRACE_ID = "claude-code:grown";
    /** Later than this, a tool call's result: results of the kept chunks' calls fall in the replaced ones. */
    private static final int RESULT_AFTER = 1_100;

    @Parameter
    StoreBackend backend;

    @TempDir
    Path dir;

    private TraceStore store;

    @BeforeEach
    void openStore() throws StoreException {
        backend.assumeAvailable();
        store = backend.open(dir, "db/forkline", Clock.fixed(T0, ZoneOffset.UTC));
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void anIndexedTraceWhoseTailIsReplacedStaysIndexedAsACountOfTheWholeTraceWouldIndexIt() throws Exception {
        storeTheFirstFormIndexed();

        for (Bundle grown : List.of(session(4_500, "second"), session(4_501, "third"), session(7_000, "fourth"))) {
            StoreResult result = store.replaceTrace(grown, List.of(), "/s.jsonl", TraceIntegrity.unverified());

            assertThat(result.newEvents()).as("only the tail written again").isLessThan(grown.events().size() - PreparedChunks.MAX_EVENTS);
            assertThat(store.updateSearchIndex(TRACE_ID)).as("indexed already: nothing left to count").isFalse();
            assertIndexedAsAWholeCount();
        }
        assertThat(store.searchLibrary("pending_first").hits()).as("a word of the replaced tail only").isEmpty();
        assertThat(store.searchLibrary("pending_fourth").hits()).singleElement()
                .satisfies(hit -> assertThat(hit.events()).isEqualTo(1));
        assertThat(store.searchLibrary("tool_5").hits()).singleElement()
                .satisfies(hit -> assertThat(hit.events()).isEqualTo(countOfTool(session(7_000, "fourth"), "tool_5")));
        // a result in a new chunk answering a call of a kept one is found by the call's tool name (its borrowed name)
        assertThat(store.search(TRACE_ID, "tool_3", EventType.TOOL_RESULT.wireName(), null, false))
                .hasSize((int) countOfToolResults(session(7_000, "fourth"), "tool_3"));
    }

    @Test
    void aTraceNotIndexedBeforeItsTailIsReplacedIsCountedWholeByTheNextPass() throws Exception {
        store.replaceTrace(session(3_000, "first"), List.of(), "/s.jsonl", TraceIntegrity.unverified());

        store.replaceTrace(session(4_500, "second"), List.of(), "/s.jsonl", TraceIntegrity.unverified());

        assertThat(indexRows()).isEmpty();
        assertCountedWholeByTheNextPass();
    }

    @Test
    void anIndexThatDoesNotAddUpWithTheReplacedChunksIsCountedWholeByTheNextPass() throws Exception {
        storeTheFirstFormIndexed();
        try (Connection connection = backend.connect(dir, "db/forkline"); Statement sql = connection.createStatement()) {
            sql.executeUpdate("DELETE FROM search_terms WHERE term = 'pending_first'");
        }

        store.replaceTrace(session(4_500, "second"), List.of(), "/s.jsonl", TraceIntegrity.unverified());

        assertThat(indexRows()).as("the trace's terms removed, not taken back below zero").isEmpty();
        assertCountedWholeByTheNextPass();
    }

    @Test
    void aTraceWhoseReplacedChunkIsDamagedIsStillReplacedAndCountedWholeByTheNextPass() throws Exception {
        storeTheFirstFormIndexed();
        try (Connection connection = backend.connect(dir, "db/forkline"); Statement sql = connection.createStatement()) {
            // the last chunk (seq 2049..3001), which the grown form replaces, gets other bytes of the same length
            sql.executeUpdate("UPDATE event_chunks SET lines = " + backend.binary("REPEAT('x', OCTET_LENGTH(lines))")
                    + " WHERE first_seq = 2049");
        }

        Bundle grown = session(4_500, "second");
        assertThat(store.replaceTrace(grown, List.of(), "/s.jsonl", TraceIntegrity.unverified()).newEvents())
                .as("the damaged chunk replaced, the others kept").isEqualTo(grown.events().size() - 2_048);

        assertCountedWholeByTheNextPass();
    }

    @Test
    void anIndexWhoseFiltersNameAChunkOfTheNewTailIsCountedWholeByTheNextPass() throws Exception {
        storeTheFirstFormIndexed();
        try (Connection connection = backend.connect(dir, "db/forkline");
             PreparedStatement alter = connection.prepareStatement("UPDATE search_indexed SET chunk_trigrams = ? WHERE trace_id = ?")) {
            // the second chunk's filter says it is of the chunk from seq 3073, which the grown form writes
            List<ChunkTrigrams.Chunk> chunks = new ArrayList<>(SearchIndexRows.chunkTrigrams(connection, TRACE_ID).orElseThrow().chunks());
            ChunkTrigrams.Chunk second = chunks.get(1);
            chunks.set(1, new ChunkTrigrams.Chunk(second.runId(), 3_073, second.eventCount(), second.filter(), second.borrowed()));
            alter.setBytes(1, new ChunkTrigrams(chunks).encode());
            alter.setString(2, TRACE_ID);
            assertThat(alter.executeUpdate()).isEqualTo(1);
        }

        assertThat(store.replaceTrace(session(4_500, "second"), List.of(), "/s.jsonl", TraceIntegrity.unverified()).status())
                .isEqualTo(StoreResult.Status.UPDATED);

        assertThat(indexRows()).as("the trace's terms removed").isEmpty();
        assertCountedWholeByTheNextPass();
    }

    /** The session's first form (3,000 steps: its last chunk from seq 2049) stored and indexed for search. */
    private void storeTheFirstFormIndexed() throws Exception {
        store.replaceTrace(session(3_000, "first"), List.of(), "/s.jsonl", TraceIntegrity.unverified());
        assertThat(store.updateSearchIndex(TRACE_ID)).isTrue();
    }

    /** The next index pass finds the trace not indexed as stored, and counts it whole. */
    private void assertCountedWholeByTheNextPass() throws Exception {
        assertThat(store.updateSearchIndex(TRACE_ID)).isTrue();
        assertIndexedAsAWholeCount();
    }

    /** The index's rows of the trace are those of {@link TraceTerms#count}, and for the trace as it is stored now. */
    private void assertIndexedAsAWholeCount() throws Exception {
        try (Connection connection = backend.connect(dir, "db/forkline")) {
            TraceTerms.Counted whole = TraceTerms.count(connection, TRACE_ID).orElseThrow();
            assertThat(indexRows()).as("the terms").isEqualTo(whole.events());
            assertThat(SearchIndexRows.isCurrent(connection, TRACE_ID)).isTrue();
            assertThat(SearchIndexRows.chunkTrigrams(connection, TRACE_ID).orElseThrow().encode()).as("the trigram filters")
                    .isEqualTo(whole.trigrams().encode());
        }
    }

    private Map<String, Long> indexRows() throws Exception {
        Map<String, Long> rows = new HashMap<>();
        try (Connection connection = backend.connect(dir, "db/forkline");
             PreparedStatement query = connection.prepareStatement("SELECT term, events FROM search_terms WHERE trace_id = ?")) {
            query.setString(1, TRACE_ID);
            try (ResultSet result = query.executeQuery()) {
                while (result.next()) {
                    rows.put(result.getString(1), result.getLong(2));
                }
            }
        }
        return rows;
    }

    /**
     * A session as its transcript gives it after {@code steps} steps: every seventh a tool call (thirteen tools in turn),
     * its result {@value #RESULT_AFTER} steps later, the others notes; the last note says what was pending when the file
     * was read ({@code form}), so the last chunk of each form differs from the next form's.
     */
    private static Bundle session(int steps, String form) {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(T0).data(Json.object().put("title", "grown"))));
        for (int i = 0; i < steps; i++) {
            Instant at = T0.plusMillis(i + 1);
            NewEvent event;
            if (i % 7 == 0) {
                event = NewEvent.of("r1", "agent", EventType.TOOL_CALL).id("call-" + i)
                        .data(Json.object().put("tool", "tool_" + (i / 7 % 13)).put("callId", "c" + i).put("input", "step " + i));
            } else if (i % 7 == 1 && i > RESULT_AFTER) {
                int call = i - 1 - RESULT_AFTER / 7 * 7;
                event = NewEvent.of("r1", "tool", EventType.TOOL_RESULT).id("result-" + call).causes(List.of("call-" + call))
                        .data(Json.object().put("callId", "c" + call).put("stdout", "output of step " + call + " word" + (call % 31)));
            } else {
                String text = i == steps - 1 ? "pending_" + form : "thinking about w" + (i % 97) + " and w" + (i % 89);
                event = NewEvent.of("r1", "agent", EventType.NOTE).id("note-" + i).data(Json.object().put("text", text));
            }
            events.add(chain.append(event.at(at)));
        }
        return new Bundle("memory", new Manifest(1, TRACE_ID, "grown session", T0, "forkline-import/claude-code", "claude-code"),
                events, new int[events.size()], new MemoryBlobStore());
    }

    private static long countOfTool(Bundle bundle, String tool) {
        return bundle.events().stream().filter(e -> e.is(EventType.TOOL_CALL) && tool.equals(e.text("tool"))).count()
                + countOfToolResults(bundle, tool);
    }

    private static long countOfToolResults(Bundle bundle, String tool) {
        List<String> calls = bundle.events().stream().filter(e -> e.is(EventType.TOOL_CALL) && tool.equals(e.text("tool")))
                .map(Event::id).toList();
        return bundle.events().stream().filter(e -> e.is(EventType.TOOL_RESULT) && calls.contains(e.causes().getFirst())).count();
    }
}
