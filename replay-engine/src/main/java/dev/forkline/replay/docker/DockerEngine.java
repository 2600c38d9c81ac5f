package dev.forkline.replay.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.PullImageResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.zerodep.ZerodepDockerHttpClient;
import dev.forkline.replay.sandbox.EngineAddress;
import dev.forkline.replay.sandbox.EngineCredentialsException;
import dev.forkline.replay.sandbox.EngineUnavailableException;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.SandboxBackend;
import dev.forkline.replay.sandbox.SandboxException;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.WorkspaceFile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The Docker {@link SandboxBackend}: a Docker engine Forkline talks to, the one the environment names (DOCKER_HOST, DOCKER_TLS_VERIFY, DOCKER_CERT_PATH,
 * ~/.docker/config.json, like the docker CLI), or one at an {@link EngineAddress}, local or remote, over TLS with client
 * certificates. Every engine gets the same sandboxes: the boundary, labels, sweeping and limits do not depend on where
 * it runs, and workspaces travel as tar streams through the engine's API, never as bind mounts of local paths. This
 * package is the only one that uses docker-java (ArchitectureTest holds it): a sandbox is a {@link DockerSandbox}, a
 * container confined by {@link ConfinedContainers}, swept by {@link OrphanSweeper}.
 *
 * <p>Two clients share the configuration: {@link #client()} for control calls, with a short response timeout so
 * that a hung engine surfaces as an error, and {@link #streamingClient()} for attached exec streams, whose response
 * timeout only guards against a dead connection: the caller's own hard timeout ({@link Sandbox#exec(List, String, Map, Duration)}) ends a call.
 */
public final class DockerEngine implements SandboxBackend {

    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration CONTROL_RESPONSE_TIMEOUT = Duration.ofSeconds(60);
    public static final Duration STREAM_RESPONSE_TIMEOUT = Duration.ofHours(2);

    private static DockerEngine shared;

    private final DockerClientConfig config;
    private final EngineAddress address;
    private final DockerClient client;
    private final DockerClient streamingClient;

    private DockerEngine(DockerClientConfig config, EngineAddress address) {
        this.config = config;
        this.address = address;
        try {
            this.client = newClient(config, CONTROL_RESPONSE_TIMEOUT, 16);
            this.streamingClient = newClient(config, STREAM_RESPONSE_TIMEOUT, 32);
        } catch (RuntimeException e) {
            if (address.usesTls()) {
                throw new EngineCredentialsException("the TLS certificates in " + address.tlsCertPath() + " for the Docker engine at "
                        + address.host() + " cannot be read: " + rootCause(e).getMessage(), e);
            }
            throw e;
        }
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
        return connect(EngineAddress.local());
    }

    /** An engine at an explicit address such as {@code unix:///var/run/docker.sock} or {@code tcp://127.0.0.1:2375}, without TLS. */
    public static DockerEngine at(String dockerHost) {
        return connect(new EngineAddress(dockerHost, null));
    }

    /**
     * A new handle on the engine at {@code address}: over TLS, verified against the directory's {@code ca.pem} and
     * presenting its {@code cert.pem} and {@code key.pem}, when the address names one. Nothing is sent until the first
     * call ({@link #ping()} checks that the engine answers and accepts the certificates).
     *
     * @throws EngineCredentialsException when the certificate directory lacks a file or holds one that does not read
     */
    public static DockerEngine connect(EngineAddress address) {
        DefaultDockerClientConfig.Builder builder = DefaultDockerClientConfig.createDefaultConfigBuilder();
        if (address.isLocal()) {
            DockerClientConfig fromEnvironment = builder.build();
            Path environmentCerts = fromEnvironment.getSSLConfig() == null ? null
                    : EngineAddress.environmentCertPath(System.getenv());
            if (environmentCerts != null) {
                EngineAddress.checkCertificateDirectory(environmentCerts);
            }
            return new DockerEngine(fromEnvironment, new EngineAddress(null, environmentCerts));
        }
        builder.withDockerHost(address.host());
        if (address.usesTls()) {
            EngineAddress.checkCertificateDirectory(address.tlsCertPath());
            builder.withDockerTlsVerify(true).withDockerCertPath(address.tlsCertPath().toString());
        } else {
            builder.withDockerTlsVerify(false);
        }
        return new DockerEngine(builder.build(), address);
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

    /** How this engine was asked for ({@link EngineAddress#local()} for the environment's). */
    public EngineAddress address() {
        return address;
    }

    /** {@link #address()} as it was given: {@code local}, {@code unix:///PATH} or {@code tcp://HOST:PORT}. */
    @Override
    public String name() {
        return address.toString();
    }

    /**
     * Checks that an engine answers; throws {@link EngineUnavailableException} (with how to start one) when none does,
     * and {@link EngineCredentialsException} when the TLS handshake fails (certificates the engine refuses, or an
     * engine certificate the CA does not vouch for).
     */
    @Override
    public void ping() {
        try {
            client.pingCmd().exec();
        } catch (RuntimeException e) {
            Throwable cause = rootCause(e);
            if (isTlsFailure(e)) {
                throw new EngineCredentialsException("the Docker engine at " + dockerHost() + " and Forkline did not agree on TLS"
                        + (address.usesTls() ? " with the certificates in " + address.tlsCertPath() : "")
                        + " (" + cause.getMessage() + "): the engine must trust the client certificate (cert.pem, signed by"
                        + " the CA it was started with, --tlscacert) and ca.pem must be the CA that signed the engine's own", e);
            }
            throw new EngineUnavailableException(dockerHost(), cause);
        }
    }

    private static boolean isTlsFailure(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof javax.net.ssl.SSLException || cause instanceof java.security.GeneralSecurityException) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Optional<String> localImageId(String image) {
        try {
            return Optional.of(client.inspectImageCmd(image).exec().getId());
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<String> pullImage(String image, Duration timeout) {
        String repository = image;
        String tag = null;
        if (!image.contains("@")) {
            int colon = image.lastIndexOf(':');
            if (colon > image.lastIndexOf('/')) {
                repository = image.substring(0, colon);
                tag = image.substring(colon + 1);
            } else {
                tag = "latest";
            }
        }
        PullImageResultCallback callback = null;
        try {
            var command = client.pullImageCmd(repository);
            if (tag != null) {
                command = command.withTag(tag);
            }
            callback = command.exec(new PullImageResultCallback());
            if (!callback.awaitCompletion(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return Optional.of("no answer within " + timeout.toSeconds() + " s");
            }
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        } catch (RuntimeException e) {
            return Optional.of(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip());
        } finally {
            if (callback != null) {
                try {
                    callback.close();
                } catch (Exception ignored) {
                    // the pull stream is finished or abandoned either way
                }
            }
        }
    }

    @Override
    public List<String> imageTags() {
        return client.listImagesCmd().exec().stream()
                .flatMap(image -> image.getRepoTags() == null ? Stream.empty() : Arrays.stream(image.getRepoTags()))
                .filter(tag -> !tag.equals("<none>:<none>"))
                .sorted()
                .toList();
    }

    /** A new container inside {@code boundary}, its workspace copied in as a tar before it starts (see {@link DockerSandbox}). */
    @Override
    public Sandbox start(IsolationBoundary boundary, SandboxLabels labels, Collection<WorkspaceFile> workspace) {
        return DockerSandbox.start(this, boundary, labels, workspace);
    }

    @Override
    public String startForInspection(IsolationBoundary boundary, Map<String, String> labels, Collection<WorkspaceFile> workspace) {
        String id = ConfinedContainers.create(this, boundary, labels);
        try {
            if (!workspace.isEmpty()) {
                ConfinedContainers.copyIn(this, id, boundary, workspace);
            }
            client.startContainerCmd(id).exec();
            return id;
        } catch (IOException | RuntimeException e) {
            remove(id);
            throw new SandboxException("could not start the inspection container: " + e.getMessage(), id, null, null, e);
        }
    }

    /** Removes the container and its volumes ({@code docker rm -f -v}); one already gone is no error. */
    @Override
    public void remove(String sandboxId) {
        ContainerRemoval.on(client).remove(sandboxId);
    }

    @Override
    public void sweepOrphansOnce() {
        OrphanSweeper.sweepOnceAtStart(this);
    }

    @Override
    public List<String> sweepOrphans() {
        return new OrphanSweeper(this).sweep();
    }

    @Override
    public List<String> sweepOwn() {
        return new OrphanSweeper(this).sweepOwn();
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

    /** Closes the engine's clients; containers are not removed by it. */
    @Override
    public void close() throws IOException {
        client.close();
        streamingClient.close();
    }
}
