package dev.forkline.trace.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of Debian's {@code postgresql} package, made for one test class and thrown away: {@code initdb}
 * in a temporary directory, {@code pg_ctl start} on a free port of 127.0.0.1 only (no Unix socket in a shared place),
 * {@code pg_ctl stop -m immediate} and the directory deleted on {@link #close()}. When the tests run as root, the
 * server runs as the {@code postgres} user (PostgreSQL refuses root). {@link #find()} is empty, with the reason in
 * {@link #unavailableReason()}, where the package is not installed, so tests can skip with a clear message.
 *
 * <p>{@link Settings} choose where the cluster lives and how the server runs: {@link Settings#forTests()} (the default:
 * a temporary directory, {@code fsync} off) or {@link Settings#forBenchmark(Path)} (a given work directory,
 * {@code fsync} on, as benchmarks/ needs so that commits cost what they cost on a real server).
 */
public final class ThrowawayPostgres implements AutoCloseable {

    /** The superuser of the throwaway cluster; it trusts local TCP connections, so no password is needed. */
    public static final String SUPERUSER = "forkline_admin";

    private final Path binaries;
    private final Path directory;
    private final int port;
    private final boolean asPostgresUser;

    private ThrowawayPostgres(Path binaries, Path directory, int port, boolean asPostgresUser) {
        this.binaries = binaries;
        this.directory = directory;
        this.port = port;
        this.asPostgresUser = asPostgresUser;
    }

    /** The newest installed server's {@code bin} folder (Debian keeps them under /usr/lib/postgresql/VERSION/bin). */
    public static Optional<Path> find() {
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(root)) {
            return versions.map(version -> version.resolve("bin"))
                    .filter(bin -> Files.isExecutable(bin.resolve("initdb")) && Files.isExecutable(bin.resolve("pg_ctl")))
                    .max(Comparator.comparing(bin -> versionNumber(bin.getParent().getFileName().toString())));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public static String unavailableReason() {
        return "PostgreSQL is not installed (Debian's postgresql package puts initdb under /usr/lib/postgresql/VERSION/bin);"
                + " .ci/run installs it";
    }

    /**
     * How a throwaway cluster is made and run.
     *
     * @param directory     where the cluster lives (deleted first, and on {@link #close()}), or null for a new
     *                      temporary directory
     * @param fsync         whether the server forces its writes to disk (off for tests: they need no durability across
     *                      a power cut, and fsync would only slow them)
     * @param serverOptions further {@code -c NAME=VALUE} settings of the server, in order
     */
    public record Settings(Path directory, boolean fsync, Map<String, String> serverOptions) {

        public Settings {
            serverOptions = Collections.unmodifiableMap(new LinkedHashMap<>(serverOptions));
        }

        /** For tests: a temporary directory, {@code fsync} off, up to 100 connections (tests open many pools). */
        public static Settings forTests() {
            return new Settings(null, false, Map.of("max_connections", "100"));
        }

        /**
         * For a benchmark: the cluster in {@code directory}, the server's defaults except a {@code max_wal_size} of 4 GB
         * (so that a large import does not wait on checkpoints); {@code fsync} stays on: durable commits are part of
         * what is measured.
         */
        public static Settings forBenchmark(Path directory) {
            return new Settings(directory, true, Map.of("max_wal_size", "4GB"));
        }
    }

    /** Creates and starts a cluster for tests ({@link Settings#forTests()}); throws with initdb's or pg_ctl's output when it cannot. */
    public static ThrowawayPostgres start() throws IOException, InterruptedException {
        return start(Settings.forTests());
    }

    /** Creates and starts a cluster as {@code settings} say; throws with initdb's or pg_ctl's output when it cannot. */
    public static ThrowawayPostgres start(Settings settings) throws IOException, InterruptedException {
        Path binaries = find().orElseThrow(() -> new IllegalStateException(unavailableReason()));
        boolean asRoot = "root".equals(System.getProperty("user.name"));
        Path directory = settings.directory() == null ? Files.createTempDirectory("forkline-postgres-") : freshDirectory(settings.directory());
        int port = freeLoopbackPort();
        var cluster = new ThrowawayPostgres(binaries, directory, port, asRoot);
        try {
            if (asRoot) {
                run(List.of("chown", "postgres:", directory.toString()), "chown");
                letOthersPassThrough(directory.getParent());
            }
            cluster.runServerTool("initdb", "-D", cluster.data().toString(), "-U", SUPERUSER, "--auth=trust",
                    "--encoding=UTF8", "--locale=C", "--no-sync");
            StringBuilder options = new StringBuilder("-c listen_addresses=127.0.0.1 -c port=" + port + " -c unix_socket_directories=''"
                    + " -c fsync=" + (settings.fsync() ? "on" : "off"));
            settings.serverOptions().forEach((name, value) -> options.append(" -c ").append(name).append('=').append(value));
            cluster.runServerTool("pg_ctl", "-D", cluster.data().toString(), "-l", cluster.log().toString(), "-w",
                    "-t", "60", "-o", options.toString(), "start");
            return cluster;
        } catch (IOException | RuntimeException | InterruptedException e) {
            cluster.close();
            throw e;
        }
    }

    /**
     * The {@code postgres} user must be able to reach the cluster's directory: a private temporary folder above it
     * (mode 700, as {@code Files.createTempDirectory} makes them) gets others' search permission (x, not r: its names
     * stay unlisted). Folders that already allow it end the walk.
     */
    private static void letOthersPassThrough(Path folder) throws IOException {
        for (Path at = folder.toAbsolutePath(); at != null && at.getParent() != null; at = at.getParent()) {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(at);
            if (permissions.contains(PosixFilePermission.OTHERS_EXECUTE)) {
                return;
            }
            permissions.add(PosixFilePermission.OTHERS_EXECUTE);
            Files.setPosixFilePermissions(at, permissions);
        }
    }

    private static Path freshDirectory(Path directory) throws IOException {
        if (Files.exists(directory)) {
            deleteQuietly(directory);
            if (Files.exists(directory)) {
                throw new IOException("cannot empty " + directory + " for a PostgreSQL cluster");
            }
        }
        return Files.createDirectories(directory);
    }

    public int port() {
        return port;
    }

    /** A JDBC URL of a database of this cluster (the {@code postgres} database exists from the start). */
    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** Forkline's own spelling: {@code postgresql://USER@127.0.0.1:PORT/DB}. */
    public String forklineUrl(String user, String database) {
        return "postgresql://" + user + "@127.0.0.1:" + port + "/" + database;
    }

    /** Runs SQL with psql as the superuser against {@code database}; returns psql's output. */
    public String psql(String database, String sql) throws IOException, InterruptedException {
        return runServerTool("psql", "-h", "127.0.0.1", "-p", Integer.toString(port), "-U", SUPERUSER, "-d", database,
                "-v", "ON_ERROR_STOP=1", "-A", "-t", "-c", sql);
    }

    /** The server's main process ({@code postmaster.pid}'s first line), whose children are the backends and workers. */
    public long serverProcessId() throws IOException {
        return Long.parseLong(Files.readAllLines(data().resolve("postmaster.pid")).getFirst().trim());
    }

    /** Creates an empty database named {@code name} (a plain SQL identifier). */
    public void createDatabase(String name) throws IOException, InterruptedException {
        psql("postgres", "CREATE DATABASE " + name);
    }

    /** Stops the server at once ({@code -m immediate}, as a crash would), keeping the data. */
    public void kill() throws IOException, InterruptedException {
        runServerTool("pg_ctl", "-D", data().toString(), "-m", "immediate", "-w", "stop");
    }

    @Override
    public void close() {
        try {
            if (Files.exists(data().resolve("postmaster.pid"))) {
                kill();
            }
        } catch (IOException | RuntimeException e) {
            // The directory is removed below all the same; a server left behind dies with its data directory's lock.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        deleteQuietly(directory);
    }

    private static void deleteQuietly(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // Left in the temporary directory; nothing else depends on it.
        }
    }

    /** The cluster's temporary directory (gone after {@link #close()}). */
    Path dataDirectoryForTest() {
        return directory;
    }

    private Path data() {
        return directory.resolve("data");
    }

    private Path log() {
        return directory.resolve("server.log");
    }

    private String runServerTool(String tool, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (asPostgresUser) {
            command.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        command.add(binaries.resolve(tool).toString());
        command.addAll(List.of(arguments));
        return run(command, tool);
    }

    private static String run(List<String> command, String name) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(name + " did not finish within 120 s: " + output);
        }
        if (process.exitValue() != 0) {
            throw new IOException(name + " exited with " + process.exitValue() + ": " + output);
        }
        return output;
    }

    private static int freeLoopbackPort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static int versionNumber(String name) {
        try {
            return Integer.parseInt(name);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
