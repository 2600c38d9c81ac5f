package dev.forkline.trace.store;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks that the stored rows agree with each other: counts, runs, every chunk's header against its row and its
 * lines (length and checksum), seqs and ids, digests, that every stored blob is whole in its pack and hashes to its
 * name ({@link BlobPackCheck}), and that every blob a trace refers to is stored. Reads everything (the lines are
 * expanded on the common pool). Meant for crash-consistency tests and a "check store" command.
 */
final class IntegrityCheck {

    /** Each query returns one row per problem, its columns joined into the problem's description. */
    private static final List<String[]> CHECKS = List.of(
            new String[] {"trace event count differs from its chunks",
                    "SELECT t.trace_id, t.event_count, (SELECT COALESCE(SUM(c.event_count), 0) FROM event_chunks c"
                            + " WHERE c.trace_id = t.trace_id) FROM traces t WHERE t.event_count <>"
                            + " (SELECT COALESCE(SUM(c.event_count), 0) FROM event_chunks c WHERE c.trace_id = t.trace_id)"},
            new String[] {"trace run count differs from its runs",
                    "SELECT t.trace_id, t.run_count, (SELECT COUNT(*) FROM runs r WHERE r.trace_id = t.trace_id) FROM traces t"
                            + " WHERE t.run_count <> (SELECT COUNT(*) FROM runs r WHERE r.trace_id = t.trace_id)"},
            new String[] {"run event count differs from its chunks",
                    "SELECT r.trace_id, r.run_id, r.event_count FROM runs r WHERE r.event_count <> (SELECT"
                            + " COALESCE(SUM(c.event_count), 0) FROM event_chunks c WHERE c.trace_id = r.trace_id AND c.run_id = r.run_id)"},
            new String[] {"chunk belongs to no stored run",
                    "SELECT c.trace_id, c.run_id, c.first_seq FROM event_chunks c WHERE NOT EXISTS"
                            + " (SELECT 1 FROM runs r WHERE r.trace_id = c.trace_id AND r.run_id = c.run_id)"},
            new String[] {"chunk belongs to no stored trace",
                    "SELECT c.trace_id, c.run_id, c.first_seq FROM event_chunks c WHERE NOT EXISTS"
                            + " (SELECT 1 FROM traces t WHERE t.trace_id = c.trace_id)"});

    private IntegrityCheck() {
    }

    static IntegrityReport run(Connection connection) throws SQLException {
        List<String> problems = new ArrayList<>();
        for (String[] check : CHECKS) {
            try (PreparedStatement query = connection.prepareStatement(check[1]);
                 ResultSet rows = query.executeQuery()) {
                int columns = rows.getMetaData().getColumnCount();
                while (rows.next()) {
                    StringBuilder problem = new StringBuilder(check[0]).append(':');
                    for (int i = 1; i <= columns; i++) {
                        problem.append(' ').append(rows.getString(i));
                    }
                    problems.add(problem.toString());
                }
            }
        }
        Map<String, String> digests = new HashMap<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT trace_id, content_digest FROM traces ORDER BY trace_id");
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                digests.put(rows.getString(1), rows.getString(2));
            }
        }
        for (Map.Entry<String, String> trace : digests.entrySet()) {
            checkChunks(connection, trace.getKey(), trace.getValue(), problems);
        }
        Set<String> stored = BlobPackCheck.run(connection, problems);
        for (String traceId : digests.keySet()) {
            checkReferences(connection, traceId, stored, problems);
        }
        return new IntegrityReport(digests.size(), sum(connection, "SELECT COALESCE(SUM(event_count), 0) FROM event_chunks"),
                stored.size(), problems);
    }

    /** A trace's chunk headers, seqs, ids and digest, then its lines. */
    private static void checkChunks(Connection connection, String traceId, String recordedDigest, List<String> problems)
            throws SQLException {
        ContentDigest digest = new ContentDigest();
        Set<String> ids = new HashSet<>();
        Map<String, Long> lastSeqOfRun = new HashMap<>();
        List<ChunkDirectory.Entry> chunks = new ArrayList<>();
        try {
            ChunkHeaderReader.read(connection, traceId, RunRows.runIds(connection, traceId), false, chunk -> {
                ChunkHeader header = chunk.header();
                Long previousLast = lastSeqOfRun.put(chunk.runId(), chunk.lastSeq());
                if (previousLast != null && chunk.firstSeq() <= previousLast) {
                    problems.add("chunks overlap: trace " + traceId + " run " + chunk.runId() + " seq " + chunk.firstSeq());
                }
                for (int k = 0; k < header.size(); k++) {
                    digest.add(header.identityHashes, k * ChunkHeader.HASH_BYTES);
                    if (!ids.add(header.id(k))) {
                        problems.add("event id used twice: trace " + traceId + " event " + header.id(k));
                    }
                }
                chunks.add(chunk.entry());
            });
        } catch (StoreException e) {
            problems.add("chunk header is damaged: " + e.getMessage());
            return;
        }
        if (!digest.toString().equals(recordedDigest)) {
            problems.add("trace content digest differs from its events: " + traceId);
        }
        checkLines(connection, traceId, chunks, problems);
    }

    private static void checkLines(Connection connection, String traceId, List<ChunkDirectory.Entry> chunks,
                                   List<String> problems) throws SQLException {
        try (OrderedPoolWork<String> checking = new OrderedPoolWork<>()) {
            for (ChunkDirectory.Entry chunk : chunks) {
                byte[] stored = ChunkTable.lines(connection, traceId, chunk).orElse(null);
                checking.submit(() -> linesProblem(traceId, chunk, stored));
                while (checking.isFull()) {
                    addIfAny(checking.takeNext(), problems);
                }
            }
            while (!checking.isEmpty()) {
                addIfAny(checking.takeNext(), problems);
            }
        } catch (IOException | StoreException e) {
            problems.add("cannot check the lines of trace " + traceId + ": " + e.getMessage());
        }
    }

    private static String linesProblem(String traceId, ChunkDirectory.Entry chunk, byte[] stored) {
        if (stored == null) {
            return "chunk lines are missing: trace " + traceId + " run " + chunk.runId() + " seq " + chunk.firstSeq();
        }
        try {
            ChunkLines.decodeChecked(chunk, stored);
            return null;
        } catch (ByteSource.MalformedException e) {
            return "chunk lines are damaged: trace " + traceId + " run " + chunk.runId() + " seq " + chunk.firstSeq() + ": " + e.getMessage();
        }
    }

    private static void checkReferences(Connection connection, String traceId, Set<String> stored, List<String> problems)
            throws SQLException {
        try {
            for (String hash : TraceBlobRefs.of(connection, traceId)) {
                if (!stored.contains(hash)) {
                    problems.add("referenced blob is missing: " + traceId + " " + hash);
                }
            }
        } catch (StoreException e) {
            problems.add(e.getMessage());
        }
    }

    private static void addIfAny(String problem, List<String> problems) {
        if (problem != null) {
            problems.add(problem);
        }
    }

    private static long sum(Connection connection, String sql) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql);
             ResultSet rows = query.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
