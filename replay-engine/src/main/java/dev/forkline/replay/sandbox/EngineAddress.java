package dev.forkline.replay.sandbox;

import dev.forkline.replay.ReplayInputException;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where a Docker engine is and how to reach it: the engine the environment names ({@link #local()}: DOCKER_HOST,
 * DOCKER_TLS_VERIFY, DOCKER_CERT_PATH, as the docker CLI reads them), a Unix socket ({@code unix:///var/run/docker.sock}),
 * or a TCP address ({@code tcp://HOST:PORT}), over TLS with client certificates when {@link #tlsCertPath} names a
 * directory in the docker CLI's layout ({@code ca.pem}, {@code cert.pem}, {@code key.pem}).
 *
 * @param host        the engine's address, or null for the environment's
 * @param tlsCertPath the directory of the TLS client certificates (verified against {@code ca.pem}), or null for none
 */
public record EngineAddress(String host, Path tlsCertPath) {

    /** The word an engine list or {@code --engine} uses for the environment's engine. */
    public static final String LOCAL = "local";
    /** The files a certificate directory holds, as the docker CLI and dockerd name them. */
    public static final List<String> TLS_FILES = List.of("ca.pem", "cert.pem", "key.pem");

    /** The engine the environment names (DOCKER_HOST ..., else the local socket). */
    public static EngineAddress local() {
        return new EngineAddress(null, null);
    }

    /**
     * Reads an address as a user gives it: {@code local}, {@code unix:///PATH} or {@code tcp://HOST:PORT}.
     *
     * @param tlsCertPath a certificate directory for a TCP address, or null: then DOCKER_TLS_VERIFY and DOCKER_CERT_PATH
     *                    (or ~/.docker) decide, as for the docker CLI
     * @throws ReplayInputException naming what is wrong with the address or the certificate directory
     */
    public static EngineAddress parse(String text, Path tlsCertPath) {
        return parse(text, tlsCertPath, System.getenv());
    }

    static EngineAddress parse(String text, Path tlsCertPath, Map<String, String> environment) {
        String address = text == null ? "" : text.strip();
        if (address.isEmpty() || address.equals(LOCAL)) {
            if (tlsCertPath != null) {
                throw new ReplayInputException("a certificate directory (" + tlsCertPath + ") is for a tcp:// engine, not for "
                        + (address.isEmpty() ? "the environment's engine" : "'local'"));
            }
            return local();
        }
        URI uri;
        try {
            uri = new URI(address);
        } catch (URISyntaxException e) {
            throw new ReplayInputException("'" + address + "' is not an engine address: give local, unix:///PATH or tcp://HOST:PORT");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme();
        switch (scheme) {
            case "unix" -> {
                if (uri.getPath() == null || uri.getPath().isEmpty()) {
                    throw new ReplayInputException("'" + address + "' names no socket: give unix:///PATH");
                }
                if (tlsCertPath != null) {
                    throw new ReplayInputException("a certificate directory (" + tlsCertPath + ") is for a tcp:// engine, not for " + address);
                }
                return new EngineAddress(address, null);
            }
            case "tcp" -> {
                if (uri.getHost() == null || uri.getPort() < 0) {
                    throw new ReplayInputException("'" + address + "' needs a host and a port: tcp://HOST:PORT (2376 is dockerd's TLS port)");
                }
                Path certs = tlsCertPath != null ? tlsCertPath : environmentCertPath(environment);
                if (certs != null) {
                    checkCertificateDirectory(certs);
                }
                return new EngineAddress("tcp://" + uri.getHost() + ":" + uri.getPort(), certs);
            }
            default -> throw new ReplayInputException("'" + address + "' is not an engine address Forkline reaches: give local,"
                    + " unix:///PATH or tcp://HOST:PORT (with --tls-cert-path DIR for TLS)");
        }
    }

    /** The certificate directory DOCKER_TLS_VERIFY asks for (DOCKER_CERT_PATH, else ~/.docker), or null without TLS. */
    public static Path environmentCertPath(Map<String, String> environment) {
        String verify = environment.getOrDefault("DOCKER_TLS_VERIFY", "");
        if (verify.isEmpty() || verify.equals("0") || verify.equalsIgnoreCase("false")) {
            return null;
        }
        String certPath = environment.get("DOCKER_CERT_PATH");
        return certPath != null && !certPath.isBlank() ? Path.of(certPath) : Path.of(System.getProperty("user.home"), ".docker");
    }

    /**
     * Checks that {@code directory} holds the three readable files of a client certificate.
     *
     * @throws EngineCredentialsException naming the directory and the file missing
     */
    public static void checkCertificateDirectory(Path directory) {
        if (!Files.isDirectory(directory)) {
            throw new EngineCredentialsException("the TLS certificate directory " + directory + " does not exist: it must hold "
                    + String.join(", ", TLS_FILES) + " (the docker CLI's layout)", null);
        }
        for (String name : TLS_FILES) {
            Path file = directory.resolve(name);
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                throw new EngineCredentialsException("the TLS certificate directory " + directory + " has no readable " + name
                        + " (it must hold " + String.join(", ", TLS_FILES) + ", the docker CLI's layout)", null);
            }
        }
    }

    public boolean isLocal() {
        return host == null;
    }

    public boolean usesTls() {
        return tlsCertPath != null;
    }

    /** The address as messages and progress lines show it. */
    public String describe() {
        if (host == null) {
            return LOCAL;
        }
        return usesTls() ? host + " (TLS, certificates in " + tlsCertPath + ")" : host;
    }

    @Override
    public String toString() {
        return host == null ? LOCAL : host;
    }
}
