package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.SandboxBackend;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.WorkspaceFile;

import java.util.List;
import java.util.Map;

/**
 * A container kept running after Forkline exits, for someone to inspect a restored checkpoint ({@code docker exec -it
 * ID sh}). It is confined like a {@link dev.forkline.replay.sandbox.Sandbox} (same boundary) but is not one: a
 * Sandbox is removed when its owner exits, and {@link SandboxBackend#sweepOrphans()} removes containers whose owner
 * pid is gone, so this container carries the product label without an owner pid. Remove it with
 * {@code docker rm -f -v ID}.
 */
final class InspectionContainer {

    static final String PURPOSE = "dev.forkline.purpose";
    static final String PURPOSE_VALUE = "revert-inspection";

    private InspectionContainer() {
    }

    static String start(SandboxBackend backend, IsolationBoundary boundary, String session, String run, List<WorkspaceFile> files) {
        backend.ping();
        backend.sweepOrphansOnce();
        // no host, pid or owner-start label: the sweeper judges only containers with an owner pid
        return backend.startForInspection(boundary, Map.of(SandboxLabels.PRODUCT, SandboxLabels.PRODUCT_VALUE,
                SandboxLabels.SESSION, session, SandboxLabels.RUN, run, PURPOSE, PURPOSE_VALUE), files);
    }
}
