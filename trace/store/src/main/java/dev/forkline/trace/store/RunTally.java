package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionStartData;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/** The {@code runs} rows of one trace, kept up to date while events are added, then saved. */
final class RunTally {

    static final String UNKNOWN_OUTCOME = RunInfo.UNKNOWN_OUTCOME;

    static final class Run {
        final String runId;
        final int ordinal;
        String parentRun;
        String forkCheckpoint;
        String forkEvent;
        String reason;
        long eventCount;
        long lastSeq;
        String outcome = UNKNOWN_OUTCOME;
        /** Whether its first event is marked imported; written with a new run's row only (its first event is in it). */
        Boolean imported;
        long firstSeq = Long.MAX_VALUE;
        final boolean stored;
        boolean changed;

        Run(String runId, int ordinal, boolean stored) {
            this.runId = runId;
            this.ordinal = ordinal;
            this.stored = stored;
        }
    }

    private final Map<String, Run> runs = new LinkedHashMap<>();

    static RunTally load(Connection connection, String traceId) throws SQLException {
        RunTally tally = new RunTally();
        try (PreparedStatement query = connection.prepareStatement("SELECT r.run_id, r.ordinal, r.parent_run, r.fork_checkpoint,"
                + " r.fork_event, r.reason, r.event_count, r.outcome,"
                + " (SELECT MAX(c.last_seq) FROM event_chunks c WHERE c.trace_id = r.trace_id AND c.run_id = r.run_id)"
                + " FROM runs r WHERE r.trace_id = ? ORDER BY r.ordinal")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    Run run = new Run(rows.getString(1), rows.getInt(2), true);
                    run.parentRun = rows.getString(3);
                    run.forkCheckpoint = rows.getString(4);
                    run.forkEvent = rows.getString(5);
                    run.reason = rows.getString(6);
                    run.eventCount = rows.getLong(7);
                    run.outcome = rows.getString(8);
                    run.lastSeq = rows.getLong(9);
                    tally.runs.put(run.runId, run);
                }
            }
        }
        return tally;
    }

    /**
     * Takes note of a run as it first appears, before any of its events is counted: for a writer that counts runs'
     * events in another order than they appear (keeps the runs' order that of first appearance).
     */
    void appeared(String runId) {
        runs.computeIfAbsent(runId, id -> new Run(id, runs.size(), false));
    }

    Run run(String runId) {
        return runs.get(runId);
    }

    Collection<Run> runs() {
        return runs.values();
    }

    /**
     * Counts event {@code i} of {@code columns} into its run. Only a run.fork, a session.end and a new run's first event
     * are parsed (through {@code events}), for the fork's parent, the session's outcome and whether the run was imported.
     */
    void count(EventColumns columns, int i, IntFunction<Event> events) {
        Run run = runs.computeIfAbsent(columns.run(i), id -> new Run(id, runs.size(), false));
        run.eventCount++;
        run.lastSeq = Math.max(run.lastSeq, columns.seq(i));
        run.changed = true;
        if (!run.stored && columns.seq(i) < run.firstSeq) {
            run.firstSeq = columns.seq(i);
            run.imported = events.apply(i).data().has(SessionStartData.IMPORTED);
        }
        if (columns.is(i, EventType.RUN_FORK)) {
            Event event = events.apply(i);
            run.parentRun = event.text("parentRun");
            run.forkCheckpoint = event.text("checkpoint");
            run.forkEvent = event.text("checkpointEvent");
            run.reason = event.text("reason");
        } else if (columns.is(i, EventType.SESSION_END)) {
            run.outcome = RunInfo.outcomeOf(events.apply(i).text(SessionEndData.OUTCOME));
        }
    }

    /** The trace's outcome: that of its first root run (one not forked from another). */
    String traceOutcome() {
        return runs.values().stream().filter(run -> run.parentRun == null).findFirst()
                .or(() -> runs.values().stream().findFirst())
                .map(run -> run.outcome).orElse(UNKNOWN_OUTCOME);
    }

    int size() {
        return runs.size();
    }

    void save(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO runs (trace_id, run_id, ordinal, parent_run,"
                + " fork_checkpoint, fork_event, reason, event_count, outcome, imported) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
             PreparedStatement update = connection.prepareStatement("UPDATE runs SET parent_run = ?, fork_checkpoint = ?,"
                     + " fork_event = ?, reason = ?, event_count = ?, outcome = ? WHERE trace_id = ? AND run_id = ?")) {
            boolean inserts = false;
            boolean updates = false;
            for (Run run : runs.values()) {
                if (!run.changed) {
                    continue;
                }
                if (run.stored) {
                    update.setString(1, run.parentRun);
                    update.setString(2, run.forkCheckpoint);
                    update.setString(3, run.forkEvent);
                    update.setString(4, run.reason);
                    update.setLong(5, run.eventCount);
                    update.setString(6, run.outcome);
                    update.setString(7, traceId);
                    update.setString(8, run.runId);
                    update.addBatch();
                    updates = true;
                } else {
                    insert.setString(1, traceId);
                    insert.setString(2, run.runId);
                    insert.setInt(3, run.ordinal);
                    insert.setString(4, run.parentRun);
                    insert.setString(5, run.forkCheckpoint);
                    insert.setString(6, run.forkEvent);
                    insert.setString(7, run.reason);
                    insert.setLong(8, run.eventCount);
                    insert.setString(9, run.outcome);
                    if (run.imported == null) {
                        insert.setNull(10, Types.BOOLEAN);
                    } else {
                        insert.setBoolean(10, run.imported);
                    }
                    insert.addBatch();
                    inserts = true;
                }
            }
            if (inserts) {
                insert.executeBatch();
            }
            if (updates) {
                update.executeBatch();
            }
        }
    }
}
