package dev.forkline.replay.docker;

import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Volume;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.TarArchives;
import dev.forkline.replay.sandbox.WorkspaceFile;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Creates idle containers confined by an {@link IsolationBoundary} and fills their workspace: the steps a
 * {@link DockerSandbox} and a container kept for inspection share. Neither starts nor removes the container.
 */
final class ConfinedContainers {

    /** How long the idle init sleeps: for ever, in practice (about 68 years). */
    static final String IDLE_INIT_SECONDS = "2147483647";

    private ConfinedContainers() {
    }

    /**
     * Creates (does not start) a container running an idle init inside {@code boundary}, labelled {@code labels}, and
     * returns its id. The engine's NotFoundException (image not present) is not translated.
     */
    static String create(DockerEngine engine, IsolationBoundary boundary, Map<String, String> labels) {
        return create(engine, boundary, labels, List.of("sleep", IDLE_INIT_SECONDS));
    }

    /**
     * Like {@link #create(DockerEngine, IsolationBoundary, Map)} with {@code init} (program and arguments) as the
     * container's init, which must end up idle: the container lives as long as it does.
     */
    static String create(DockerEngine engine, IsolationBoundary boundary, Map<String, String> labels, List<String> init) {
        HostConfig host = HostConfig.newHostConfig()
                .withNetworkMode(boundary.network())
                .withReadonlyRootfs(boundary.readOnlyRoot())
                .withCapDrop(boundary.capDrop().stream().map(Capability::valueOf).toArray(Capability[]::new))
                .withSecurityOpts(boundary.noNewPrivileges() ? List.of("no-new-privileges") : List.of())
                .withMemory(boundary.memoryBytes())
                .withMemorySwap(boundary.memoryBytes())
                .withNanoCPUs(boundary.nanoCpus())
                .withPidsLimit(boundary.pidsLimit())
                .withTmpFs(Map.of("/tmp", "rw,nosuid,nodev,noexec,size=" + boundary.tmpSizeBytes()));
        // The workspace is an anonymous volume: writable under a read-only root, filled from the image's
        // /workspace (owned by the sandbox user) at creation, and deleted with the container (removeVolumes).
        return engine.client().createContainerCmd(boundary.image())
                .withLabels(labels)
                .withUser(boundary.user())
                .withWorkingDir(boundary.workspace())
                .withVolumes(new Volume(boundary.workspace()))
                .withEntrypoint(init.getFirst())
                .withCmd(init.subList(1, init.size()))
                .withHostConfig(host)
                .exec().getId();
    }

    /**
     * Copies {@code files} (with their parent directories, owned by the boundary's uid:gid) into the workspace; the
     * archive is streamed to the engine as it is produced.
     *
     * @throws IOException when the archive cannot be built; the engine's own failures come as runtime exceptions
     */
    static void copyIn(DockerEngine engine, String containerId, IsolationBoundary boundary,
                              Collection<WorkspaceFile> files) throws IOException {
        copyIn(engine, containerId, boundary, boundary.workspace(), files);
    }

    /** Like {@link #copyIn(DockerEngine, String, IsolationBoundary, Collection)} into another existing directory. */
    static void copyIn(DockerEngine engine, String containerId, IsolationBoundary boundary, String directory,
                       Collection<WorkspaceFile> files) throws IOException {
        try (InputStream tar = TarArchives.stream(files, boundary.uid(), boundary.gid())) {
            engine.client().copyArchiveToContainerCmd(containerId)
                    .withRemotePath(directory)
                    .withTarInputStream(tar)
                    .exec();
        }
    }
}
