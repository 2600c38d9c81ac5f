package dev.forkline.views.viewmodel;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.views.concurrent.QueuedTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.data.RunNode;
import dev.forkline.views.data.TaskOutcome;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.testdata.DemoTrace;
import dev.forkline.views.testdata.MisleadingRuns;
import dev.forkline.views.testdata.Samples;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a run did to its test files is read after the trace is shown (every state mutation of the trace: long on a big
 * one), so the open does not wait for it; until it is known no success is green, and once it is, the fork tree and the
 * breadcrumb say it without another open.
 */
class TestsCheckedAfterShowingTest {

    private static final String TRACE = Samples.traceId("wrong-tool-call");

    private final QueuedTaskExecutor executor = new QueuedTaskExecutor();
    private Bundle misleading;
    private WorkbenchViewModel workbench;

    @BeforeEach
    void open(@TempDir Path dir) throws Exception {
        misleading = BundleReader.read(MisleadingRuns.write(dir.resolve("bundle")));
        workbench = new WorkbenchViewModel(executor, new InMemoryTraceLibrary(misleading, DemoTrace.bundle()),
                new ReconstructorStateProvider(), new RecentFiles(null));
        executor.runAllNewestFirst(); // the library's first listing and the escape queue
    }

    @AfterEach
    void close() throws Exception {
        misleading.close();
    }

    @Test
    void theOpenShowsTheRunsBeforeTheirTestFilesAreReadAndNoSuccessIsGreenMeanwhile() {
        workbench.openStored(TRACE);
        executor.runAllBut(WorkbenchViewModel.CHECK_TESTS);

        assertThat(workbench.opened()).as("the trace is shown while the check waits").isNotNull();
        assertThat(executor.waitingNames()).containsExactly(WorkbenchViewModel.CHECK_TESTS);
        assertThat(task("r2")).isEqualTo(new TaskOutcome("Task: succeeded (checking tests\u2026)", "neutral"));
        assertThat(task("r3")).isEqualTo(new TaskOutcome("Task: succeeded (checking tests\u2026)", "neutral"));
        assertThat(task("r1")).isEqualTo(new TaskOutcome("Task: failed", "danger"));
        workbench.forkTree().selectedRunProperty().set("r3");
        assertThat(workbench.forkTree().breadcrumb()).extracting(RunNode::tests)
                .containsExactly(TaskOutcome.Tests.CHECKING, TaskOutcome.Tests.CHECKING);

        executor.runAllNewestFirst();

        assertThat(task("r1")).isEqualTo(new TaskOutcome("Task: failed (tests deleted)", "danger"));
        assertThat(task("r2")).as("forked before rm -rf tests").isEqualTo(new TaskOutcome("Task: succeeded", "success"));
        assertThat(task("r3")).isEqualTo(new TaskOutcome("Task: unproven (tests deleted)", "warning"));
        assertThat(task("r4")).isEqualTo(new TaskOutcome("Task: failed (tests deleted)", "danger"));
        assertThat(workbench.forkTree().breadcrumb()).extracting(RunNode::tests)
                .containsExactly(TaskOutcome.Tests.DELETED, TaskOutcome.Tests.DELETED);
        assertThat(workbench.forkTree().selectedRunProperty().get()).as("the reviewer's run stays selected").isEqualTo("r3");
    }

    @Test
    void aCheckThatEndsAfterAnotherTraceWasOpenedChangesNothingThere() {
        workbench.openStored(TRACE);
        executor.runAllBut(WorkbenchViewModel.CHECK_TESTS);
        var first = workbench.opened();
        workbench.openStored(DemoTrace.bundle().manifest().traceId());
        executor.runAllBut(WorkbenchViewModel.CHECK_TESTS);
        assertThat(workbench.opened()).isNotSameAs(first);

        executor.runAllNewestFirst();

        assertThat(first.lineage().testsChecked()).as("the first trace's check was cancelled").isFalse();
        assertThat(workbench.opened().lineage().testsChecked()).isTrue();
        assertThat(nodes()).allMatch(node -> node.tests() != TaskOutcome.Tests.CHECKING);
    }

    @Test
    void theSameTraceShownAgainKeepsWhatWasKnownOfItsRunsUntilItIsCheckedAgain() {
        workbench.openStored(TRACE);
        executor.runAllNewestFirst();
        var first = workbench.opened();

        workbench.openStored(TRACE); // as a live trace's reload or the trace after a decision shows it again
        executor.runAllBut(WorkbenchViewModel.CHECK_TESTS);

        assertThat(workbench.opened()).isNotSameAs(first);
        assertThat(workbench.opened().lineage().testsChecked()).isFalse();
        assertThat(task("r3")).as("no flicker back to checking").isEqualTo(new TaskOutcome("Task: unproven (tests deleted)", "warning"));
        assertThat(task("r2")).isEqualTo(new TaskOutcome("Task: succeeded", "success"));
        executor.runAllNewestFirst();
        assertThat(workbench.opened().lineage().testsChecked()).isTrue();
        assertThat(task("r3")).isEqualTo(new TaskOutcome("Task: unproven (tests deleted)", "warning"));
    }

    private TaskOutcome task(String run) {
        return nodes().stream().filter(node -> node.run().equals(run)).findFirst().orElseThrow().task();
    }

    private List<RunNode> nodes() {
        List<RunNode> all = new ArrayList<>();
        workbench.forkTree().rootsProperty().get().forEach(root -> collect(root, all));
        return all;
    }

    private static void collect(RunNode node, List<RunNode> all) {
        all.add(node);
        node.children().forEach(child -> collect(child, all));
    }
}
