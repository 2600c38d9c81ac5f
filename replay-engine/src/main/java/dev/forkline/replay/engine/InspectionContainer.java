package dev.forkline.replay.engine;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Volume;
import dev.forkline.replay.sandbox.DockerEngine;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.SandboxException;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.WorkspaceFile;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A container kept running after Forkline exits, for someone to inspect a restored checkpoint ({@code docker exec -it
 * ID sh}). It is confined like a {@link dev.forkline.replay.sandbox.Sandbox} (same boundary) but is not one: a
 * Sandbox is removed when its owner exits, and {@link dev.forkline.replay.sandbox.OrphanSweeper} removes containers
 * whose owner pid is gone, so this container carries the product label without an owner pid. Remove it with
 * {@code docker rm -f -v ID}.
 */
final class InspectionContainer {

    static final String PURPOSE = "dev.forkline.purpose";
    static final String PURPOSE_VALUE = "revert-inspection";
    private static final String IDLE_INIT_SECONDS = "2147483647";

    private InspectionContainer() {
    }

    static String start(DockerEngine engine, IsolationBoundary boundary, String session, String run, List<WorkspaceFile> files) {
        engine.ping();
        dev.forkline.replay.sandbox.OrphanSweeper.sweepOnceAtStart(engine);
        DockerClient docker = engine.client();
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
        String id = docker.createContainerCmd(boundary.image())
                .withLabels(Map.of(SandboxLabels.PRODUCT, SandboxLabels.PRODUCT_VALUE, SandboxLabels.SESSION, session,
                        SandboxLabels.RUN, run, PURPOSE, PURPOSE_VALUE))
                .withUser(boundary.user())
                .withWorkingDir(boundary.workspace())
                .withVolumes(new Volume(boundary.workspace()))
                .withEntrypoint("sleep")
                .withCmd(IDLE_INIT_SECONDS)
                .withHostConfig(host)
                .exec().getId();
        try {
            if (!files.isEmpty()) {
                docker.copyArchiveToContainerCmd(id).withRemotePath(boundary.workspace())
                        .withTarInputStream(new ByteArrayInputStream(tar(files, boundary.uid(), boundary.gid()))).exec();
            }
            docker.startContainerCmd(id).exec();
            return id;
        } catch (IOException | RuntimeException e) {
            docker.removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec();
            throw new SandboxException("could not start the inspection container: " + e.getMessage(), id, null, null, e);
        }
    }

    static void remove(DockerEngine engine, String containerId) {
        engine.client().removeContainerCmd(containerId).withForce(true).withRemoveVolumes(true).exec();
    }

    private static byte[] tar(List<WorkspaceFile> files, int uid, int gid) throws IOException {
        TreeSet<String> directories = new TreeSet<>();
        for (WorkspaceFile file : files) {
            String path = file.path();
            for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
                directories.add(path.substring(0, slash));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(out)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
            for (String dir : directories) {
                TarArchiveEntry entry = new TarArchiveEntry(dir + "/");
                entry.setMode(040755);
                entry.setIds(uid, gid);
                tar.putArchiveEntry(entry);
                tar.closeArchiveEntry();
            }
            for (WorkspaceFile file : files) {
                TarArchiveEntry entry;
                if (file.isSymlink()) {
                    entry = new TarArchiveEntry(file.path(), TarConstants.LF_SYMLINK);
                    entry.setLinkName(file.linkTarget());
                    entry.setMode(0120777);
                } else {
                    entry = new TarArchiveEntry(file.path());
                    entry.setMode(0100000 | file.mode());
                    entry.setSize(file.content().length);
                }
                entry.setIds(uid, gid);
                tar.putArchiveEntry(entry);
                if (!file.isSymlink()) {
                    tar.write(file.content());
                }
                tar.closeArchiveEntry();
            }
            tar.finish();
        }
        return out.toByteArray();
    }
}
