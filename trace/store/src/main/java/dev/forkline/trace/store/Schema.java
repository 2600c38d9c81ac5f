package dev.forkline.trace.store;

import java.util.Map;
import java.util.Set;

/**
 * The tables and columns Forkline's migrations create (as H2 names them), so that a database file holding anything
 * else can be refused. Every migration that adds a table or a column must add it here too; one that drops a table
 * moves it to {@link #MIGRATED_AWAY}.
 */
final class Schema {

    static final String HISTORY_TABLE = "flyway_schema_history";

    /** The tables of the current schema. */
    static final Map<String, Set<String>> TABLES = Map.ofEntries(
            Map.entry("TRACES", Set.of("TRACE_ID", "TITLE", "SOURCE_FORMAT", "PRODUCER", "CREATED", "IMPORTED_AT", "SOURCE_PATH",
                    "EVENT_COUNT", "RUN_COUNT", "OUTCOME", "CONTENT_DIGEST", "INTEGRITY", "INTEGRITY_EVENT", "INTEGRITY_LINE",
                    "INTEGRITY_PROBLEMS", "INTEGRITY_CODE", "INTEGRITY_DETAIL", "QUEUE_EVENTS")),
            Map.entry("RUNS", Set.of("TRACE_ID", "RUN_ID", "ORDINAL", "PARENT_RUN", "FORK_CHECKPOINT", "FORK_EVENT", "REASON",
                    "EVENT_COUNT", "OUTCOME", "IMPORTED")),
            Map.entry("EVENT_CHUNKS", Set.of("TRACE_ID", "RUN_ID", "FIRST_SEQ", "LAST_SEQ", "EVENT_COUNT", "HEADER", "LINES")),
            Map.entry("BLOB_PACKS", Set.of("PACK_ID", "ENTRIES", "CONTENT")),
            Map.entry("TRACE_BLOB_REFS", Set.of("TRACE_ID", "ORDINAL", "HASHES")),
            Map.entry("FINDINGS", Set.of("TRACE_ID", "ORDINAL", "SEVERITY", "CODE", "MESSAGE", "EVENT_ID", "LINE")),
            Map.entry("INTEGRITY_PROBLEMS", Set.of("TRACE_ID", "ORDINAL", "CODE", "EVENT_ID", "LINE", "MESSAGE")),
            Map.entry("TRACE_DELETIONS", Set.of("TRACE_ID", "DELETED_AT", "DELETED_BY", "REASON", "LAST_HASH", "EVENT_COUNT",
                    "CONTENT_DIGEST", "LAST_PACK_ID")),
            Map.entry("LEGAL_HOLDS", Set.of("TRACE_ID", "HELD_AT", "HELD_BY", "REASON")),
            Map.entry("TRUSTED_OWNER_KEYS", Set.of("OWNER", "FINGERPRINT", "PUBLIC_KEY", "ADDED_BY", "ADDED_AT")),
            Map.entry("DECISION_RECORDS", Set.of("TRACE_ID", "EVENT_ID", "SUBJECT", "OWNER", "RECORDED_BY", "RECORDED_AT")),
            Map.entry("SEARCH_TERMS", Set.of("TRACE_ID", "TERM", "EVENTS")),
            Map.entry("SEARCH_INDEXED", Set.of("TRACE_ID", "EVENT_COUNT", "CONTENT_DIGEST", "CHUNK_TRIGRAMS")),
            Map.entry(HISTORY_TABLE, Set.of("installed_rank", "version", "description", "type", "script", "checksum",
                    "installed_by", "installed_on", "execution_time", "success")));

    /**
     * Tables of earlier schema versions that a later migration converts and drops: accepted in a file that is yet to
     * be migrated, refused once migrations have run ({@link UntrustedDatabaseCheck#afterMigration}).
     */
    static final Map<String, Set<String>> MIGRATED_AWAY = Map.of(
            "EVENTS", Set.of("TRACE_ID", "RUN_ID", "SEQ", "EVENT_ID", "TS", "ACTOR", "TYPE", "TOOL_NAME", "IS_ERROR",
                    "EVENT_HASH", "SEARCH_TEXT", "JSON"),
            "BLOBS", Set.of("HASH", "SIZE", "CONTENT"),
            "TRACE_BLOBS", Set.of("TRACE_ID", "HASH"));

    /** The only column default in the whole schema: Flyway's own. */
    static final Map<String, String> ALLOWED_DEFAULTS = Map.of(HISTORY_TABLE + ".installed_on", "CURRENT_TIMESTAMP");

    private Schema() {
    }

    static boolean isKnownTable(String name) {
        return TABLES.containsKey(name) || MIGRATED_AWAY.containsKey(name);
    }

    /** The columns of a known table, or null. */
    static Set<String> columnsOf(String table) {
        Set<String> columns = TABLES.get(table);
        return columns != null ? columns : MIGRATED_AWAY.get(table);
    }
}
