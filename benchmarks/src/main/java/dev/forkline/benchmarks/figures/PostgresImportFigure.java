package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.generate.TraceGenerator;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.store.StoreResult;
import dev.forkline.trace.store.TeamDatabase;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.testing.ThrowawayPostgres;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import org.postgresql.PGConnection;

/**
 * {@code import.postgresql}: the generated trace imported into a team store (a fresh database of a throwaway
 * PostgreSQL cluster on 127.0.0.1 in the work directory, {@code fsync} on: {@link ThrowawayPostgres} with
 * {@link ThrowawayPostgres.Settings#forBenchmark}), {@code BundleReader.read} + {@code TraceStore.importTrace},
 * against PostgreSQL's own bulk load of the same bytes: {@code COPY} of {@code trace.jsonl}'s lines into a one-column
 * table, in one transaction. Skipped, with the reason, where PostgreSQL's server binaries are not installed.
 */
public final class PostgresImportFigure {

    private final Path work;
    private final PrintStream log;

    public PostgresImportFigure(Path work, PrintStream log) {
        this.work = work;
        this.log = log;
    }

    public List<Figure> measure(TraceGenerator.Generated generated) throws Exception {
        String what = String.format("BundleReader.read + TraceStore.importTrace into PostgreSQL, %,d events", generated.events());
        if (ThrowawayPostgres.find().isEmpty()) {
            return List.of(Figure.skipped("import.postgresql", what, ThrowawayPostgres.unavailableReason()));
        }
        Path jsonl = generated.bundle().resolve(Bundle.EVENTS);
        try (ThrowawayPostgres cluster = ThrowawayPostgres.start(ThrowawayPostgres.Settings.forBenchmark(work.resolve("postgres")))) {
            cluster.createDatabase("copy_floor");
            long server = cluster.serverProcessId();
            double floorServerCpu = -ProcessTreeCpu.seconds(server);
            double floor = Timing.once(() -> copyLines(cluster.jdbcUrl("copy_floor"), jsonl));
            floorServerCpu += ProcessTreeCpu.seconds(server);
            // untimed: the same import into another database first, so that the figure does not pay for class loading and the JIT
            cluster.createDatabase("warm_up");
            try (TraceStore warmUp = TraceStore.open(team(cluster, "warm_up"), null, Clock.systemUTC())) {
                warmUp.importTrace(BundleReader.read(generated.bundle()), List.of(), null);
            }
            cluster.createDatabase("forkline");
            try (TraceStore store = TraceStore.open(team(cluster, "forkline"), null, Clock.systemUTC())) {
                StoreResult[] result = new StoreResult[1];
                double[] read = new double[1];
                double serverCpu = -ProcessTreeCpu.seconds(server);
                double ownCpu = -processCpuSeconds();
                double value = Timing.once(() -> {
                    Bundle[] bundle = new Bundle[1];
                    read[0] = Timing.once(() -> bundle[0] = BundleReader.read(generated.bundle()));
                    result[0] = store.importTrace(bundle[0], List.of(), generated.bundle().toString());
                });
                serverCpu += ProcessTreeCpu.seconds(server);
                ownCpu += processCpuSeconds();
                if (result[0].newEvents() != generated.events()) {
                    throw new IllegalStateException("import stored " + result[0].newEvents() + " of " + generated.events() + " events");
                }
                log.printf("  import.postgresql: BundleReader.read %s, TraceStore.importTrace %s; CPU: this JVM %.2f s, the server %.2f s"
                                + " (COPY: the server %.2f s); stored values compressed: %s%n", Unit.MILLIS.format(read[0]),
                        Unit.MILLIS.format(value - read[0]), ownCpu, serverCpu, floorServerCpu, compression(cluster));
                return List.of(Figure.measured("import.postgresql", what, value, floor,
                        "PostgreSQL COPY of trace.jsonl's lines into one table, one transaction", Unit.MILLIS, Goal.ratioAtMost(2)));
            }
        }
    }

    private static double processCpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
    }

    private static TeamDatabase team(ThrowawayPostgres cluster, String database) {
        return new TeamDatabase(ThrowawayPostgres.SUPERUSER, "127.0.0.1", cluster.port(), database);
    }

    /** How the server compressed the large values it stored out of line (TOAST): e.g. {@code event_chunks.lines lz4 x 80}. */
    private static String compression(ThrowawayPostgres cluster) throws Exception {
        return cluster.psql("forkline", "SELECT string_agg(what || ' ' || method || ' x ' || n, ', ' ORDER BY what, method) FROM ("
                + " SELECT 'event_chunks.lines' AS what, COALESCE(pg_column_compression(lines), 'none') AS method, count(*) AS n"
                + " FROM event_chunks GROUP BY 2 UNION ALL"
                + " SELECT 'blob_packs.content', COALESCE(pg_column_compression(content), 'none'), count(*) FROM blob_packs GROUP BY 2) t").trim();
    }

    /** The floor: every line as one text row, through COPY (CSV with delimiter and quote bytes JSON never holds raw). */
    private static void copyLines(String jdbcUrl, Path jsonl) throws Exception {
        try (Connection connection = DriverManager.getConnection(jdbcUrl, ThrowawayPostgres.SUPERUSER, null);
             InputStream in = Files.newInputStream(jsonl)) {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("CREATE TABLE lines (line TEXT NOT NULL)");
            }
            connection.setAutoCommit(false);
            long rows = connection.unwrap(PGConnection.class).getCopyAPI()
                    .copyIn("COPY lines (line) FROM STDIN WITH (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02')", in, 1 << 20);
            connection.commit();
            if (rows == 0) {
                throw new IllegalStateException("COPY loaded no lines of " + jsonl);
            }
        }
    }
}
