package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.generate.TraceGenerator;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.trace.store.TraceStore;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;

/**
 * The event search of the stored generated trace ({@link TraceStore#search}, what the window's search box runs), once
 * the search index holds it ({@link TraceStore#updateSearchIndex(String)}, its time printed): {@code search.rare-text},
 * one tool call's id, which the chunks' trigram filters rule out of all chunks but one or two, and
 * {@code search.common-text}, the command every tool call runs, which every chunk holds. Their floor is H2 reading the
 * lines of every chunk of the trace, what a search that cannot skip a chunk must at least do. No goal: the figures show
 * what the filters save.
 */
public final class SearchFigures {

    private static final String COMMON_TEXT = "make test";

    private final Path database;
    private final PrintStream out;

    /** @param database the database of the store that holds the generated trace (its path without {@code .mv.db}) */
    public SearchFigures(Path database, PrintStream out) {
        this.database = database;
        this.out = out;
    }

    public List<Figure> measure(TraceGenerator.Generated generated) throws Exception {
        String traceId = generated.traceId();
        // a call id of the middle of the trace (about one call per four events)
        String rareText = "call-" + generated.events() / 8;
        int[] found = new int[2];
        double rare;
        double common;
        try (TraceStore store = TraceStore.open(database)) {
            long start = System.nanoTime();
            boolean indexed = store.updateSearchIndex(traceId);
            out.printf("search.index: %s in %.1f s%n", indexed ? "indexed the trace" : "the trace was indexed already",
                    (System.nanoTime() - start) / 1e9);
            rare = Timing.median(1, 5, () -> found[0] = store.search(traceId, rareText, null, null, false).size());
            common = Timing.median(1, 3, () -> found[1] = store.search(traceId, COMMON_TEXT, null, null, false).size());
        }
        out.printf("search: '%s' %,d events, '%s' %,d events%n", rareText, found[0], COMMON_TEXT, found[1]);
        if (found[0] == 0 || found[1] < generated.events() / 8) {
            throw new IllegalStateException("the searches found " + found[0] + " and " + found[1] + " events: the generated trace changed");
        }
        // after the store's open: H2 must be loaded by TraceStore (H2Hardening restricts it before it loads)
        long[] bytes = new long[1];
        double floor = Timing.median(1, 3, () -> bytes[0] = readAllLines(traceId));
        String floorWhat = String.format("H2 reading the lines of every chunk of the trace (%,d bytes)", bytes[0]);
        String what = String.format("TraceStore.search of the stored %,d-event trace, its search index built,", generated.events());
        return List.of(
                Figure.measured("search.rare-text", what + " for one tool call's id (" + found[0] + " events)", rare, floor, floorWhat,
                        Unit.MILLIS, Goal.none()),
                Figure.measured("search.common-text", what + " for '" + COMMON_TEXT + "' (" + found[1] + " events)", common, floor, floorWhat,
                        Unit.MILLIS, Goal.none()));
    }

    private long readAllLines(String traceId) throws Exception {
        long total = 0;
        byte[] buffer = new byte[1 << 16];
        try (Connection connection = DriverManager.getConnection("jdbc:h2:file:" + database.toAbsolutePath(), "forkline", "");
             PreparedStatement query = connection.prepareStatement("SELECT lines FROM event_chunks WHERE trace_id = ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    try (InputStream lines = rows.getBinaryStream(1)) {
                        for (int n; (n = lines.read(buffer)) > 0; ) {
                            total += n;
                        }
                    }
                }
            }
        }
        return total;
    }
}
