package dev.forkline.replay.docker;

import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import dev.forkline.replay.sandbox.SandboxLabels;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Removes Forkline containers left behind by a process that is gone (crash, kill -9). A container is left alone when
 * its owner (host, pid and that pid's start time, from its labels: {@link SandboxLabels#isOrphan}) is still alive, so a
 * sweep never touches the sandboxes of a running Forkline, this one included.
 */
final class OrphanSweeper {

    /** The engines (by address) this process has swept before its first sandbox there. */
    private static final Set<String> SWEPT_AT_START = ConcurrentHashMap.newKeySet();

    private final DockerEngine engine;

    OrphanSweeper(DockerEngine engine) {
        this.engine = engine;
    }

    /**
     * The sweep a process makes on each engine before its first sandbox there: leftovers of earlier, dead processes go;
     * later calls for the same engine do nothing.
     */
    static void sweepOnceAtStart(DockerEngine engine) {
        if (SWEPT_AT_START.add(engine.dockerHost())) {
            new OrphanSweeper(engine).sweep();
        }
    }

    /** Removes orphans (force, with volumes) and returns their container ids. */
    List<String> sweep() {
        return remove(SandboxLabels::isOrphan);
    }

    /**
     * Removes this process's own containers on the engine, whatever state they are in: what a fan-out does on each
     * engine when it has finished, so that a sandbox whose removal failed (its engine went away for a while) is not left.
     * Returns their container ids.
     */
    List<String> sweepOwn() {
        return remove(SandboxLabels::isOwnedByThisProcess);
    }

    private List<String> remove(Predicate<Map<String, String>> which) {
        List<Container> ours = engine.client().listContainersCmd()
                .withShowAll(true)
                .withLabelFilter(Map.of(SandboxLabels.PRODUCT, SandboxLabels.PRODUCT_VALUE))
                .exec();
        List<String> removed = new ArrayList<>();
        for (Container container : ours) {
            if (which.test(container.getLabels())) {
                try {
                    engine.client().removeContainerCmd(container.getId()).withForce(true).withRemoveVolumes(true).exec();
                    removed.add(container.getId());
                } catch (NotFoundException e) {
                    // removed meanwhile by its owner
                } catch (ConflictException e) {
                    // "removal ... is already in progress": another sweeper (a second Forkline) got there first
                }
            }
        }
        return removed;
    }
}
