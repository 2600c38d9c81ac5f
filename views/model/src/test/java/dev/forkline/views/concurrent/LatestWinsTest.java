package dev.forkline.views.concurrent;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Handles, cancellation and "only the latest request counts", keyed by purpose. */
class LatestWinsTest {

    private final QueuedTaskExecutor executor = new QueuedTaskExecutor();
    private final LatestWins latest = new LatestWins(executor);
    private final List<String> heard = new ArrayList<>();

    @Test
    void aLaterRequestCancelsTheEarlierOneOfItsPurposeOnly() {
        TaskHandle first = latest.execute("search", progress -> "first", heard::add, failure -> heard.add("failed"));
        TaskHandle other = latest.execute("describe", progress -> "other", heard::add, failure -> heard.add("failed"));
        TaskHandle second = latest.execute("search", progress -> "second", heard::add, failure -> heard.add("failed"));

        assertThat(first.isCancelled()).isTrue();
        assertThat(first.isDone()).isTrue();
        assertThat(second.isDone()).isFalse();
        executor.runAllNewestFirst();

        assertThat(heard).containsExactly("second", "other");
        assertThat(second.state()).isEqualTo(TaskHandle.State.SUCCEEDED);
        assertThat(other.state()).isEqualTo(TaskHandle.State.SUCCEEDED);
    }

    @Test
    void aFailureIsKeptOnTheHandleAndACancelledTaskNeverReports() {
        Work<String> broken = progress -> {
            throw new java.io.IOException("disk gone");
        };
        TaskHandle failing = executor.execute("read", broken, heard::add, failure -> heard.add("failed: " + failure.getMessage()));
        TaskHandle cancelled = executor.execute("read", progress -> "late", heard::add, failure -> heard.add("failed"));
        List<String> cancelActions = new ArrayList<>();
        cancelled.onCancel(() -> cancelActions.add("stopped counting"));
        cancelled.cancel();
        cancelled.cancel();
        executor.runAllNewestFirst();

        assertThat(failing.failure()).hasValueSatisfying(e -> assertThat(e).hasMessage("disk gone"));
        assertThat(failing.state()).isEqualTo(TaskHandle.State.FAILED);
        assertThat(heard).containsExactly("failed: disk gone");
        assertThat(cancelActions).as("once").containsExactly("stopped counting");
    }

    @Test
    void aDeferredRequestWinsOnlyIfNoRequestWasMadeSince() {
        LatestWins.Deferred importing = latest.defer("open");
        TaskHandle opening = latest.execute("open", progress -> "opened", heard::add, failure -> heard.add("failed"));
        assertThat(importing.takeTurn()).as("a trace was asked for while it imported").isFalse();
        assertThat(opening.isCancelled()).isFalse();

        LatestWins.Deferred later = latest.defer("open");
        assertThat(later.takeTurn()).isTrue();
        assertThat(opening.isCancelled()).as("the deferred request, made after it, wins").isTrue();
    }

    @Test
    void theSameThreadExecutorStillRunsInPlace() {
        TaskHandle handle = new SameThreadTaskExecutor().execute("now", progress -> 42, result -> heard.add("got " + result),
                failure -> heard.add("failed"));
        assertThat(heard).containsExactly("got 42");
        assertThat(handle.state()).isEqualTo(TaskHandle.State.SUCCEEDED);
    }
}
