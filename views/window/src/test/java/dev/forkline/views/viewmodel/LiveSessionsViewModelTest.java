package dev.forkline.views.viewmodel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.testdata.Samples;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What another process stores while the window opens is not lost between the first reading and the first poll. */
class LiveSessionsViewModelTest {

    @Test
    void aTraceStoredBeforeTheFirstPollAppearsWithoutWaitingForTheNextChange(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            assertThat(workbench.library().traces()).extracting(TraceSummary::traceId)
                    .containsExactly(Samples.traceId("wrong-tool-call"));
            int queued = workbench.escapeQueue().items().size();

            // stored after the window read its library, before its first poll took the change mark
            samples.library.importTrace(samples.copy("permission-escalation"), Progress.NONE);
            workbench.live().poll();

            assertThat(workbench.library().traces()).extracting(TraceSummary::traceId)
                    .contains(Samples.traceId("permission-escalation"));
            assertThat(workbench.escapeQueue().items()).as("the new trace's escapes are queued too").hasSizeGreaterThan(queued);

            // nothing changed since: a poll reads nothing
            workbench.live().poll();
            assertThat(workbench.library().traces()).hasSize(2);
        }
    }
}
