package dev.forkline.replay.sandbox;

import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One isolated sandbox with a workspace, as a {@link SandboxBackend} started it: what a replay, a recording and a
 * prepared pool drive. Every call runs as the boundary's user under a hard timeout; the sandbox is labelled, and
 * removed with its workspace by {@link #close()}. Calls run one at a time.
 *
 * <p>The Docker backend's sandbox is a container ({@code dev.forkline.replay.docker}); docs/scale.md maps each
 * operation onto a Kubernetes Pod.
 */
public interface Sandbox extends AutoCloseable {

    /** Bytes of stdout and of stderr kept per call. */
    int OUTPUT_LIMIT = 1 << 20;
    /** Files below this size that changed since the previous listing come back with it ({@link #list()}). */
    int LISTED_CONTENT_LIMIT = 1 << 20;
    /** Largest workspace {@link #pullWorkspace()} accepts. */
    long PULL_LIMIT = 256L << 20;

    /** The backend's id of the sandbox: a Docker container's id (what {@code docker rm} takes). */
    String containerId();

    /** The id ({@code sha256:...}) of the image the sandbox runs, as the backend reported it at start. */
    String imageId();

    IsolationBoundary boundary();

    SandboxLabels labels();

    /**
     * Runs {@code argv} (no shell unless argv asks for one) as the boundary's user.
     *
     * @param cwd     working directory; null means the workspace root, a relative path is taken inside the workspace
     * @param env     extra environment variables
     * @param timeout hard limit: past it every process of the call is killed and {@link ExecResult#timedOut()} is true
     * @throws SandboxLostException when the sandbox stopped during the call
     */
    ExecResult exec(List<String> argv, String cwd, Map<String, String> env, Duration timeout);

    /**
     * Like {@link #exec(List, String, Map, Duration)} on a pseudo-terminal, as an interactive shell session runs
     * commands (SWE-agent's): programs see a terminal (ls prints columns) and the terminal writes {@code \r\n} line ends;
     * stdout and stderr arrive together, as {@link ExecResult#stdout()}.
     */
    ExecResult execInTerminal(List<String> argv, String cwd, Map<String, String> env, Duration timeout);

    /** Runs a recorded call again (see {@link RecordedExec#of}). */
    default ExecResult exec(RecordedExec recorded) {
        return exec(recorded.argv(), recorded.cwd(), recorded.env(), recorded.timeout());
    }

    /**
     * The workspace's manifest, and the contents of regular files that changed since the previous listing where the
     * image lets one call send them along (GNU tools: files below {@link #LISTED_CONTENT_LIMIT}, each checked against its
     * hash). A changed file may be missing from the contents (a busybox image, a larger file, one unreadable by the
     * sandbox user): {@link #pullFiles} reads those.
     */
    WorkspaceListing list();

    /** Path to (sha256, mode, size) of every file and link under the workspace, read inside the sandbox. */
    default WorkspaceManifest manifest() {
        return list().manifest();
    }

    /** The files and links of the workspace, with content, read out as a tar stream (at most {@link #PULL_LIMIT}). */
    Map<String, WorkspaceFile> pullWorkspace();

    /** Content of the given workspace-relative files; paths that are absent (or not regular files) are left out. */
    default Map<String, byte[]> pullFiles(Collection<String> paths) {
        Map<String, WorkspaceFile> all = pullWorkspace();
        Map<String, byte[]> wanted = new LinkedHashMap<>();
        for (String path : paths) {
            WorkspaceFile file = all.get(WorkspacePaths.normalize(path));
            if (file != null && !file.isSymlink()) {
                wanted.put(file.path(), file.content());
            }
        }
        return wanted;
    }

    /** Adds or overwrites files in the workspace of the running sandbox (a tar stream into the workspace). */
    void putFiles(Collection<WorkspaceFile> files);

    /**
     * Adds files under {@code directory}, an existing absolute directory outside the workspace (an agent's tools), owned
     * by the boundary's user; they are not part of the workspace and no manifest lists them.
     */
    void putFilesOutsideWorkspace(String directory, Collection<WorkspaceFile> files);

    /** Empties the workspace and fills it with {@code files}: how a checkpoint is restored into a running sandbox. */
    void replaceWorkspace(Collection<WorkspaceFile> files);

    /** Who and what the sandbox is, read from the image and from inside the sandbox. */
    EnvironmentIdentity identity();

    /** The sandbox's state as the backend reports it ({@link ContainerState#gone()} once it no longer exists). */
    ContainerState state();

    /** The last {@code lines} lines of the sandbox's own output (its init's stdout and stderr). */
    String logs(int lines);

    /** Kills the sandbox without removing it: what losing a sandbox looks like. */
    void kill();

    /** The error a tool result records for a call the out-of-memory killer ended ({@link ExecResult#oomKilled()}). */
    default String outOfMemoryError() {
        return "killed by the out-of-memory killer at the sandbox's memory limit (" + (boundary().memoryBytes() >> 20) + " MiB)";
    }

    /** Removes the sandbox and its workspace. Safe to call more than once. */
    @Override
    void close();
}
