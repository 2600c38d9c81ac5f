package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.inspector.EventDetails;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.state.StateSnapshot;
import dev.forkline.views.testdata.DemoTrace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class WorkbenchViewModelTest {

    private WorkbenchViewModel workbench;

    @BeforeEach
    void openDemo() {
        InMemoryTraceLibrary library = new InMemoryTraceLibrary(DemoTrace.bundle());
        workbench = new WorkbenchViewModel(new SameThreadTaskExecutor(), library, new ReconstructorStateProvider(), new RecentFiles(null));
        workbench.openStored("demo-calc-fix");
    }

    @Test
    void openingAStoredTraceShowsItsRootRun() {
        assertThat(workbench.opened().bundle().manifest().traceId()).isEqualTo("demo-calc-fix");
        assertThat(workbench.currentRun()).isEqualTo(DemoTrace.ROOT);
        assertThat(workbench.timeline().model().laneCount()).isEqualTo(5);
        assertThat(workbench.library().traces()).hasSize(1);
        assertThat(workbench.busyProperty().get()).isFalse();
    }

    @Test
    void steppingByScope() {
        TimelineViewModel timeline = workbench.timeline();
        timeline.step(+1, StepScope.ALL);
        assertThat(timeline.selectedEvent().type()).isEqualTo("session.start");
        timeline.step(+1, StepScope.TOOL_CALLS);
        assertThat(timeline.selectedEvent().type()).isEqualTo("tool.call");
        assertThat(timeline.selectedEvent().text("callId")).isEqualTo("c1");
        timeline.step(+1, StepScope.FAILURES);
        assertThat(timeline.selectedEvent().type()).isEqualTo("tool.result");
        assertThat(timeline.selectedEvent().text("callId")).isEqualTo("c2");
        timeline.step(+1, StepScope.SAME_ACTOR);
        assertThat(timeline.selectedEvent().actor()).isEqualTo("sandbox");
        timeline.end();
        assertThat(timeline.selectedEvent().type()).isEqualTo("session.end");
        timeline.step(+1, StepScope.ALL);
        assertThat(timeline.selectedEvent().type()).as("stays at the end").isEqualTo("session.end");
        timeline.step(-1, StepScope.TOOL_CALLS);
        assertThat(timeline.selectedEvent().text("callId")).isEqualTo("c5");
        timeline.home();
        assertThat(timeline.selectedIndex()).isZero();
    }

    @Test
    void selectingAnEventUpdatesInspectorAndState() {
        assertThat(workbench.selectEvent("r1.2")).isTrue();
        EventDetails details = workbench.inspector().details();
        assertThat(details.title()).startsWith("Model call");
        assertThat(details.sections()).anyMatch(s -> s instanceof EventDetails.Messages);
        int beforeEdit = workbench.state().snapshot().workspace().size();
        assertThat(beforeEdit).isZero();

        Event mutation = workbench.timeline().events().asList().stream()
                .filter(e -> e.type().equals("state.mutation") && "modify".equals(e.text("op"))).findFirst().orElseThrow();
        workbench.selectEvent(mutation.id());
        StateSnapshot state = workbench.state().snapshot();
        assertThat(state.lastCheckpoint()).isEqualTo("after checkout");
        assertThat(state.workspace()).anySatisfy(f -> {
            assertThat(f.path()).isEqualTo("calc.py");
            assertThat(f.change()).isEqualTo("modified");
        });
        assertThat(workbench.inspector().details().sections()).anySatisfy(s -> {
            assertThat(s).isInstanceOf(EventDetails.Diff.class);
            assertThat(((EventDetails.Diff) s).lines()).contains(new EventDetails.DiffLine('-', "    return a - b"),
                    new EventDetails.DiffLine('+', "    return a + b"));
        });
        workbench.state().selectedFileProperty().set("calc.py");
        assertThat(workbench.state().fileContentProperty().get()).contains("a + b");
    }

    @Test
    void externalCallWithoutResultIsUnknownAndApprovalIsPendingUntilDecided() {
        workbench.timeline().end();
        StateSnapshot end = workbench.state().snapshot();
        assertThat(end.external()).singleElement().satisfies(e -> assertThat(e.status()).isEqualTo("unknown"));
        Event request = workbench.timeline().events().asList().stream().filter(e -> e.type().equals("approval.request")).findFirst().orElseThrow();
        workbench.selectEvent(request.id());
        assertThat(workbench.state().snapshot().harness().pendingApprovals()).hasSize(1);
        workbench.timeline().step(+1, StepScope.ALL);
        assertThat(workbench.state().snapshot().harness().pendingApprovals()).isEmpty();
    }

    @Test
    void filterMarksMatchesAndStepsThroughThem() {
        workbench.filter().errorsOnlyProperty().set(true);
        assertThat(workbench.filter().matchCountProperty().get()).as("two failed results, the error, the failed session end and "
                + "pytest's non-zero exit").isEqualTo(5);
        workbench.timeline().step(+1, StepScope.MATCHES);
        assertThat(workbench.timeline().selectedEvent().type()).isEqualTo("process.exit");
        workbench.timeline().step(+1, StepScope.MATCHES);
        assertThat(workbench.timeline().selectedEvent().type()).isEqualTo("tool.result");
        workbench.filter().clear();
        workbench.filter().textProperty().set("pypi");
        assertThat(workbench.filter().matchCountProperty().get()).isEqualTo(3);
        workbench.filter().clear();
        assertThat(workbench.timeline().matchesProperty().get()).isNull();
    }

    @Test
    void switchingToTheForkShowsItsEventsStateFromTheCheckpointAndBreadcrumb() {
        assertThat(workbench.forkTree().rootsProperty().get()).singleElement()
                .satisfies(root -> assertThat(root.children()).singleElement()
                        .satisfies(fork -> assertThat(fork.badge()).isEqualTo("fork with edits")));
        workbench.selectRun(DemoTrace.FORK);
        assertThat(workbench.timeline().events().asList()).allMatch(e -> e.run().equals(DemoTrace.FORK));
        assertThat(workbench.forkTree().breadcrumb()).extracting(n -> n.run()).containsExactly(DemoTrace.ROOT, DemoTrace.FORK);
        workbench.timeline().home();
        StateSnapshot state = workbench.state().snapshot();
        assertThat(state.lastCheckpoint()).isEqualTo("after edit");
        assertThat(state.workspace()).extracting(StateSnapshot.FileEntry::path).contains("calc.py", "NOTES.md");
    }

    @Test
    void playbackStepsAndStopsAtTheEnd() {
        TimelineViewModel timeline = workbench.timeline();
        timeline.togglePlay();
        int steps = 0;
        while (timeline.playingProperty().get() && steps < 1000) {
            timeline.playTick();
            steps++;
        }
        assertThat(timeline.selectedIndex()).isEqualTo(timeline.events().size() - 1);
        assertThat(steps).as("one tick per event, one more to find the end").isEqualTo(timeline.events().size() + 1);
    }

    @Test
    void importFailureNamesFileAndLine(@TempDir Path dir) throws Exception {
        Path bundle = dir.resolve("broken");
        Files.createDirectories(bundle);
        Files.writeString(bundle.resolve("manifest.json"),
                "{\"formatVersion\":1,\"traceId\":\"x\",\"created\":\"2026-01-01T00:00:00Z\"}");
        Files.writeString(bundle.resolve("trace.jsonl"), "{\"id\":\"a\"}\nnot json\n");
        workbench.importFile(bundle);
        UserError error = workbench.errorProperty().get();
        assertThat(error).isNotNull();
        assertThat(error.file()).as(error.toString()).contains("trace.jsonl");
        assertThat(error.line()).isEqualTo(1);
        assertThat(error.location()).endsWith("line 1");
    }

    @Test
    void anImportThatRanOutOfMemorySaysSoAndHowToRaiseTheHeap() {
        // as the store's database reports it: its own exception over the error
        UserError error = UserError.importFailed(Path.of("/logs/eval.json"),
                new IllegalStateException("database error: General error", new OutOfMemoryError("Capacity: 23887872")));

        assertThat(error.title()).isEqualTo("Could not import eval.json");
        assertThat(error.detail()).startsWith("out of memory: ").contains("JAVA_TOOL_OPTIONS=-Xmx");
    }

    @Test
    void aFiftyThousandEventRunStaysInteractive() {
        dev.forkline.trace.EventChain chain = new dev.forkline.trace.EventChain();
        java.util.List<Event> events = new java.util.ArrayList<>();
        java.time.Instant t0 = java.time.Instant.parse("2026-01-01T00:00:00Z");
        events.add(chain.append(dev.forkline.trace.NewEvent.of("big", "harness", dev.forkline.trace.EventType.SESSION_START)
                .at(t0).data(dev.forkline.trace.Json.object())));
        for (int i = 0; events.size() < 50_000; i++) {
            var call = dev.forkline.trace.Json.object();
            call.put("callId", "c" + i);
            call.put("tool", "bash");
            call.putObject("arguments").put("command", "step " + i);
            call.put("effect", i % 100 == 0 ? "external" : "process");
            Event c = chain.append(dev.forkline.trace.NewEvent.of("big", "agent:" + (i % 3), dev.forkline.trace.EventType.TOOL_CALL)
                    .at(t0.plusMillis(i * 20L)).data(call));
            events.add(c);
            var result = dev.forkline.trace.Json.object();
            result.put("callId", "c" + i);
            result.put("exitCode", i % 500 == 0 ? 1 : 0);
            events.add(chain.append(dev.forkline.trace.NewEvent.of("big", "sandbox", dev.forkline.trace.EventType.TOOL_RESULT)
                    .at(t0.plusMillis(i * 20L + 7)).causes(c.id()).data(result)));
        }
        var bundle = new dev.forkline.trace.bundle.Bundle("big", dev.forkline.trace.bundle.Manifest.of("big", "big", t0, "test"), events,
                new int[events.size()], dev.forkline.trace.bundle.BlobSource.NONE);

        long started = System.nanoTime();
        workbench.open(bundle);
        long openMillis = (System.nanoTime() - started) / 1_000_000;
        started = System.nanoTime();
        for (int i = 0; i < 200; i++) {
            workbench.timeline().step(+1, StepScope.ALL);
        }
        workbench.timeline().end();
        workbench.timeline().step(-1, StepScope.FAILURES);
        long stepMillis = (System.nanoTime() - started) / 1_000_000;
        started = System.nanoTime();
        workbench.filter().textProperty().set("step 4999");
        long firstSearchMillis = (System.nanoTime() - started) / 1_000_000;
        started = System.nanoTime();
        workbench.filter().textProperty().set("step 49");
        long filterMillis = (System.nanoTime() - started) / 1_000_000;

        assertThat(workbench.timeline().model().size()).isGreaterThan(25_000);
        assertThat(workbench.timeline().selectedEvent().type()).isEqualTo("tool.result");
        assertThat(workbench.filter().matchCountProperty().get()).isPositive();
        // Speed is the benchmarks' job (benchmarks/run: open, frame, step); the figures are printed for the log only.
        System.out.printf("50k events: open %d ms, 202 steps %d ms, first search %d ms, next search %d ms%n", openMillis, stepMillis,
                firstSearchMillis, filterMillis);
    }
}
