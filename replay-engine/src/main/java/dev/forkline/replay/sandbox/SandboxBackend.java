package dev.forkline.replay.sandbox;

import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where sandboxes run: the seam between the replay logic (the replay engine, the fan-out, the scenario recorder, the
 * prepared pool) and the engine that isolates their calls. The replay logic reaches an engine only through this
 * interface and {@link Sandbox}; the one implementation shipped is {@code dev.forkline.replay.docker.DockerEngine}, a
 * local or remote Docker engine. docs/scale.md maps each operation onto a Kubernetes Pod, so that a cluster backend is
 * a drop-in; none is shipped, as nothing here could test it.
 *
 * <p>Whatever the backend, a sandbox gets the same {@link IsolationBoundary}, the same {@link SandboxLabels}, a
 * workspace that arrives as a tar stream (never a mount of a local path), a hard timeout on every call, and removal
 * when its owner is done or gone.
 */
public interface SandboxBackend extends AutoCloseable {

    /** The engine as it was asked for, as messages and the fan-out's progress lines name it ({@code local}, {@code tcp://HOST:PORT}). */
    String name();

    /**
     * Checks that the engine answers.
     *
     * @throws EngineUnavailableException  when it does not (with how to start one)
     * @throws EngineCredentialsException  when it refuses the client's credentials, or they do not vouch for it
     */
    void ping();

    /** True when the engine answers; refused credentials are still thrown ({@link #ping()}). */
    default boolean isAvailable() {
        try {
            ping();
            return true;
        } catch (EngineUnavailableException e) {
            return false;
        }
    }

    /** The id ({@code sha256:...}) of {@code image} when the engine has it at hand; empty when it has no such image. */
    Optional<String> localImageId(String image);

    /**
     * Fetches {@code image} from its registry within {@code timeout}.
     *
     * @return empty once it was fetched, else what went wrong (no answer in time, the registry's refusal)
     */
    Optional<String> pullImage(String image, Duration timeout);

    /** The tags ({@code name:tag}) of the images the engine has at hand, sorted: what a reviewer may ask a replay to run in. */
    List<String> imageTags();

    /**
     * Starts a sandbox inside {@code boundary}, labelled {@code labels} (with this process as its owner), its workspace
     * filled with {@code workspace} from a tar stream before its init runs. The image must be at hand
     * ({@link ImageResolver}).
     *
     * @throws ImageUnavailableException when the image is not
     * @throws SandboxException          when the sandbox did not start or stay up; nothing is left behind
     */
    Sandbox start(IsolationBoundary boundary, SandboxLabels labels, Collection<WorkspaceFile> workspace);

    /**
     * Starts a sandbox that outlives this process, for someone to inspect a restored checkpoint: confined by
     * {@code boundary}, labelled {@code labels} only (no owner, so no sweep removes it), its workspace filled with
     * {@code workspace}. Returns its id; whoever inspects it removes it.
     *
     * @throws SandboxException when it could not be started; nothing is left behind
     */
    String startForInspection(IsolationBoundary boundary, Map<String, String> labels, Collection<WorkspaceFile> workspace);

    /** Removes the sandbox {@code sandboxId} (started here, by any process) with its workspace. */
    void remove(String sandboxId);

    /**
     * The sweep a process makes on each engine before its first sandbox there: the sandboxes of earlier, dead owners
     * go ({@link #sweepOrphans()}); later calls for the same engine do nothing.
     */
    void sweepOrphansOnce();

    /**
     * Removes every Forkline sandbox on the engine whose owner process (host, pid and that pid's start time, from its
     * labels: {@link SandboxLabels#isOrphan}) is gone; returns their ids. A live owner's sandboxes are never touched.
     */
    List<String> sweepOrphans();

    /**
     * Removes this process's own sandboxes on the engine, whatever state they are in ({@link SandboxLabels#isOwnedByThisProcess}):
     * what a fan-out does on each engine when it has finished. Returns their ids.
     */
    List<String> sweepOwn();

    /** Lets go of the engine's connections; sandboxes are not removed by it. */
    @Override
    void close() throws IOException;
}
