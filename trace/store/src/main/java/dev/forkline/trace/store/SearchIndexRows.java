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
        // in key order: the rows go to neighbouring places of the (trace_id, term) key
        insertTerms(connection, traceId, new java.util.TreeMap<>(counted.events()).entrySet());
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
     * Brings the terms of a trace whose chunks from some event on were replaced ({@link TailReplacement}) up to date
     * without counting the kept chunks again: takes back {@code removed} (the replaced chunks' terms, counted before
     * they went, from the trace as the index held it) and adds {@code added} (the new chunks' terms, counted after),
     * keeps the kept chunks' trigram filters and adds the new ones. When the index did not hold the trace as
     * {@code removed} was counted from, or does not add up with it (a term taken back that it lacks, filters of other
     * chunks, or of a chunk of the new tail), the trace's terms are removed instead, and the next
     * {@link TraceStore#updateSearchIndex} counts it whole.
     * Runs in the writer's transaction.
     *
     * @return whether the terms were brought up to date
     */
    static boolean replaceTail(Connection connection, TraceTerms.Counted removed, TraceTerms.Counted added) throws SQLException {
        String traceId = added.traceId();
        Optional<ChunkTrigrams> trigrams = keptTrigrams(connection, removed).flatMap(kept -> withChunksOf(kept, added.trigrams()));
        if (trigrams.isEmpty() || !addTerms(connection, traceId, termDeltas(removed, added))) {
            delete(connection, traceId);
            return false;
        }
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM search_terms WHERE trace_id = ? AND events <= 0");
             PreparedStatement update = connection.prepareStatement("UPDATE search_indexed SET event_count = ?, content_digest = ?,"
                     + " chunk_trigrams = ? WHERE trace_id = ?")) {
            delete.setString(1, traceId);
            delete.executeUpdate();
            update.setLong(1, added.eventCount());
            update.setString(2, added.contentDigest());
            ByteParameters.set(update, 3, trigrams.get().encode());
            update.setString(4, traceId);
            update.executeUpdate();
        }
        return true;
    }

    /**
     * The trigram filters of the chunks {@code removed} does not cover, when the index holds the trace as
     * {@code removed} was counted from and its filters are those chunks' and the removed ones'; empty otherwise.
     */
    private static Optional<ChunkTrigrams> keptTrigrams(Connection connection, TraceTerms.Counted removed) throws SQLException {
        Optional<ChunkTrigrams> stored;
        try (PreparedStatement query = connection.prepareStatement("SELECT chunk_trigrams, OCTET_LENGTH(chunk_trigrams) FROM search_indexed"
                + " WHERE trace_id = ? AND event_count = ? AND content_digest = ?")) {
            query.setString(1, removed.traceId());
            query.setLong(2, removed.eventCount());
            query.setString(3, removed.contentDigest());
            stored = readTrigrams(query, removed.traceId());
        }
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        List<ChunkTrigrams.Chunk> kept = new ArrayList<>();
        long keptEvents = 0;
        int removedFound = 0;
        for (ChunkTrigrams.Chunk chunk : stored.get().chunks()) {
            if (removed.trigrams().of(chunk.runId(), chunk.firstSeq(), chunk.eventCount()) != null) {
                removedFound++;
            } else {
                kept.add(chunk);
                keptEvents += chunk.eventCount();
            }
        }
        boolean addsUp = removedFound == removed.trigrams().chunks().size()
                && keptEvents + removed.trigrams().chunks().stream().mapToLong(ChunkTrigrams.Chunk::eventCount).sum() == removed.eventCount();
        return addsUp ? Optional.of(new ChunkTrigrams(kept)) : Optional.empty();
    }

    /** The filters of both, those of {@code kept} first; empty when a chunk of each has the same key (an altered index). */
    private static Optional<ChunkTrigrams> withChunksOf(ChunkTrigrams kept, ChunkTrigrams added) {
        List<ChunkTrigrams.Chunk> chunks = new ArrayList<>(kept.chunks());
        chunks.addAll(added.chunks());
        try {
            return Optional.of(new ChunkTrigrams(chunks));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Per term whose count changes, by how much: {@code added}'s counts less {@code removed}'s, in key order. */
    private static java.util.SortedMap<String, Long> termDeltas(TraceTerms.Counted removed, TraceTerms.Counted added) {
        java.util.SortedMap<String, Long> deltas = new java.util.TreeMap<>(added.events());
        removed.events().forEach((term, events) -> deltas.merge(term, -events, (now, less) -> now + less == 0 ? null : now + less));
        return deltas;
    }

    /**
     * Adds each delta to the trace's count of its term, inserting the terms it does not hold yet.
     *
     * @return false when a term to take back is not held (the index does not add up with what was removed)
     */
    private static boolean addTerms(Connection connection, String traceId, java.util.SortedMap<String, Long> deltas)
            throws SQLException {
        List<Map.Entry<String, Long>> entries = List.copyOf(deltas.entrySet());
        List<Map.Entry<String, Long>> missing = new ArrayList<>();
        try (PreparedStatement update = connection.prepareStatement("UPDATE search_terms SET events = events + ?"
                + " WHERE trace_id = ? AND term = ?")) {
            for (int from = 0; from < entries.size(); from += 1000) {
                List<Map.Entry<String, Long>> batch = entries.subList(from, Math.min(entries.size(), from + 1000));
                for (Map.Entry<String, Long> delta : batch) {
                    update.setLong(1, delta.getValue());
                    update.setString(2, traceId);
                    update.setString(3, delta.getKey());
                    update.addBatch();
                }
                int[] updated = update.executeBatch();
                for (int k = 0; k < batch.size(); k++) {
                    if (updated[k] == 0) {
                        missing.add(batch.get(k));
                    } else if (updated[k] != 1) {
                        return false; // a driver that does not say which rows it changed: count the trace whole
                    }
                }
            }
        }
        if (missing.stream().anyMatch(delta -> delta.getValue() < 0)) {
            return false;
        }
        insertTerms(connection, traceId, missing);
        return true;
    }

    /** Inserts the trace's rows of these terms and event counts, in batches. */
    private static void insertTerms(Connection connection, String traceId, Iterable<Map.Entry<String, Long>> terms) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO search_terms (term, trace_id, events) VALUES (?, ?, ?)")) {
            int batched = 0;
            for (Map.Entry<String, Long> term : terms) {
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
            return readTrigrams(query, traceId);
        }
    }

    /** The filters the query's one row holds (bytes, then their length), or empty as {@link #chunkTrigrams} says. */
    private static Optional<ChunkTrigrams> readTrigrams(PreparedStatement query, String traceId) throws SQLException {
        try {
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
