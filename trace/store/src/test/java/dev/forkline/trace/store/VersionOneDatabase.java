package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.flywaydb.core.Flyway;

/**
 * A database of schema version 1 (a row per event), written the way the row-per-event store wrote it: the V1 SQL
 * migration alone, then rows of {@code traces}, {@code runs}, {@code events} (canonical JSON, search text, tool name,
 * error flag, the hash it is keyed by), {@code blobs}, {@code trace_blobs} and {@code findings}.
 */
final class VersionOneDatabase {

    private final Path base;

    private VersionOneDatabase(Path base) {
        this.base = base;
    }

    /** Creates the file with schema version 1 at {@code base} (H2 adds {@code .mv.db}). */
    static VersionOneDatabase create(Path base) throws Exception {
        H2Hardening.apply();
        Flyway.configure(VersionOneDatabase.class.getClassLoader())
                .dataSource("jdbc:h2:file:" + base, TraceStore.USER, "")
                .locations(Migrations.locations(Dialect.H2))
                .failOnMissingLocations(false)
                .table(Schema.HISTORY_TABLE)
                .target("1")
                .load()
                .migrate();
        return new VersionOneDatabase(base);
    }

    Connection connect() throws Exception {
        return DriverManager.getConnection("jdbc:h2:file:" + base, TraceStore.USER, "");
    }

    /** The traces row as the version 1 store inserted it (before later schemas added columns). */
    private static void insertTrace(Connection connection, dev.forkline.trace.bundle.Manifest manifest, String sourcePath,
                                    Instant importedAt) throws Exception {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO traces (trace_id, title, source_format, producer,"
                + " created, imported_at, source_path, event_count, run_count, outcome, content_digest)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?)")) {
            insert.setString(1, manifest.traceId());
            insert.setString(2, manifest.title() == null ? manifest.traceId() : manifest.title());
            insert.setString(3, manifest.sourceFormat());
            insert.setString(4, manifest.producer());
            insert.setObject(5, TraceRows.utc(manifest.created()));
            insert.setObject(6, TraceRows.utc(importedAt));
            insert.setString(7, sourcePath);
            insert.setString(8, RunTally.UNKNOWN_OUTCOME);
            insert.setString(9, new ContentDigest().toString());
            insert.executeUpdate();
        }
    }

    /** Stores a bundle as the version 1 store's import of a new trace did. */
    void store(Bundle bundle, List<Finding> findings, String sourcePath, Instant importedAt) throws Exception {
        String traceId = bundle.manifest().traceId();
        List<Event> events = bundle.events();
        EventColumns columns = bundle.columns();
        try (Connection connection = connect()) {
            connection.setAutoCommit(false);
            insertTrace(connection, bundle.manifest(), sourcePath, importedAt);
            RunTally runs = new RunTally();
            ContentDigest digest = new ContentDigest();
            Set<String> named = new LinkedHashSet<>();
            Map<String, String> toolByEventId = new HashMap<>();
            Map<String, String> toolByCallId = new HashMap<>();
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO events (trace_id, run_id, seq, event_id,"
                    + " ts, actor, type, tool_name, is_error, event_hash, search_text, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (int i = 0; i < events.size(); i++) {
                    Event event = events.get(i);
                    String line = EventCodec.toLine(event);
                    String hash = event.hash() != null ? event.hash() : Hashes.sha256(line.getBytes(StandardCharsets.UTF_8));
                    String tool = toolName(event, toolByEventId, toolByCallId);
                    insert.setString(1, traceId);
                    insert.setString(2, event.run());
                    insert.setLong(3, event.seq());
                    insert.setString(4, event.id());
                    insert.setObject(5, OffsetDateTime.ofInstant(event.ts(), ZoneOffset.UTC));
                    insert.setString(6, event.actor());
                    insert.setString(7, event.type());
                    insert.setString(8, tool);
                    insert.setBoolean(9, EventFacts.isError(event));
                    insert.setString(10, hash);
                    insert.setString(11, TreeSearchText.of(tool, event.data()));
                    insert.setString(12, line);
                    insert.executeUpdate();
                    digest.add(hash);
                    runs.count(columns, i, events::get);
                    named.addAll(columns.blobNames(i));
                }
            }
            try (PreparedStatement blob = connection.prepareStatement("INSERT INTO blobs (hash, size, content) VALUES (?, ?, ?)");
                 PreparedStatement link = connection.prepareStatement("INSERT INTO trace_blobs (trace_id, hash) VALUES (?, ?)")) {
                for (String hash : named) {
                    if (bundle.blobs().contains(hash)) {
                        byte[] content = bundle.blobs().read(hash).orElseThrow();
                        blob.setString(1, hash);
                        blob.setLong(2, content.length);
                        blob.setBytes(3, content);
                        blob.executeUpdate();
                        link.setString(1, traceId);
                        link.setString(2, hash);
                        link.executeUpdate();
                    }
                }
            }
            insertRuns(connection, traceId, runs);
            TraceRows.updateCounts(connection, traceId, events.size(), runs.size(), runs.traceOutcome(), digest);
            FindingRows.replace(connection, traceId, findings);
            connection.commit();
        }
    }

    /** The runs rows as the version 1 store inserted them (before version 10 added {@code imported}). */
    private static void insertRuns(Connection connection, String traceId, RunTally runs) throws Exception {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO runs (trace_id, run_id, ordinal, parent_run,"
                + " fork_checkpoint, fork_event, reason, event_count, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (RunTally.Run run : runs.runs()) {
                insert.setString(1, traceId);
                insert.setString(2, run.runId);
                insert.setInt(3, run.ordinal);
                insert.setString(4, run.parentRun);
                insert.setString(5, run.forkCheckpoint);
                insert.setString(6, run.forkEvent);
                insert.setString(7, run.reason);
                insert.setLong(8, run.eventCount);
                insert.setString(9, run.outcome);
                insert.executeUpdate();
            }
        }
    }

    /** The row-per-event store's tool_name: a call's tool; a result's, that of the call it answers, seen earlier. */
    private static String toolName(Event event, Map<String, String> toolByEventId, Map<String, String> toolByCallId) {
        if (event.is(EventType.TOOL_CALL)) {
            String tool = event.text("tool");
            if (tool != null) {
                toolByEventId.put(event.id(), tool);
                if (event.text("callId") != null) {
                    toolByCallId.put(event.text("callId"), tool);
                }
            }
            return tool;
        }
        if (!event.is(EventType.TOOL_RESULT)) {
            return null;
        }
        return event.causes().stream().map(toolByEventId::get).filter(tool -> tool != null).findFirst()
                .orElse(event.text("callId") == null ? null : toolByCallId.get(event.text("callId")));
    }
}
