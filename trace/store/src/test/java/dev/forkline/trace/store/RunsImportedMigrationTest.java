package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.payload.SessionStartData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Schema version 10 marks the runs stored before it: whether each one's first event is marked imported, read once
 * from its first stored line, so that their traces too open without a chunk read per run.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
@ExtendWith(SharedPostgres.class)
class RunsImportedMigrationTest {

    @Parameter
    StoreBackend backend;

    @TempDir
    Path dir;

    @BeforeEach
    void available() {
        backend.assumeAvailable();
    }

    /** A recorded root run r1, its fork r2, and an imported root run r3. */
    private static SampleTraces withAnImportedRun(String traceId) {
        SampleTraces trace = SampleTraces.standard(traceId);
        ObjectNode start = Json.object();
        start.putObject(SessionStartData.IMPORTED).put(SessionStartData.IMPORTED_FORMAT, "claude-code");
        trace.add(NewEvent.of("r3", "harness", EventType.SESSION_START).data(start));
        trace.add(NewEvent.of("r3", "harness", EventType.SESSION_END).data(Json.object().put("outcome", "success")));
        return trace;
    }

    /** Back to schema 9: the column and the version's record go. */
    private void beforeVersionTen() throws Exception {
        backend.execute(dir, "db", "ALTER TABLE runs DROP COLUMN imported",
                "DELETE FROM \"flyway_schema_history\" WHERE \"version\" = '" + RunsImportedMigration.VERSION + "'");
    }

    @Test
    void theRunsStoredBeforeAreMarkedFromTheirFirstLine() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(withAnImportedRun("t-marked").bundle(), List.of(), null);
        }
        beforeVersionTen();

        try (TraceStore store = backend.open(dir, "db")) {
            assertThat(store.describe()).endsWith("(schema " + RunsImportedMigration.VERSION + ")");
            assertThat(store.runs("t-marked")).extracting(RunSummary::runId, RunSummary::imported)
                    .containsExactly(tuple("r1", false), tuple("r2", false), tuple("r3", true));
        }
    }

    @Test
    void aRunWhoseFirstLineDoesNotReadStaysUnknownAndTheStoreStillOpens() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(withAnImportedRun("t-damaged").bundle(), List.of(), null);
        }
        beforeVersionTen();
        try (Connection connection = backend.connect(dir, "db");
             PreparedStatement damage = connection.prepareStatement("UPDATE event_chunks SET lines = ? WHERE run_id = 'r3'")) {
            damage.setBytes(1, "{\"id\":\n".getBytes(StandardCharsets.UTF_8));
            assertThat(damage.executeUpdate()).isEqualTo(1);
        }

        try (TraceStore store = backend.open(dir, "db")) {
            assertThat(store.runs("t-damaged")).extracting(RunSummary::runId, RunSummary::imported)
                    .containsExactly(tuple("r1", false), tuple("r2", false), tuple("r3", null));
            try (Bundle loaded = store.load("t-damaged")) {
                assertThat(loaded.events()).hasSize(14);
            }
        }
    }
}
