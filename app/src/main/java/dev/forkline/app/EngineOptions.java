package dev.forkline.app;

import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.EngineAddress;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --engine ADDRESS} and {@code --tls-cert-path DIR}: the Docker engine a command's sandboxes run on. Without them,
 * the environment's (DOCKER_HOST, DOCKER_TLS_VERIFY, DOCKER_CERT_PATH, as the docker CLI reads them).
 */
final class EngineOptions {

    @Option(names = "--engine", paramLabel = "ADDRESS", description = "The Docker engine: local (the environment's, DOCKER_HOST ...),"
            + " unix:///PATH or tcp://HOST:PORT (a remote engine; TLS with --tls-cert-path or DOCKER_TLS_VERIFY and DOCKER_CERT_PATH).")
    String address;

    @Option(names = "--tls-cert-path", paramLabel = "DIR", description = "TLS client certificates for a tcp:// engine: ca.pem, cert.pem"
            + " and key.pem (the docker CLI's layout).")
    Path tlsCertPath;

    /** The engine the options name, not yet reached (the first call pings it). */
    DockerEngine open() {
        if (address == null) {
            if (tlsCertPath != null) {
                throw new UserInputException("--tls-cert-path is for a remote engine: give --engine tcp://HOST:PORT with it");
            }
            return Engines.docker();
        }
        EngineAddress parsed = EngineAddress.parse(address, tlsCertPath);
        return parsed.isLocal() ? Engines.docker() : DockerEngine.connect(parsed);
    }
}
