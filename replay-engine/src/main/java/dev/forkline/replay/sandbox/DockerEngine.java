package dev.forkline.replay.sandbox;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.zerodep.ZerodepDockerHttpClient;

import java.io.IOException;
import java.time.Duration;

/**
 * The Docker engine Forkline talks to, configured from the environment (DOCKER_HOST, DOCKER_TLS_VERIFY,
 * DOCKER_CERT_PATH, ~/.docker/config.json) like the docker CLI.
 *
 * <p>Two clients share the configuration: {@link #client()} for control calls, with a short response timeout so
 * that a hung engine surfaces as an error, and {@link #streamingClient()} for attached exec streams, whose response
 * timeout only guards against a dead connection: the caller's own hard timeout ({@link Sandbox#exec}) ends a call.
 */
public final class DockerEngine implements AutoCloseable {

    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration CONTROL_RESPONSE_TIMEOUT = Duration.ofSeconds(60);
    public static final Duration STREAM_RESPONSE_TIMEOUT = Duration.ofHours(2);

    private static DockerEngine shared;

    private final DockerClientConfig config;
    private final DockerClient client;
    private final DockerClient streamingClient;

    private DockerEngine(DockerClientConfig config) {
        this.config = config;
        this.client = newClient(config, CONTROL_RESPONSE_TIMEOUT, 16);
        this.streamingClient = newClient(config, STREAM_RESPONSE_TIMEOUT, 32);
    }

    /** The engine named by the environment, shared by the whole process (close it only at exit). */
    public static synchronized DockerEngine shared() {
        if (shared == null) {
            shared = fromEnvironment();
        }
        return shared;
    }

    /** A new, unshared engine handle from the environment (tests, tools). */
    public static DockerEngine fromEnvironment() {
        return new DockerEngine(DefaultDockerClientConfig.createDefaultConfigBuilder().build());
    }

    /** An engine at an explicit address such as {@code unix:///var/run/docker.sock} or {@code tcp://127.0.0.1:2375}. */
    public static DockerEngine at(String dockerHost) {
        return new DockerEngine(DefaultDockerClientConfig.createDefaultConfigBuilder().withDockerHost(dockerHost).build());
    }

    private static DockerClient newClient(DockerClientConfig config, Duration responseTimeout, int maxConnections) {
        ZerodepDockerHttpClient http = new ZerodepDockerHttpClient.Builder()
                .dockerHost(config.getDockerHost())
                .sslConfig(config.getSSLConfig())
                .maxConnections(maxConnections)
                .connectionTimeout(CONNECT_TIMEOUT)
                .responseTimeout(responseTimeout)
                .build();
        return DockerClientImpl.getInstance(config, http);
    }

    public String dockerHost() {
        return config.getDockerHost().toString();
    }

    /** Checks that an engine answers; throws {@link EngineUnavailableException} (with how to start one) when none does. */
    public void ping() {
        try {
            client.pingCmd().exec();
        } catch (RuntimeException e) {
            throw new EngineUnavailableException(dockerHost(), rootCause(e));
        }
    }

    /** True when an engine answers; never throws. */
    public boolean isAvailable() {
        try {
            ping();
            return true;
        } catch (EngineUnavailableException e) {
            return false;
        }
    }

    public DockerClient client() {
        return client;
    }

    public DockerClient streamingClient() {
        return streamingClient;
    }

    private static Throwable rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    @Override
    public void close() throws IOException {
        client.close();
        streamingClient.close();
    }
}
