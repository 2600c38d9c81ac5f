package dev.forkline.replay.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.command.InspectExecResponse;
import com.github.dockerjava.api.command.InspectImageResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Frame;
import dev.forkline.replay.sandbox.BoundedBuffer;
import dev.forkline.replay.sandbox.CallEnding;
import dev.forkline.replay.sandbox.ContainerState;
import dev.forkline.replay.sandbox.EnvironmentIdentity;
import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.replay.sandbox.ImageUnavailableException;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.ManifestListing;
import dev.forkline.replay.sandbox.OomKills;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.SandboxException;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.SandboxLostException;
import dev.forkline.replay.sandbox.TarArchives;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.replay.sandbox.WorkspaceListing;
import dev.forkline.replay.sandbox.WorkspaceManifest;
import dev.forkline.replay.sandbox.WorkspaceOwners;
import dev.forkline.replay.sandbox.WorkspacePaths;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link Sandbox} on a Docker engine: one isolated container with a workspace. Built like a Testcontainers container:
 * labelled, the workspace copied in as a tar before start, a hard timeout on every call, state and logs captured on
 * failure, always removed with its volumes.
 *
 * <p>Calls run one at a time: a timed-out call is ended by killing every process in the container except its idle
 * init, which is exact only because no other call runs beside it (background processes left by earlier calls die too).
 */
final class DockerSandbox implements Sandbox {

    static final Duration INTERNAL_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration KILL_GRACE = Duration.ofSeconds(10);
    private static final Duration STATE_SETTLE = Duration.ofSeconds(2);
    private static final int INTERNAL_OUTPUT_LIMIT = 64 << 20;

