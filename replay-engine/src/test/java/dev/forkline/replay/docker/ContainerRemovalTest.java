package dev.forkline.replay.docker;

import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.InternalServerErrorException;
import com.github.dockerjava.api.exception.NotFoundException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ContainerRemovalTest {

    private static final String BUSY = "Status 500: {\"message\":\"container abc: driver \\\"overlay2\\\" failed to remove root"
            + " filesystem: unlinkat /var/lib/docker/overlay2/x/merged: device or resource busy\"}";

    private final List<Duration> waits = new ArrayList<>();
    private final Map<String, Integer> attempts = new HashMap<>();

    /** An engine whose removal of {@code id} answers 500 the first {@code busyTimes} times. */
    private ContainerRemoval busyFor(Map<String, Integer> busyTimes) {
        return new ContainerRemoval(id -> {
            int attempt = attempts.merge(id, 1, Integer::sum);
            if (attempt <= busyTimes.getOrDefault(id, 0)) {
                throw new InternalServerErrorException(BUSY);
            }
        }, waits::add);
    }

    @Test
    void aRootFileSystemStillBusyIsRemovedByALaterAttempt() {
        ContainerRemoval removal = busyFor(Map.of("abc", 2));

        assertThat(removal.remove("abc")).isTrue();
        assertThat(attempts).containsEntry("abc", 3);
        assertThat(waits).containsExactly(Duration.ofMillis(200), Duration.ofMillis(400));
    }

    @Test
    void aRemovalBusyEveryTimeGivesUpAfterItsLastWaitWithTheEnginesMessage() {
        ContainerRemoval removal = busyFor(Map.of("abc", 100));

        assertThatThrownBy(() -> removal.remove("abc")).isInstanceOf(InternalServerErrorException.class)
                .hasMessageContaining("device or resource busy");
        assertThat(attempts).containsEntry("abc", ContainerRemoval.WAITS.size() + 1);
        assertThat(waits).isEqualTo(ContainerRemoval.WAITS);
    }

    @Test
    void aContainerAlreadyGoneOrBeingRemovedElsewhereIsNotRemovedByThisCall() {
        ContainerRemoval gone = new ContainerRemoval(id -> {
            throw new NotFoundException("No such container: " + id);
        }, waits::add);
        ContainerRemoval inProgress = new ContainerRemoval(id -> {
            throw new ConflictException("removal of container " + id + " is already in progress");
        }, waits::add);

        assertThat(gone.remove("abc")).isFalse();
        assertThat(inProgress.remove("abc")).isFalse();
        assertThat(waits).isEmpty();
    }

    @Test
    void anInterruptedWaitStopsTryingAndKeepsTheInterrupt() {
        ContainerRemoval removal = new ContainerRemoval(id -> {
            throw new InternalServerErrorException(BUSY);
        }, wait -> {
            throw new InterruptedException();
        });
        try {
            assertThatThrownBy(() -> removal.remove("abc")).isInstanceOf(InternalServerErrorException.class);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aSweepRemovesTheOthersWhenOneCannotBeRemovedAndReportsOnlyThoseItRemoved() {
        ContainerRemoval removal = busyFor(Map.of("stuck", 100, "slow", 1));

        List<String> removed = OrphanSweeper.removeEach(List.of("first", "stuck", "slow", "last"), removal, "tcp://engine:2376");

        assertThat(removed).containsExactly("first", "slow", "last");
    }
}
