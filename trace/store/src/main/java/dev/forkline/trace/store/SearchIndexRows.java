package dev.forkline.trace.store;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The library's search index (schema version 8): {@code search_terms} holds, per trace and term, how many of its events
 * hold the term; {@code search_indexed} the event count and content digest of the trace those terms were counted
 * from, and (schema version 9) the trigram filters of its chunks ({@link ChunkTrigrams}), which the trace's own event
 * search uses. A trace's terms count only while its row in {@code traces} still has that count and digest: a trace that grew
 * or was replaced since is not indexed until it is counted again, and the library search reads it instead.
 */
final class SearchIndexRows {

    private static final Logger LOG = LoggerFactory.getLogger(SearchIndexRows.class);

    /** How the terms starting with one word are spread over one indexed trace. */
    record WordHits(long events, int terms) {
    }

    /** The indexed traces as they are now, each joined to its terms starting with the word: one seek into its key range. */
    private static final String CURRENT_TERMS = " FROM search_indexed s"
            + " JOIN traces t ON t.trace_id = s.trace_id AND t.event_count = s.event_count AND t.content_digest = s.content_digest"
            + " JOIN search_terms x ON x.trace_id = s.trace_id AND x.term LIKE ? ESCAPE '\\'";

    private SearchIndexRows() {
    }

    /** The stored traces whose terms are missing or were counted from other events than they hold now, by id. */
    static List<String> unindexed(Connection connection) throws SQLException {
        List<String> traces = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT t.trace_id FROM traces t LEFT JOIN search_indexed s"
                + " ON s.trace_id = t.trace_id AND s.event_count = t.event_count AND s.content_digest = t.content_digest"
                + " WHERE s.trace_id IS NULL ORDER BY t.trace_id");
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                traces.add(rows.getString(1));
            }
        }
        return traces;
    }

    /** Whether the trace's terms were counted from the events it holds now. */
    static boolean isCurrent(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM search_indexed s JOIN traces t"
                + " ON t.trace_id = s.trace_id AND t.event_count = s.event_count AND t.content_digest = s.content_digest"
                + " WHERE s.trace_id = ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        }
    }

    /** How many traces are indexed as they are stored now. */
    static int indexedCount(Connection connection) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT COUNT(*) FROM search_indexed s"
                + " JOIN traces t ON t.trace_id = s.trace_id AND t.event_count = s.event_count AND t.content_digest = s.content_digest");
             ResultSet rows = query.executeQuery()) {
            rows.next();
            return rows.getInt(1);
        }
    }

    /** Per currently indexed trace holding a term that starts with {@code word}: those terms' event counts. */
    static Map<String, WordHits> hits(Connection connection, String word) throws SQLException {
        Map<String, WordHits> hits = new HashMap<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT x.trace_id, SUM(x.events), COUNT(*)" + CURRENT_TERMS
                + " GROUP BY x.trace_id")) {
            query.setString(1, prefixPattern(word));
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    hits.put(rows.getString(1), new WordHits(rows.getLong(2), rows.getInt(3)));
                }
            }
        }
        return hits;
    }

    /**
     * Replaces the trace's terms with {@code counted}, unless the trace changed since they were counted (or was
     * deleted): then nothing is written. Runs in the writer's transaction.
     *
     * @return whether the terms were written
     */
    static boolean replace(Connection connection, TraceTerms.Counted counted) throws SQLException {
        String traceId = counted.traceId();
        var now = TraceRows.stored(connection, traceId);
        if (now.isEmpty() || now.get().eventCount() != counted.eventCount()
                || !now.get().contentDigest().equals(counted.contentDigest())) {
            return false;
        }
        delete(connection, traceId);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO search_terms (term, trace_id, events) VALUES (?, ?, ?)")) {
            int batched = 0;
            // in key order: the rows go to neighbouring places of the (trace_id, term) key
            for (Map.Entry<String, Long> term : new java.util.TreeMap<>(counted.events()).entrySet()) {
                insert.setString(1, term.getKey());
                insert.setString(2, traceId);
                insert.setLong(3, term.getValue());
                insert.addBatch();
                if (++batched % 1000 == 0) {
                    insert.executeBatch();
                }
            }
            insert.executeBatch();
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO search_indexed (trace_id, event_count, content_digest,"
                + " chunk_trigrams) VALUES (?, ?, ?, ?)")) {
            insert.setString(1, traceId);
            insert.setLong(2, counted.eventCount());
            insert.setString(3, counted.contentDigest());
            ByteParameters.set(insert, 4, counted.trigrams().encode());
            insert.executeUpdate();
        }
        return true;
    }

    /**
     * The trigram filters of the trace's chunks, when the index holds the trace as it is now; empty otherwise, and
     * when the stored filters do not read as filters (a damaged or altered index only costs the search its shortcut).
     */
    static Optional<ChunkTrigrams> chunkTrigrams(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT s.chunk_trigrams, OCTET_LENGTH(s.chunk_trigrams) FROM search_indexed s JOIN traces t"
                + " ON t.trace_id = s.trace_id AND t.event_count = s.event_count AND t.content_digest = s.content_digest"
                + " WHERE s.trace_id = ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    return Optional.empty();
                }
                byte[] stored = new byte[Math.toIntExact(rows.getLong(2))];
                try (InputStream in = rows.getBinaryStream(1)) {
                    if (in == null) {
                        return Optional.empty();
                    }
                    // read into an array of the known length: tens of megabytes for a large trace, copied several
                    // times over by readAllBytes
                    if (in.readNBytes(stored, 0, stored.length) != stored.length || in.read() >= 0) {
                        throw new IOException("the stored filters are not " + stored.length + " bytes long");
                    }
                }
                return Optional.of(ChunkTrigrams.decode(stored));
            }
        } catch (IOException e) {
            throw new SQLException("cannot read the trigram filters of trace '" + traceId + "': " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            LOG.warn("The search index's trigram filters of trace '{}' are damaged ({}); its events are searched without them",
                    traceId, e.getMessage());
            return Optional.empty();
        }
    }

    /** Removes the trace's terms (as deleting the trace does, {@link TraceRemoval}). */
    static void delete(Connection connection, String traceId) throws SQLException {
        for (String table : List.of("search_terms", "search_indexed")) {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + table + " WHERE trace_id = ?")) {
                delete.setString(1, traceId);
                delete.executeUpdate();
            }
        }
    }

    /** A LIKE pattern for terms starting with {@code word} ({@code _} is a word character, and LIKE's wildcard). */
    private static String prefixPattern(String word) {
        return SearchText.likeLiteral(word) + "%";
    }
}
