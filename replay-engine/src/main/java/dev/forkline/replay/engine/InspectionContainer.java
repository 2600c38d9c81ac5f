package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.ConfinedContainers;
import dev.forkline.replay.sandbox.DockerEngine;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.OrphanSweeper;
import dev.forkline.replay.sandbox.SandboxException;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.WorkspaceFile;

import java.io.IOException;
import java.util.List;
import java.util.Map;

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

    private InspectionContainer() {
    }

    static String start(DockerEngine engine, IsolationBoundary boundary, String session, String run, List<WorkspaceFile> files) {
        engine.ping();
        OrphanSweeper.sweepOnceAtStart(engine);
        // no host, pid or owner-start label: the sweeper judges only containers with an owner pid
        String id = ConfinedContainers.create(engine, boundary, Map.of(SandboxLabels.PRODUCT, SandboxLabels.PRODUCT_VALUE,
                SandboxLabels.SESSION, session, SandboxLabels.RUN, run, PURPOSE, PURPOSE_VALUE));
        try {
            if (!files.isEmpty()) {
                ConfinedContainers.copyIn(engine, id, boundary, files);
            }
            engine.client().startContainerCmd(id).exec();
            return id;
        } catch (IOException | RuntimeException e) {
            remove(engine, id);
            throw new SandboxException("could not start the inspection container: " + e.getMessage(), id, null, null, e);
        }
    }

    static void remove(DockerEngine engine, String containerId) {
        engine.client().removeContainerCmd(containerId).withForce(true).withRemoveVolumes(true).exec();
    }
}
