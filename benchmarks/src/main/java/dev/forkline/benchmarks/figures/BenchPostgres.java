package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.harness.WorkDirs;
import dev.forkline.trace.store.TeamDatabase;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of Debian's {@code postgresql} package for one benchmark run, as the store's tests make theirs
 * ({@code ThrowawayPostgres}, in trace/core's test jar, which benchmarks do not ship): {@code initdb} in the work
 * directory, {@code pg_ctl start} on a free port of 127.0.0.1, stopped and deleted on close; as the {@code postgres}
 * user when run as root. Settings are the server's defaults except {@code fsync}, kept on: both sides of the figure pay
 * for durable commits.
 */
final class BenchPostgres implements AutoCloseable {

    static final String SUPERUSER = "forkline_bench";
    static final String UNAVAILABLE = "PostgreSQL is not installed (Debian's postgresql package: initdb under /usr/lib/postgresql/VERSION/bin)";

    private final Path bin;
    private final Path directory;
    private final int port;
    private final boolean asPostgresUser;

    private BenchPostgres(Path bin, Path directory, int port, boolean asPostgresUser) {
        this.bin = bin;
        this.directory = directory;
        this.port = port;
        this.asPostgresUser = asPostgresUser;
    }

    static Optional<Path> binaries() {
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(root)) {
            return versions.map(version -> version.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.comparing(Path::toString));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    static BenchPostgres start(Path directory) throws Exception {
        WorkDirs.deleteTree(directory);
        Files.createDirectories(directory);
        boolean root = "root".equals(System.getProperty("user.name"));
        int port;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        var cluster = new BenchPostgres(binaries().orElseThrow(() -> new IllegalStateException(UNAVAILABLE)), directory, port, root);
        if (root) {
            run(List.of("chown", "postgres:", directory.toString()));
        }
        cluster.tool("initdb", "-D", cluster.data(), "-U", SUPERUSER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync");
        cluster.tool("pg_ctl", "-D", cluster.data(), "-l", directory.resolve("server.log").toString(), "-w", "-t", "60", "-o",
                "-c listen_addresses=127.0.0.1 -c port=" + port + " -c unix_socket_directories='' -c max_wal_size=4GB", "start");
        return cluster;
    }

    String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    TeamDatabase team(String database) {
        return new TeamDatabase(SUPERUSER, "127.0.0.1", port, database);
    }

    void createDatabase(String name) throws Exception {
        try (Connection connection = DriverManager.getConnection(jdbcUrl("postgres"), SUPERUSER, null);
             Statement sql = connection.createStatement()) {
            sql.execute("CREATE DATABASE " + name);
        }
    }

    private String data() {
        return directory.resolve("data").toString();
    }

    private void tool(String name, String... arguments) throws Exception {
        List<String> command = new ArrayList<>();
        if (asPostgresUser) {
            command.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        command.add(bin.resolve(name).toString());
        command.addAll(List.of(arguments));
        run(command);
    }

    private static void run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
    }

    @Override
    public void close() {
        try {
            tool("pg_ctl", "-D", data(), "-m", "fast", "-w", "stop");
        } catch (Exception e) {
            // deleted below all the same; the server dies with its data directory
        }
        try {
            WorkDirs.deleteTree(directory);
        } catch (Exception e) {
            // left in the work directory
        }
    }
}
