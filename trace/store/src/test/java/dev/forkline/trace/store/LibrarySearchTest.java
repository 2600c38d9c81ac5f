package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link TraceStore#searchLibrary}: traces found by their events' words, from the search index for the traces it holds
 * as they are now and by reading the others, with the same answer either way; {@link TraceStore#updateSearchIndex()}
 * bringing the index up to date after imports, appends and deletions; and the V8 migration on a store of schema 7.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
@ExtendWith(SharedPostgres.class)
class LibrarySearchTest {

    @Parameter
    StoreBackend backend;

    @TempDir
    Path dir;

    private SampleTraces plain;
    private SampleTraces deploying;

    @BeforeEach
    void twoTraces() {
        backend.assumeAvailable();
        plain = SampleTraces.standard("t-plain");
        deploying = SampleTraces.standard("t-deploy");
        ObjectNode call = Json.object();
        call.put("callId", "c9").put("tool", "kubectl").put("effect", "process");
        call.putObject("arguments").put("command", "kubectl rollout status deploy/api");
        deploying.add(NewEvent.of("r2", "agent:coder", EventType.TOOL_CALL).touches(StateKind.PROCESS).data(call));
    }

    @Test
    void indexedTracesAreFoundByTheirWordsWithHowManyEventsHoldThem() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(plain.bundle(), List.of(), null);
            store.importTrace(deploying.bundle(), List.of(), null);

            assertThat(store.updateSearchIndex()).isEqualTo(2);
            assertThat(store.updateSearchIndex()).isZero();

            LibrarySearchResult bash = store.searchLibrary("bash");
            assertThat(bash.mode()).isEqualTo(LibrarySearchResult.Mode.WORDS);
            assertThat(bash.hits()).containsExactly(new LibrarySearchResult.Hit("t-deploy", 2, true),
                    new LibrarySearchResult.Hit("t-plain", 2, true));
            assertThat(bash.indexedTraces()).isEqualTo(2);
            assertThat(bash.scannedTraces()).isZero();
            assertThat(store.searchLibrary("KUBE").hits()).containsExactly(new LibrarySearchResult.Hit("t-deploy", 1, true));
            assertThat(store.searchLibrary("rollout  deploy").hits()).containsExactly(new LibrarySearchResult.Hit("t-deploy", 1, false));
            assertThat(store.searchLibrary("helm").hits()).isEmpty();
        }
    }

    @Test
    void aTraceNotIndexedYetIsReadAndCountedExactly() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(plain.bundle(), List.of(), null);

            LibrarySearchResult scanned = store.searchLibrary("test");
            assertThat(scanned.scannedTraces()).isEqualTo(1);
            assertThat(scanned.indexedTraces()).isZero();
            // "tests" (the model's answer and the call) and "test_parser", "test_unicode" (the call's result): three events
            assertThat(scanned.hits()).containsExactly(new LibrarySearchResult.Hit("t-plain", 3, true));

            store.updateSearchIndex();
            // the index knows how many events hold each of the three terms starting with "test" (2, 1, 1), not which: at most 4
            assertThat(store.searchLibrary("test").hits()).containsExactly(new LibrarySearchResult.Hit("t-plain", 4, false));
            assertThat(store.searchLibrary("pytest").hits()).containsExactly(new LibrarySearchResult.Hit("t-plain", 1, true));
        }
    }

    @Test
    void theIndexAndTheScanAgreeOnWhichTracesHoldTheWords() throws Exception {
        List<String> queries = List.of("bash", "kubectl", "timed reviewer", "parser", "py", "wrote 11", "nothing-like-this");
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(plain.bundle(), List.of(), null);
            store.importTrace(deploying.bundle(), List.of(), null);
            List<List<String>> scanned = found(store, queries);
            store.updateSearchIndex();
            assertThat(found(store, queries)).isEqualTo(scanned);
            assertThat(scanned.get(0)).containsExactly("t-deploy", "t-plain");
            assertThat(scanned.get(1)).containsExactly("t-deploy");
            assertThat(scanned.get(6)).isEmpty();
        }
    }

    @Test
    void aTraceThatGrewIsReadUntilItIsIndexedAgain() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(plain.bundle(), List.of(), null);
            store.updateSearchIndex();
            ObjectNode call = Json.object();
            call.put("callId", "c9").put("tool", "kubectl").put("effect", "process");
            Event appended = plain.add(NewEvent.of("r2", "agent:coder", EventType.TOOL_CALL).data(call));
            store.appendEvents("t-plain", List.of(appended), Map.of());

            LibrarySearchResult grown = store.searchLibrary("kubectl");
            assertThat(grown.hits()).containsExactly(new LibrarySearchResult.Hit("t-plain", 1, true));
            assertThat(grown.scannedTraces()).isEqualTo(1);

            assertThat(store.updateSearchIndex("t-plain")).isTrue();
            assertThat(store.updateSearchIndex("t-plain")).isFalse();
            LibrarySearchResult indexed = store.searchLibrary("kubectl");
            assertThat(indexed.hits()).containsExactly(new LibrarySearchResult.Hit("t-plain", 1, true));
            assertThat(indexed.scannedTraces()).isZero();
        }
    }

    @Test
    void deletingATraceDropsItsTerms() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(plain.bundle(), List.of(), null);
            store.importTrace(deploying.bundle(), List.of(), null);
            store.updateSearchIndex();
            store.delete("t-deploy", "ann", "not needed");

            assertThat(store.searchLibrary("bash").hits()).extracting(LibrarySearchResult.Hit::traceId).containsExactly("t-plain");
            assertThat(store.searchLibrary("kubectl").hits()).isEmpty();
        }
        assertThat(rowsOf("t-deploy")).isZero();
        assertThat(rowsOf("t-plain")).isPositive();
    }

    @Test
    void aTextWithoutAWordTheIndexKeepsIsLookedForInEveryTrace() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(plain.bundle(), List.of(), null);
            store.importTrace(deploying.bundle(), List.of(), null);
            store.updateSearchIndex();

            LibrarySearchResult punctuation = store.searchLibrary("py::");
            assertThat(punctuation.mode()).isEqualTo(LibrarySearchResult.Mode.WORDS);
            LibrarySearchResult text = store.searchLibrary("::");
            assertThat(text.mode()).isEqualTo(LibrarySearchResult.Mode.TEXT);
            assertThat(text.scannedTraces()).isEqualTo(2);
            assertThat(text.hits()).containsExactly(new LibrarySearchResult.Hit("t-deploy", 1, true),
                    new LibrarySearchResult.Hit("t-plain", 1, true));
            assertThat(store.searchLibrary("1111111111111111").mode()).isEqualTo(LibrarySearchResult.Mode.TEXT);
            assertThat(LibrarySearchResult.Mode.of("py::")).isEqualTo(LibrarySearchResult.Mode.WORDS);
            assertThat(LibrarySearchResult.Mode.of(" :: ")).isEqualTo(LibrarySearchResult.Mode.TEXT);
            assertThatThrownBy(() -> store.searchLibrary("  ")).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aStoreOfTheSchemaBeforeTheIndexIsMigratedAndItsTracesAreFound() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(plain.bundle(), List.of(), null);
        }
        // versions 8 and 9 (the search index) go, and 10, which came after
        backend.execute(dir, "db", "DROP TABLE search_terms", "DROP TABLE search_indexed", "ALTER TABLE runs DROP COLUMN imported",
                "DELETE FROM \"flyway_schema_history\" WHERE \"version\" IN ('8', '9', '10')");

        try (TraceStore store = backend.open(dir, "db")) {
            assertThat(store.describe()).endsWith("(schema " + Migrations.VERSIONS.getLast() + ")");
            assertThat(store.searchLibrary("bash").hits()).containsExactly(new LibrarySearchResult.Hit("t-plain", 2, true));
            assertThat(store.updateSearchIndex()).isEqualTo(1);
            assertThat(store.searchLibrary("bash").indexedTraces()).isEqualTo(1);
        }
    }

    private static List<List<String>> found(TraceStore store, List<String> queries) throws StoreException {
        List<List<String>> found = new java.util.ArrayList<>();
        for (String query : queries) {
            found.add(store.searchLibrary(query).hits().stream().map(LibrarySearchResult.Hit::traceId).toList());
        }
        return found;
    }

    private long rowsOf(String traceId) throws Exception {
        try (Connection connection = backend.connect(dir, "db");
             PreparedStatement query = connection.prepareStatement("SELECT (SELECT COUNT(*) FROM search_terms WHERE trace_id = ?)"
                     + " + (SELECT COUNT(*) FROM search_indexed WHERE trace_id = ?)")) {
            query.setString(1, traceId);
            query.setString(2, traceId);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }
}
