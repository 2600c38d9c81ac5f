package dev.forkline.replay.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.InternalServerErrorException;
import com.github.dockerjava.api.exception.NotFoundException;

import java.time.Duration;
import java.util.List;

/**
 * The one way Forkline removes a container ({@code docker rm -f -v}). An engine's 500 is tried again a few times, a
 * little later each time: right after a container stopped, or after its engine restarted, the storage driver can still
 * hold its root file system ("driver overlay2 failed to remove root filesystem ... device or resource busy"), and a
 * second removal moments later succeeds. A container already gone, or whose removal another remover has started, counts
 * as removed by someone else.
 */
final class ContainerRemoval {

    /** How long to wait before each attempt after the first: about 3 s in all. */
    static final List<Duration> WAITS = List.of(Duration.ofMillis(200), Duration.ofMillis(400), Duration.ofMillis(800),
            Duration.ofMillis(1600));

    /** Removes one container by id, forced and with its volumes. */
    @FunctionalInterface
    interface ForcedRemove {
        void remove(String containerId);
    }

    /** Waits between attempts; tests swap it for one that does not sleep. */
    @FunctionalInterface
    interface Pause {
        void pause(Duration wait) throws InterruptedException;
    }

    private final ForcedRemove forcedRemove;
    private final Pause pause;

    ContainerRemoval(ForcedRemove forcedRemove, Pause pause) {
        this.forcedRemove = forcedRemove;
        this.pause = pause;
    }

    static ContainerRemoval on(DockerClient client) {
        return new ContainerRemoval(id -> client.removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec(),
                wait -> Thread.sleep(wait));
    }

    /**
     * Removes the container. Returns {@code true} when this call removed it, {@code false} when it was gone already or
     * another remover had its removal under way. Throws the engine's last 500 when every attempt got one, and any other
     * failure (an engine that does not answer) at once.
     */
    boolean remove(String containerId) {
        for (int attempt = 0; ; attempt++) {
            try {
                forcedRemove.remove(containerId);
                return true;
            } catch (NotFoundException e) {
                return false;
            } catch (ConflictException e) {
                if (isRemovalInProgress(e)) {
                    return false;
                }
                throw e;
            } catch (InternalServerErrorException e) {
                if (attempt == WAITS.size()) {
                    throw e;
                }
                try {
                    pause.pause(WAITS.get(attempt));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private static boolean isRemovalInProgress(ConflictException e) {
        return e.getMessage() != null && e.getMessage().contains("already in progress");
    }
}
