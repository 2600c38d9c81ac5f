package dev.forkline.replay.sandbox;

import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Removes Forkline containers left behind by a process that is gone (crash, kill -9). A container is left alone when
 * its owner (host, pid and that pid's start time, from its labels) is still alive, so a sweep never touches the
 * sandboxes of a running Forkline, this one included.
 */
public final class OrphanSweeper {

    /** The engines (by address) this process has swept before its first sandbox there. */
    private static final java.util.Set<String> SWEPT_AT_START = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final DockerEngine engine;

    public OrphanSweeper(DockerEngine engine) {
        this.engine = engine;
    }

    /**
     * The sweep a process makes on each engine before its first sandbox there: leftovers of earlier, dead processes go;
     * later calls for the same engine do nothing.
     */
    public static void sweepOnceAtStart(DockerEngine engine) {
        if (SWEPT_AT_START.add(engine.dockerHost())) {
            new OrphanSweeper(engine).sweep();
        }
    }

    /** Removes orphans (force, with volumes) and returns their container ids. */
    public List<String> sweep() {
        return remove(OrphanSweeper::isOrphan);
    }

    /**
     * Removes this process's own containers on the engine, whatever state they are in: what a fan-out does on each
     * engine when it has finished, so that a sandbox whose removal failed (its engine went away for a while) is not left.
     * Returns their container ids.
     */
    public List<String> sweepOwn() {
        return remove(OrphanSweeper::isOwnedByThisProcess);
    }

    private List<String> remove(java.util.function.Predicate<Map<String, String>> which) {
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

    static boolean isOwnedByThisProcess(Map<String, String> labels) {
        return labels != null && SandboxLabels.hostName().equals(labels.get(SandboxLabels.HOST))
                && Long.toString(ProcessHandle.current().pid()).equals(labels.get(SandboxLabels.PID))
                && SandboxLabels.ownerStart(ProcessHandle.current()).equals(labels.getOrDefault(SandboxLabels.OWNER_START, ""));
    }

    /** Only containers of this host with an owner pid are judged; the owner is alive if the pid runs with the same start time. */
    static boolean isOrphan(Map<String, String> labels) {
        if (labels == null || !SandboxLabels.hostName().equals(labels.get(SandboxLabels.HOST))) {
            return false;
        }
        long pid;
        try {
            pid = Long.parseLong(labels.getOrDefault(SandboxLabels.PID, ""));
        } catch (NumberFormatException e) {
            return false;
        }
        Optional<ProcessHandle> owner = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (owner.isEmpty()) {
            return true;
        }
        String recordedStart = labels.getOrDefault(SandboxLabels.OWNER_START, "");
        String actualStart = SandboxLabels.ownerStart(owner.get());
        // pid reuse: a live process with another start time is not the owner
        return !recordedStart.isEmpty() && !actualStart.isEmpty() && !startsMatch(recordedStart, actualStart);
    }

    private static boolean startsMatch(String recorded, String actual) {
        // start instants derived from /proc are coarse; allow a second of jitter
        return Math.abs(Instant.ofEpochMilli(Long.parseLong(recorded)).toEpochMilli() - Long.parseLong(actual)) <= 1000;
    }
}
