package dev.forkline.trace.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A second Docker engine standing in for a remote one: {@code dockerd} on a free port of 127.0.0.1 with TLS
 * ({@code --tlsverify}), client certificates generated for it with the {@code openssl} CLI, its own data root, exec root,
 * pid file, no bridge and no iptables rules (so it never touches the main engine's network), and the images a test needs
 * copied from the main engine ({@code docker save | docker load}). {@link #close()} stops it (SIGTERM, containers
 * stopped within a second) and deletes its directory; a shutdown hook does the same if the JVM ends first.
 *
 * <p>{@link #start} throws {@link Unavailable} with the reason where it cannot run (not root, no dockerd, openssl or
 * docker CLI, no main engine to copy images from), so that tests skip with a clear message.
 */
public final class TlsDockerd implements AutoCloseable {

    /** Why a second engine cannot be started here. */
    public static final class Unavailable extends Exception {
        private static final long serialVersionUID = 1L;

        public Unavailable(String message) {
            super(message);
        }
    }

    private static final long START_SECONDS = 60;

    private final Path directory;
    private final int port;
    private Process daemon;
    private final Thread cleanup;

    private TlsDockerd(Path directory, int port) {
        this.directory = directory;
        this.port = port;
        this.cleanup = new Thread(this::stopAndDelete, "forkline-test-dockerd-cleanup");
    }

    /**
     * Generates the certificates, starts the engine and loads {@code images} into it from the main engine.
     *
     * @throws Unavailable where this machine cannot run a second engine (the message says why)
     */
    public static TlsDockerd start(String... images) throws Unavailable, IOException, InterruptedException {
        checkTools();
        Path directory = Files.createTempDirectory("forkline-dockerd-");
        TlsDockerd engine = new TlsDockerd(directory, freePort());
        Runtime.getRuntime().addShutdownHook(engine.cleanup);
        try {
            engine.makeCertificates();
            engine.startDaemon();
            for (String image : images) {
                engine.load(image);
            }
            return engine;
        } catch (IOException | InterruptedException | RuntimeException | Unavailable e) {
            engine.close();
            throw e;
        }
    }

    private static void checkTools() throws Unavailable, IOException, InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new Unavailable("a second dockerd needs root (the tests run as " + System.getProperty("user.name") + ")");
        }
        for (String tool : List.of("dockerd", "docker", "openssl")) {
            if (run(List.of("sh", "-c", "command -v " + tool), null).exit() != 0) {
                throw new Unavailable("no " + tool + " on the PATH (Debian: docker.io and openssl)");
            }
        }
        Result info = run(List.of("docker", "info", "--format", "{{.ServerVersion}}"), null);
        if (info.exit() != 0) {
            throw new Unavailable("the main Docker engine does not answer, so no image can be copied to a second one: " + info.output().strip());
        }
    }

    /** {@code tcp://127.0.0.1:PORT}. */
    public String host() {
        return "tcp://127.0.0.1:" + port;
    }

    /** The client's certificate directory in the docker CLI's layout: ca.pem, cert.pem, key.pem. */
    public Path clientCertificates() {
        return directory.resolve("client");
    }

    /** A client certificate directory of another CA: the engine refuses it, and its ca.pem does not vouch for the engine. */
    public Path foreignCertificates() {
        return directory.resolve("foreign");
    }

    /** Runs the docker CLI against this engine; returns its exit code and output. */
    public Result docker(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("docker", "--host", host(), "--tlsverify",
                "--tlscacert", clientCertificates().resolve("ca.pem").toString(),
                "--tlscert", clientCertificates().resolve("cert.pem").toString(),
                "--tlskey", clientCertificates().resolve("key.pem").toString()));
        command.addAll(List.of(arguments));
        return run(command, null);
    }

    /** Stops the engine (SIGTERM; it stops its containers first) and waits for it; its directory stays until {@link #close()}. */
    public synchronized void stop() throws InterruptedException {
        if (daemon == null) {
            return;
        }
        List<ProcessHandle> children = daemon.descendants().toList();
        daemon.destroy();
        if (!daemon.waitFor(30, TimeUnit.SECONDS)) {
            daemon.destroyForcibly();
            daemon.waitFor(10, TimeUnit.SECONDS);
        }
        for (ProcessHandle child : children) {
            child.destroyForcibly();
        }
        daemon = null;
        killLeftoverShims();
    }

    /**
     * containerd's shims detach from the daemon that started them, and one whose container did not stop in time outlives
     * it: every process still naming this engine's own directory (its containerd socket) goes, with its children.
     */
    private void killLeftoverShims() {
        String marker = directory.toString();
        List<ProcessHandle> leftovers = ProcessHandle.allProcesses()
                .filter(process -> process.info().commandLine().map(line -> line.contains(marker)).orElse(false))
                .toList();
        for (ProcessHandle shim : leftovers) {
            shim.descendants().forEach(ProcessHandle::destroyForcibly);
            shim.destroyForcibly();
        }
    }

    public synchronized boolean running() {
        return daemon != null && daemon.isAlive();
    }

    /** Starts it again after {@link #stop()} on the same data root (images and stopped containers are kept). */
    public synchronized void restart() throws IOException, InterruptedException, Unavailable {
        if (daemon == null) {
            startDaemon();
        }
    }

    @Override
    public void close() {
        stopAndDelete();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs or ran
        }
    }

    private void stopAndDelete() {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        deleteQuietly(directory);
    }

    private void makeCertificates() throws IOException, InterruptedException {
        Path ca = directory.resolve("ca");
        Path server = directory.resolve("server");
        Files.createDirectories(ca);
        Files.createDirectories(server);
        newCa(ca, "forkline-test-ca");
        Files.writeString(server.resolve("ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n");
        signedKey(ca, server, "127.0.0.1", "cert.pem", "key.pem");
        writeClient(ca, clientCertificates(), "forkline-test-client");
        Path foreignCa = directory.resolve("foreign-ca");
        Files.createDirectories(foreignCa);
        newCa(foreignCa, "forkline-foreign-ca");
        writeClient(foreignCa, foreignCertificates(), "forkline-foreign-client");
    }

    private static void newCa(Path ca, String name) throws IOException, InterruptedException {
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=" + name,
                "-keyout", ca.resolve("ca-key.pem").toString(), "-out", ca.resolve("ca.pem").toString());
    }

    private static void writeClient(Path ca, Path client, String name) throws IOException, InterruptedException {
        Files.createDirectories(client);
        Files.writeString(client.resolve("ext"), "extendedKeyUsage=clientAuth\n");
        signedKey(ca, client, name, "cert.pem", "key.pem");
        Files.copy(ca.resolve("ca.pem"), client.resolve("ca.pem"));
    }

    /** A key and a certificate for {@code name} signed by {@code ca}, with the extensions in {@code into/ext}. */
    private static void signedKey(Path ca, Path into, String name, String certFile, String keyFile) throws IOException, InterruptedException {
        Path request = into.resolve("request.csr");
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=" + name,
                "-keyout", into.resolve(keyFile).toString(), "-out", request.toString());
        openssl("x509", "-req", "-in", request.toString(), "-CA", ca.resolve("ca.pem").toString(),
                "-CAkey", ca.resolve("ca-key.pem").toString(), "-CAcreateserial", "-days", "2",
                "-extfile", into.resolve("ext").toString(), "-out", into.resolve(certFile).toString());
    }

    private static void openssl(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(arguments));
        Result result = run(command, null);
        if (result.exit() != 0) {
            throw new IOException("openssl " + arguments[0] + " failed (exit " + result.exit() + "): " + result.output().strip());
        }
    }

    private synchronized void startDaemon() throws IOException, InterruptedException, Unavailable {
        Path server = directory.resolve("server");
        Path log = directory.resolve("dockerd.log");
        // a short exec root: containerd's socket path must fit a Unix socket's 108 bytes
        Path execRoot = directory.resolve("x");
        Files.createDirectories(execRoot);
        ProcessBuilder builder = new ProcessBuilder("dockerd",
                "--data-root", directory.resolve("data").toString(),
                "--exec-root", execRoot.toString(),
                "--pidfile", directory.resolve("dockerd.pid").toString(),
                "-H", host(),
                "--tlsverify",
                "--tlscacert", directory.resolve("ca/ca.pem").toString(),
                "--tlscert", server.resolve("cert.pem").toString(),
                "--tlskey", server.resolve("key.pem").toString(),
                "--bridge=none", "--iptables=false", "--ip-masq=false", "--ip-forward=false",
                "--shutdown-timeout", "1")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().remove("DOCKER_HOST");
        daemon = builder.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (System.nanoTime() < deadline) {
            if (!daemon.isAlive()) {
                throw new Unavailable("the second dockerd ended at start (exit " + daemon.exitValue() + "): " + tail(log));
            }
            if (listening() && docker("version", "--format", "{{.Server.Version}}").exit() == 0) {
                return;
            }
            Thread.sleep(200);
        }
        throw new Unavailable("the second dockerd did not answer within " + START_SECONDS + " s: " + tail(log));
    }

    private boolean listening() {
        try (Socket ignored = new Socket(InetAddress.getLoopbackAddress(), port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private void load(String image) throws IOException, InterruptedException {
        Path archive = directory.resolve("image.tar");
        Result saved = run(List.of("docker", "save", "-o", archive.toString(), image), null);
        if (saved.exit() != 0) {
            throw new IOException("docker save " + image + " failed on the main engine: " + saved.output().strip());
        }
        Result loaded = docker("load", "-i", archive.toString());
        Files.deleteIfExists(archive);
        if (loaded.exit() != 0) {
            throw new IOException("docker load of " + image + " into the second engine failed: " + loaded.output().strip());
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** A command's exit code and its output (stdout and stderr together). */
    public record Result(int exit, String output) {
    }

    private static Result run(List<String> command, Path workingDirectory) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (workingDirectory != null) {
            builder.directory(workingDirectory.toFile());
        }
        builder.environment().remove("DOCKER_HOST");
        builder.environment().remove("DOCKER_TLS_VERIFY");
        builder.environment().remove("DOCKER_CERT_PATH");
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return new Result(-1, "timed out: " + String.join(" ", command));
        }
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }

    private static void deleteQuietly(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    // a mount the engine left (it unmounts on a clean stop); the temporary folder keeps it
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // as above
        }
    }
}
