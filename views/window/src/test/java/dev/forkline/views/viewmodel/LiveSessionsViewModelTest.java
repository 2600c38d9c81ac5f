package dev.forkline.views.viewmodel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import dev.forkline.trace.store.LibrarySearchResult;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.data.LiveTraces;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.testdata.Samples;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What another process stores while the window opens is not lost between the first reading and the first poll; a live
 * trace is left out of the library's search index while it grows, and indexed once it stops.
 */
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

    @Test
    void aLiveTraceIsIndexedForSearchOnceItStopsGrowingNotOnEveryChange(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            GrowingSession session = new GrowingSession(LiveTraces.CLAUDE_CODE_PREFIX + "0b6c5f1e-grow");
            samples.store.importTrace(session.grow(3), List.of(), null);
            workbench.live().poll();
            assertThat(scanned(samples)).as("stored before the first poll: indexed at once").isZero();

            samples.store.importTrace(session.grow(2), List.of(), null);
            workbench.live().poll();
            assertThat(workbench.live().liveTraces()).contains(session.traceId);
            assertThat(scanned(samples)).as("growing: read by a search, not counted again on each change").isEqualTo(1);

            samples.store.importTrace(session.grow(2), List.of(), null);
            workbench.live().poll();
            assertThat(scanned(samples)).isEqualTo(1);

            workbench.live().poll();
            assertThat(scanned(samples)).as("a poll without change: the trace stopped growing and is indexed").isZero();
            assertThat(samples.store.searchLibrary("verify").hits()).extracting(LibrarySearchResult.Hit::traceId).contains(session.traceId);
        }
    }

    /** How many traces a library search had to read because the index did not hold them as they are. */
    private static int scanned(Samples samples) throws Exception {
        return samples.store.searchLibrary("verify").scannedTraces();
    }

    /** A live session's trace as serve stores it again and again: the same events, and more at the end. */
    @Test
    void theChangedElsewhereNoticeGroupsTheCountsOfALargeTrace() {
        assertThat(LiveSessionsViewModel.ChangedElsewhere.changed(900_791, 89_437).notice())
                .isEqualTo("Changed in the store since it was opened: 900,791 events there, 89,437 shown.");
    }

    private static final class GrowingSession {
        private final String traceId;
        private final EventChain chain = new EventChain();
        private final List<dev.forkline.trace.Event> events = new ArrayList<>();

        GrowingSession(String traceId) {
            this.traceId = traceId;
        }

        Bundle grow(int more) {
            Instant t0 = Instant.parse("2026-12-01T10:00:00Z");
            for (int i = 0; i < more; i++) {
                NewEvent draft = events.isEmpty()
                        ? NewEvent.of("r1", "harness", EventType.SESSION_START).touches(StateKind.SESSION)
                                .data(dev.forkline.trace.Json.object().put("title", "a live session"))
                        : NewEvent.of("r1", "agent:coder", EventType.TOOL_CALL).touches(StateKind.PROCESS)
                                .data(dev.forkline.trace.Json.object().put("callId", "c" + events.size()).put("tool", "Bash")
                                        .put("effect", "process").set("arguments", dev.forkline.trace.Json.object()
                                                .put("command", "make verify " + events.size())));
                events.add(chain.append(draft.at(t0.plusSeconds(events.size()))));
            }
            int[] lines = new int[events.size()];
            for (int i = 0; i < lines.length; i++) {
                lines[i] = i + 1;
            }
            Manifest manifest = new Manifest(Manifest.FORMAT_VERSION, traceId, "a live session", t0, "forkline-test/1", "claude-code");
            return new Bundle("test:" + traceId, manifest, List.copyOf(events), lines, new MemoryBlobStore());
        }
    }
}
