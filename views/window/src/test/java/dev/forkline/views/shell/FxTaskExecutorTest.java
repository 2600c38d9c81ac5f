package dev.forkline.views.shell;

import dev.forkline.views.concurrent.TaskHandle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.views.HeadlessFx;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class FxTaskExecutorTest {

    @Test
    void workAskedForAfterTheWindowClosedIsDroppedAsCancelledInsteadOfThrowing() {
        FxTaskExecutor executor = new FxTaskExecutor(1);
        executor.close();
        AtomicBoolean ran = new AtomicBoolean();

        TaskHandle handle = executor.execute("late-refresh", progress -> {
            ran.set(true);
            return null;
        }, result -> ran.set(true), failure -> ran.set(true));

        assertThat(handle.isCancelled()).isTrue();
        assertThat(ran).isFalse();
    }

    /** An interrupt during H2's file I/O closes the store's file under every connection: closing the window must not send one. */
    @Test
    void closingLeavesTheWorkThatRunsUninterruptedAndDropsTheWorkNotStarted() throws Exception {
        HeadlessFx.ensureStarted();
        FxTaskExecutor executor = new FxTaskExecutor(1);
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch ended = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicBoolean queuedRan = new AtomicBoolean();
        executor.execute("library-index", progress -> {
            running.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                interrupted.set(true);
            } finally {
                ended.countDown();
            }
            return null;
        }, result -> { }, failure -> { });
        executor.execute("library-search", progress -> {
            queuedRan.set(true);
            return null;
        }, result -> { }, failure -> { });
        assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();

        executor.close();
        release.countDown();

        assertThat(executor.awaitClosed(Duration.ofSeconds(10))).as("the worker took the queued work and ended").isTrue();
        assertThat(ended.getCount()).isZero();
        assertThat(interrupted).isFalse();
        assertThat(queuedRan).isFalse();
    }
}
