package dev.forkline.views.concurrent;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** One task at a time; requests made meanwhile replace each other; only the latest outcome is delivered. */
class SerialLatestTest {

    private final QueuedTaskExecutor executor = new QueuedTaskExecutor();
    private final SerialLatest<String> states = new SerialLatest<>(executor, "reconstruct-state");
    private final List<String> heard = new ArrayList<>();
    private final List<String> worked = new ArrayList<>();

    private void request(String what) {
        states.request(progress -> {
            worked.add(what);
            return what;
        }, heard::add, failure -> heard.add("failed: " + failure.getMessage()));
    }

    @Test
    void requestsMadeWhileATaskRunsWaitAndOnlyTheLastOfThemRuns() {
        request("event 1");
        request("event 2");
        request("event 3");
        request("event 4");
        assertThat(executor.waiting()).as("one task at a time").isEqualTo(1);
        assertThat(states.isWorking()).isTrue();

        executor.run(0);
        assertThat(heard).as("event 1's answer came after newer requests").isEmpty();
        assertThat(executor.waitingNames()).containsExactly("reconstruct-state");
        executor.run(0);

        assertThat(worked).containsExactly("event 1", "event 4");
        assertThat(heard).containsExactly("event 4");
        assertThat(states.isWorking()).isFalse();
        assertThat(executor.waiting()).isZero();
    }

    @Test
    void aRequestMadeWhenNothingRunsStartsAtOnceAndEachIsAnswered() {
        request("event 1");
        executor.run(0);
        request("event 2");
        executor.run(0);

        assertThat(heard).containsExactly("event 1", "event 2");
    }

    @Test
    void cancellingDropsTheRunningOutcomeAndTheWaitingRequest() {
        request("event 1");
        request("event 2");
        states.cancel();
        assertThat(states.isWorking()).isFalse();
        executor.run(0);

        assertThat(heard).isEmpty();
        assertThat(worked).as("the waiting request never runs").containsExactly("event 1");
        assertThat(executor.waiting()).isZero();

        request("event 3");
        executor.run(0);
        assertThat(heard).containsExactly("event 3");
    }

    @Test
    void aRequestMadeAfterACancelRunsOnceTheCancelledTaskEnds() {
        request("event 1");
        states.cancel();
        request("event 2");
        assertThat(executor.waiting()).isEqualTo(1);
        executor.run(0);

        assertThat(heard).isEmpty();
        executor.run(0);
        assertThat(heard).containsExactly("event 2");
    }

    @Test
    void theLatestRequestsFailureIsDelivered() {
        states.request(progress -> {
            throw new java.io.IOException("store closed");
        }, heard::add, failure -> heard.add("failed: " + failure.getMessage()));
        executor.run(0);

        assertThat(heard).containsExactly("failed: store closed");
        assertThat(states.isWorking()).isFalse();
    }

    @Test
    void onAnExecutorThatRunsInPlaceEveryRequestIsAnswered() {
        SerialLatest<String> inPlace = new SerialLatest<>(new SameThreadTaskExecutor(), "reconstruct-state");
        inPlace.request(progress -> "event 1", heard::add, failure -> heard.add("failed"));
        inPlace.request(progress -> "event 2", heard::add, failure -> heard.add("failed"));

        assertThat(heard).containsExactly("event 1", "event 2");
        assertThat(inPlace.isWorking()).isFalse();
    }
}
