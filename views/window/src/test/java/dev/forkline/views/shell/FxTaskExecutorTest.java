package dev.forkline.views.shell;

import dev.forkline.views.concurrent.TaskHandle;

import static org.assertj.core.api.Assertions.assertThat;

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
}
