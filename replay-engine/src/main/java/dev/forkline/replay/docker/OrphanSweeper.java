package dev.forkline.replay.docker;

import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.model.Container;
import dev.forkline.replay.sandbox.SandboxLabels;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

    private static final Logger LOG = LoggerFactory.getLogger(OrphanSweeper.class);

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
        List<String> chosen = ours.stream().filter(container -> which.test(container.getLabels())).map(Container::getId).toList();
        return removeEach(chosen, ContainerRemoval.on(engine.client()), engine.name());
    }

    /**
     * Removes each container in turn and returns those this call removed. One that cannot be removed is reported and
     * left for the next sweep; the others are removed all the same.
     */
    static List<String> removeEach(List<String> containerIds, ContainerRemoval removal, String engineName) {
        List<String> removed = new ArrayList<>();
        for (String id : containerIds) {
            try {
                if (removal.remove(id)) {
                    removed.add(id);
                }
            } catch (DockerException e) {
                LOG.warn("sweep: could not remove sandbox {} from {}: {}; the next sweep tries again", shortId(id), engineName,
                        e.getMessage());
            }
        }
        return removed;
    }

    private static String shortId(String id) {
        return id.length() > 12 ? id.substring(0, 12) : id;
    }
}