    private static final Logger LOG = LoggerFactory.getLogger(DockerSandbox.class);
    private static final Set<DockerSandbox> OPEN = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> List.copyOf(OPEN).forEach(DockerSandbox::close), "forkline-sandbox-cleanup"));
    }

    private final DockerEngine engine;
    private final IsolationBoundary boundary;
    private final SandboxLabels labels;
    private final String containerId;
    private final ReentrantLock callLock = new ReentrantLock();
    private volatile String imageId;
    /** The workspace as the init listed it at start; dropped as soon as anything may have changed it. */
    private volatile WorkspaceManifest listedAtStart;
    /** The last listing of the workspace, whoever changed it since (guarded by {@link #callLock}); null before the first. */
    private ManifestListing.Parsed lastListing;
    private volatile boolean closed;
    /** The sandbox's out-of-memory kill count when last read (guarded by {@link #callLock}); 0 for a new container. */
    private long oomKillsSeen;

    private DockerSandbox(DockerEngine engine, IsolationBoundary boundary, SandboxLabels labels, String containerId) {
        this.engine = engine;
        this.boundary = boundary;
        this.labels = labels;
        this.containerId = containerId;
    }

    /**
     * Creates a container inside {@code boundary}, copies {@code workspace} into it before it starts, and starts it.
     * The image must be present locally (see {@link dev.forkline.replay.sandbox.ImageResolver}).
     */
    static DockerSandbox start(DockerEngine engine, IsolationBoundary boundary, SandboxLabels labels,
                                Collection<WorkspaceFile> workspace) {
        engine.ping();
        String containerId;
        try {
            containerId = ConfinedContainers.create(engine, boundary, labels.toMap(), StartupListing.initCommand(boundary.workspace()));
        } catch (NotFoundException e) {
            throw new ImageUnavailableException("image " + boundary.image() + " is not present locally (build the default with"
                    + " packaging/sandbox-image/build)", e);
        }
        DockerSandbox sandbox = new DockerSandbox(engine, boundary, labels, containerId);
        OPEN.add(sandbox);
        try (StartupListing listing = StartupListing.attach(engine, containerId, INTERNAL_OUTPUT_LIMIT)) {
            if (!workspace.isEmpty()) {
                sandbox.copyIn(workspace);
            }
            listing.awaitAttached();
            engine.client().startContainerCmd(sandbox.containerId).exec();
            InspectContainerResponse started = engine.client().inspectContainerCmd(sandbox.containerId).exec();
            if (!containerState(started.getState()).running()) {
                throw sandbox.failure("the sandbox did not stay up after start", null);
            }
            sandbox.imageId = started.getImageId();
            sandbox.ensureWorkspaceWritable(sandbox.imageId);
            // without it, the first manifest() lists the workspace with an exec instead
            ManifestListing.Parsed atStart = listing.await(INTERNAL_TIMEOUT).orElse(null);
            sandbox.lastListing = atStart;
            sandbox.listedAtStart = atStart == null ? null : atStart.manifest();
            return sandbox;
        } catch (RuntimeException e) {
            // reading the state for the message fails too when the engine went away: the sandbox is closed either way
            SandboxException failure = null;
            try {
                failure = e instanceof SandboxException se ? se : sandbox.failure("could not start the sandbox", e);
            } finally {
                try {
                    sandbox.close();
                } catch (RuntimeException closing) {
                    (failure != null ? failure : e).addSuppressed(closing);
                }
            }
            throw failure;
        }
    }

    /**
     * An image without a workspace directory owned by the sandbox user leaves the new volume owned by root. Root owns
     * it, so root can open it up without any capability (all are dropped); ownership of the files themselves comes from
     * the tar headers. The owner is probed once per image (see {@link WorkspaceOwners}), not on every start.
     */
    private void ensureWorkspaceWritable(String imageId) {
        OptionalInt owner = WorkspaceOwners.known(imageId, boundary.workspace());
        if (owner.isEmpty()) {
            owner = probeWorkspaceOwner();
            owner.ifPresent(uid -> WorkspaceOwners.learn(imageId, boundary.workspace(), uid));
        }
        if (owner.isPresent() && owner.getAsInt() == boundary.uid()) {
            return;
        }
        String execId = engine.client().execCreateCmd(containerId)
                .withCmd("chmod", "0777", boundary.workspace())
                .withUser("0:0")
                .withAttachStdout(true).withAttachStderr(true)
                .exec().getId();
        try {
            ResultCallback.Adapter<Frame> done = engine.client().execStartCmd(execId).exec(new ResultCallback.Adapter<>());
            done.awaitCompletion(INTERNAL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            closeQuietly(done);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Integer exit = exitCodeOf(execId);
        if (exit == null || exit != 0) {
            throw failure("the workspace " + boundary.workspace() + " is not writable by " + boundary.user()
                    + " and could not be opened up (exit " + exit + ")", null);
        }
    }

    /** The uid owning the workspace directory, read inside the container; empty when it cannot be read. */
    private OptionalInt probeWorkspaceOwner() {
        ExecResult stat = exec(List.of("stat", "-c", "%u", boundary.workspace()), "/", Map.of(), INTERNAL_TIMEOUT, 4096);
        if (!stat.succeeded()) {
            LOG.warn("could not read the owner of {} in sandbox {} (exit {}): {}", boundary.workspace(), containerId,
                    stat.exitCode(), stat.stderrText().strip());
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(stat.stdoutText().strip()));
        } catch (NumberFormatException e) {
            LOG.warn("unexpected owner of {} in sandbox {}: '{}'", boundary.workspace(), containerId, stat.stdoutText().strip());
            return OptionalInt.empty();
        }
    }

    /** The workspace as the init listed it at start, while nothing can have changed it since. */
    Optional<WorkspaceManifest> listedAtStart() {
        return Optional.ofNullable(listedAtStart);
    }

    @Override
    public String containerId() {
        return containerId;
    }

    /** The id ({@code sha256:...}) of the image the container runs, as the engine reported it at start. */
    @Override
    public String imageId() {
        return imageId;
    }

    @Override
    public IsolationBoundary boundary() {
        return boundary;
    }

    @Override
    public SandboxLabels labels() {
        return labels;
    }

    /**
     * Runs {@code argv} (no shell unless argv asks for one) as the boundary's user.
     *
     * @param cwd     working directory; null means the workspace root, a relative path is taken inside the workspace
     * @param env     extra environment variables
     * @param timeout hard limit: past it every process of the call is killed and {@link ExecResult#timedOut()} is true
     * @throws SandboxLostException when the container stopped during the call
     */
    @Override
    public ExecResult exec(List<String> argv, String cwd, Map<String, String> env, Duration timeout) {
        listedAtStart = null;
        return exec(argv, cwd, env, timeout, OUTPUT_LIMIT, false);
    }

    /**
     * Like {@link #exec(List, String, Map, Duration)} on a pseudo-terminal, as an interactive shell session runs
     * commands (SWE-agent's): programs see a terminal (ls prints columns) and the terminal writes {@code \r\n} line ends;
     * stdout and stderr arrive together, as {@link ExecResult#stdout()}.
     */
    @Override
    public ExecResult execInTerminal(List<String> argv, String cwd, Map<String, String> env, Duration timeout) {
        listedAtStart = null;
        return exec(argv, cwd, env, timeout, OUTPUT_LIMIT, true);
    }

    private ExecResult exec(List<String> argv, String cwd, Map<String, String> env, Duration timeout, int outputLimit) {
        return exec(argv, cwd, env, timeout, outputLimit, false);
    }

    private ExecResult exec(List<String> argv, String cwd, Map<String, String> env, Duration timeout, int outputLimit, boolean terminal) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("empty argv");
        }
        ensureOpen();
        callLock.lock();
        try {
            return execLocked(argv, resolveCwd(cwd), env == null ? Map.of() : env, timeout, outputLimit, true, terminal);
        } finally {
            callLock.unlock();
        }
    }

    /** @param lookForOom after a kill, read whether the out-of-memory killer did it (not for that read itself) */
    private ExecResult execLocked(List<String> argv, String cwd, Map<String, String> env, Duration timeout, int outputLimit,
                                  boolean lookForOom, boolean terminal) {
        DockerClient docker = engine.client();
        List<String> envList = new ArrayList<>();
        env.forEach((k, v) -> envList.add(k + "=" + v));
        String execId;
        try {
            execId = docker.execCreateCmd(containerId)
                    .withCmd(argv.toArray(String[]::new))
                    .withWorkingDir(cwd)
                    .withEnv(envList)
                    .withUser(boundary.user())
                    .withAttachStdout(true)
                    .withAttachStderr(true)
                    .withTty(terminal)
                    .exec().getId();
        } catch (RuntimeException e) {
            throw lostOrFailed("could not create the call " + argv, e);
        }
        BoundedBuffer out = new BoundedBuffer(outputLimit);
        BoundedBuffer err = new BoundedBuffer(outputLimit);
        long started = System.nanoTime();
        boolean timedOut = false;
        ResultCallback.Adapter<Frame> stream = engine.streamingClient().execStartCmd(execId).withTty(terminal).exec(new ResultCallback.Adapter<>() {
            @Override
            public void onNext(Frame frame) {
                switch (frame.getStreamType()) {
                    case STDERR -> err.write(frame.getPayload());
                    case STDOUT, RAW -> out.write(frame.getPayload());
                    default -> {
                    }
                }
            }
        });
        try {
            if (!stream.awaitCompletion(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                timedOut = true;
                killCallProcesses();
                stream.awaitCompletion(KILL_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            killCallProcesses();
            throw new SandboxException("interrupted while running " + argv, containerId, null, null, e);
        } catch (RuntimeException e) {
            throw lostOrFailed("the call " + argv + " failed", e);
        } finally {
            closeQuietly(stream);
        }
        long durationMs = (System.nanoTime() - started) / 1_000_000;
        Integer exitCode = exitCodeOf(execId);
        if (CallEnding.mayMeanTheSandboxStopped(exitCode, timedOut)) {
            ContainerState state = stateAfterCall(CallEnding.looksKilled(exitCode, timedOut));
            if (!state.running()) {
                throw new SandboxLostException("the sandbox stopped during " + argv, containerId, state, logsQuietly(), null);
            }
        }
        boolean oomKilled = lookForOom && CallEnding.looksKilled(exitCode, timedOut) && oomKillsSinceLastLook();
        return new ExecResult(exitCode == null ? -1 : exitCode, out.toByteArray(), err.toByteArray(), out.truncated(),
                err.truncated(), durationMs, timedOut, oomKilled);
    }

    /**
     * Whether the kernel's out-of-memory killer acted in the sandbox since the last look: read after a call that was
     * killed, so that a call killed at the memory limit is told from one killed otherwise (both end with 137). An
     * unreadable counter (no memory cgroup, or no process left to read it with) counts as no.
     */
    private boolean oomKillsSinceLastLook() {
        ExecResult counters;
        try {
            counters = execLocked(List.of("sh", "-c", OomKills.READ), "/", Map.of(), INTERNAL_TIMEOUT, 4096, false, false);
        } catch (SandboxException e) {
            return false;
        }
        long now = OomKills.count(counters.stdoutText());
        boolean more = now > oomKillsSeen;
        oomKillsSeen = Math.max(oomKillsSeen, now);
        return more;
    }

    /**
     * The container's state after a call that may have lost it. A call whose container died returns like a killed
     * process, and the engine may report the container as running for a moment after its processes are gone: when
     * {@code looksKilled}, a running state is read again for up to {@link #STATE_SETTLE}.
     */
    private ContainerState stateAfterCall(boolean looksKilled) {
        ContainerState state = state();
        long settleDeadline = System.nanoTime() + STATE_SETTLE.toNanos();
        while (looksKilled && state.running() && System.nanoTime() < settleDeadline) {
            sleep(50);
            state = state();
        }
        return state;
    }

    /** The exec's exit code once the engine reports it ended; null when it cannot be read within {@link #KILL_GRACE}. */
    private Integer exitCodeOf(String execId) {
        long deadline = System.nanoTime() + KILL_GRACE.toNanos();
        long pause = 1;
        while (true) {
            InspectExecResponse inspected;
            try {
                inspected = engine.client().inspectExecCmd(execId).exec();
            } catch (RuntimeException e) {
                return null;
            }
            if (!Boolean.TRUE.equals(inspected.isRunning())) {
                return inspected.getExitCodeLong() == null ? null : inspected.getExitCodeLong().intValue();
            }
            if (System.nanoTime() > deadline) {
                return null;
            }
            // the stream closes as the process ends; the engine records the exit a moment later
            sleep(pause);
            pause = Math.min(pause * 2, 50);
        }
    }

    /** Kills every process in the container except its idle init (kill(-1) spares PID 1 and the caller). */
    private void killCallProcesses() {
        DockerClient docker = engine.client();
        try {
            String killer = docker.execCreateCmd(containerId)
                    .withCmd("sh", "-c", "kill -KILL -1 2>/dev/null; exit 0")
                    .withUser(boundary.user())
                    .withAttachStdout(true).withAttachStderr(true)
                    .exec().getId();
            ResultCallback.Adapter<Frame> done = docker.execStartCmd(killer).exec(new ResultCallback.Adapter<>());
            if (done.awaitCompletion(KILL_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                closeQuietly(done);
                return;
            }
            closeQuietly(done);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // falls through: the process table may be full (pids limit), so the container itself is killed
        }
        kill();
    }

    /**
     * The workspace's manifest, as {@link #manifest()}, and the contents of regular files that changed since the
     * previous listing where the image lets one exec send them along (GNU tools: files below
     * {@link #LISTED_CONTENT_LIMIT}, each checked against its hash). A changed file may be missing from the contents
     * (a busybox image, a larger file, one unreadable by the sandbox user): {@link #pullFiles} reads those.
     */
    @Override
    public WorkspaceListing list() {
        WorkspaceManifest listed = listedAtStart;
        if (listed != null) {
            return new WorkspaceListing(listed, Map.of());
        }
        ensureOpen();
        callLock.lock();
        try {
            ManifestListing.Parsed previous = lastListing;
            boolean incremental = previous != null && ManifestListing.GNU.equals(previous.mode()) && previous.nextSince() != null;
            ManifestListing.Parsed parsed = incremental ? runListing(previous, previous.nextSince(), LISTED_CONTENT_LIMIT) : null;
            if (parsed != null && !parsed.complete()) {
                LOG.debug("sandbox {}: a file changed without a newer status time; listing the whole workspace again", containerId);
                parsed = null;
            }
            if (parsed == null) {
                parsed = runListing(null, null, 0);
            }
            lastListing = parsed;
            return new WorkspaceListing(parsed.manifest(), parsed.contents());
        } finally {
            callLock.unlock();
        }
    }

    /**
     * One listing exec: in full ({@code since} null) or of what changed since {@code previous}; null when an incremental
     * listing's output passed the limit (its contents did), so that the caller lists again in full.
     */
    private ManifestListing.Parsed runListing(ManifestListing.Parsed previous, String since, int contentLimit) {
        String mode = previous == null ? (lastListing == null ? null : lastListing.mode()) : previous.mode();
        List<String> argv = new ArrayList<>(List.of("sh", "-c", ManifestListing.SCRIPT));
        argv.addAll(ManifestListing.arguments(boundary.workspace(), mode, since, contentLimit));
        ExecResult listing = exec(argv, "/", Map.of(), INTERNAL_TIMEOUT, INTERNAL_OUTPUT_LIMIT);
        if (since != null && listing.succeeded() && listing.stdoutTruncated()) {
            return null;
        }
        if (!listing.succeeded() || listing.stdoutTruncated()) {
            throw failure("reading the workspace manifest failed (exit " + listing.exitCode() + "): " + listing.stderrText(), null);
        }
        return ManifestListing.parse(listing.stdout(), since == null ? null : previous, since);
    }

    /** The files and links of the workspace, with content, through the engine's archive API. */
    @Override
    public Map<String, WorkspaceFile> pullWorkspace() {
        ensureOpen();
        try (InputStream archive = engine.client().copyArchiveFromContainerCmd(containerId, boundary.workspace()).exec()) {
            return TarArchives.read(archive, PULL_LIMIT);
        } catch (IOException | RuntimeException e) {
            throw lostOrFailed("pulling the workspace failed", e);
        }
    }

    /** Adds or overwrites files in the workspace of the running sandbox. */
    @Override
    public void putFiles(Collection<WorkspaceFile> files) {
        ensureOpen();
        listedAtStart = null;
        copyIn(files);
    }

    /**
     * Adds files under {@code directory}, an existing absolute directory outside the workspace (an agent's tools), owned
     * by the boundary's user; they are not part of the workspace and no manifest lists them.
     */
    @Override
    public void putFilesOutsideWorkspace(String directory, Collection<WorkspaceFile> files) {
        ensureOpen();
        if (!directory.startsWith("/") || directory.equals(boundary.workspace()) || directory.startsWith(boundary.workspace() + "/")) {
            throw new IllegalArgumentException("not a directory outside the workspace: " + directory);
        }
        try {
            ConfinedContainers.copyIn(engine, containerId, boundary, directory, files);
        } catch (IOException e) {
            throw new SandboxException("could not build the archive for " + directory, containerId, null, null, e);
        } catch (RuntimeException e) {
            throw lostOrFailed("copying files into " + directory + " failed", e);
        }
    }

    /** Empties the workspace and fills it with {@code files}: how a checkpoint is restored into a running sandbox. */
    @Override
    public void replaceWorkspace(Collection<WorkspaceFile> files) {
        listedAtStart = null;
        ExecResult wipe = exec(List.of("find", boundary.workspace(), "-mindepth", "1", "-maxdepth", "1", "-exec", "rm", "-rf", "{}", "+"), "/", Map.of(),
                INTERNAL_TIMEOUT, INTERNAL_OUTPUT_LIMIT);
        if (!wipe.succeeded()) {
            throw failure("emptying the workspace failed: " + wipe.stderrText(), null);
        }
        if (!files.isEmpty()) {
            copyIn(files);
        }
    }

    private void copyIn(Collection<WorkspaceFile> files) {
        try {
            ConfinedContainers.copyIn(engine, containerId, boundary, files);
        } catch (IOException e) {
            throw new SandboxException("could not build the workspace archive", containerId, null, null, e);
        } catch (RuntimeException e) {
            throw lostOrFailed("copying files into the workspace failed", e);
        }
    }

    /** Who and what the sandbox is, read from the image and from inside the container. */
    @Override
    public EnvironmentIdentity identity() {
        InspectImageResponse image = engine.client().inspectImageCmd(boundary.image()).exec();
        List<String> digests = image.getRepoDigests();
        String digest = digests == null || digests.isEmpty() ? null : digests.getFirst();
        return EnvironmentIdentity.read(boundary, image.getId(), digest, this::probe);
    }

    /** Runs a short internal command (identity probes and the like) with the internal timeout. */
    private ExecResult probe(List<String> argv) {
        return exec(argv, "/", Map.of(), INTERNAL_TIMEOUT, INTERNAL_OUTPUT_LIMIT);
    }

    @Override
    public ContainerState state() {
        try {
            return containerState(engine.client().inspectContainerCmd(containerId).exec().getState());
        } catch (NotFoundException e) {
            return ContainerState.gone();
        }
    }

    /** The last {@code lines} lines of the container's own output (its init's stdout and stderr). */
    @Override
    public String logs(int lines) {
        StringBuilder text = new StringBuilder();
        ResultCallback.Adapter<Frame> callback = engine.client().logContainerCmd(containerId)
                .withStdOut(true).withStdErr(true).withTail(lines)
                .exec(new ResultCallback.Adapter<>() {
                    @Override
                    public void onNext(Frame frame) {
                        synchronized (text) {
                            text.append(new String(frame.getPayload(), StandardCharsets.UTF_8));
                        }
                    }
                });
        try {
            callback.awaitCompletion(KILL_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeQuietly(callback);
        }
        synchronized (text) {
            return text.toString();
        }
    }

    /** Kills the container (SIGKILL) without removing it: what losing a sandbox looks like. */
    @Override
    public void kill() {
        listedAtStart = null;
        try {
            engine.client().killContainerCmd(containerId).exec();
        } catch (RuntimeException e) {
            // already stopped or gone: nothing left to kill
        }
    }

    /** Removes the container and its workspace volume. Safe to call more than once. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        OPEN.remove(this);
        ContainerRemoval.on(engine.client()).remove(containerId);
    }

    /** The engine's report of a container's state, as the engine-neutral {@link ContainerState}. */
    static ContainerState containerState(InspectContainerResponse.ContainerState s) {
        if (s == null) {
            return new ContainerState("unknown", false, false, null, null);
        }
        return new ContainerState(s.getStatus(), Boolean.TRUE.equals(s.getRunning()), Boolean.TRUE.equals(s.getOOMKilled()),
                s.getExitCodeLong() == null ? null : s.getExitCodeLong().intValue(),
                s.getError() == null || s.getError().isEmpty() ? null : s.getError());
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("sandbox " + containerId + " is closed");
        }
    }

    private String resolveCwd(String cwd) {
        if (cwd == null || cwd.isEmpty() || cwd.equals(".")) {
            return boundary.workspace();
        }
        return cwd.startsWith("/") ? cwd : boundary.workspace() + "/" + WorkspacePaths.normalize(cwd);
    }

    private SandboxException lostOrFailed(String message, Exception cause) {
        ContainerState state = state();
        if (!state.running()) {
            return new SandboxLostException(message + ": the sandbox is no longer running", containerId, state, logsQuietly(), cause);
        }
        return new SandboxException(message, containerId, state, logsQuietly(), cause);
    }

    private SandboxException failure(String message, Exception cause) {
        return new SandboxException(message, containerId, state(), logsQuietly(), cause);
    }

    private String logsQuietly() {
        try {
            return logs(50);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // closing a finished stream has nothing useful to report
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
