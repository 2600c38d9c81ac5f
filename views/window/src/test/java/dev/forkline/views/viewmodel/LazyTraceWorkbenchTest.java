package dev.forkline.views.viewmodel;

import dev.forkline.trace.EventType;
import dev.forkline.trace.FailureKind;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import dev.forkline.trace.testing.CountingLines;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.state.StateSnapshot;
import dev.forkline.views.testdata.DemoTrace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.BitSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A trace whose events are parsed only when asked for, as the store hands out a large one: opening it, stepping and
 * filtering read the columns, and parse only the events that are shown (plus what the state pass needs).
 */
class LazyTraceWorkbenchTest {

    private static final int CALLS = 3000;

    private final Bundle inMemory = DemoTrace.dense(CALLS);
    private final CountingLines lazy = new CountingLines(inMemory.events(), inMemory.source());
    private final EventColumns columns = lazy.events().columns();
    private WorkbenchViewModel workbench;

    @BeforeEach
    void openLazily() {
        workbench = new WorkbenchViewModel(new SameThreadTaskExecutor(), new InMemoryTraceLibrary(), new ReconstructorStateProvider(),
                new RecentFiles(null));
        workbench.open(lazy.bundleLike(inMemory));
        workbench.state().preparation().join();
    }

    @Test
    void openingLaysOutTheWholeRunButParsesOnlyItsFirstEventAndTheModelCallsTheStatePassSums() {
        // (the state pass reads the model calls' lines for their usage; it runs in the background right after the open)
        assertThat(workbench.timeline().model().eventCount()).isEqualTo(inMemory.events().size());
        assertThat(workbench.timeline().model().size()).isGreaterThan(CALLS);
        assertThat(workbench.filter().types()).contains("tool.call", "tool.result", "model.call", "checkpoint");

        BitSet read = lazy.takeRead();
        BitSet notModelCalls = new BitSet();
        read.stream().filter(i -> !columns.is(i, EventType.MODEL_CALL)).forEach(notModelCalls::set);
        assertThat(notModelCalls.stream().boxed().toList()).as("the session.start: the fork tree asks whether the run was imported")
                .containsExactly(0);
    }

    @Test
    void steppingAtTheEndParsesOnlyTheEventsShownAndTheFewTheStateAtThemNeeds() {
        lazy.takeRead();
        TimelineViewModel timeline = workbench.timeline();
        timeline.end();
        for (int step = 0; step < 30; step++) {
            timeline.step(-1, StepScope.ALL);
            assertThat(workbench.state().snapshot().atEventId()).isEqualTo(timeline.selectedEvent().id());
            assertThat(workbench.inspector().details().title()).isNotBlank();
        }
        int cursor = timeline.selectedIndex();
        long modelCallsSoFar = inMemory.events().subList(0, cursor + 1).stream().filter(e -> e.is(EventType.MODEL_CALL)).count();
        StateSnapshot state = workbench.state().snapshot();
        assertThat(state.sessionTurns()).isEqualTo((int) modelCallsSoFar);
        String latestCall = inMemory.events().subList(0, cursor + 1).reversed().stream().filter(e -> e.is(EventType.MODEL_CALL))
                .findFirst().orElseThrow().id();
        assertThat(state.session()).as("the end of the history").hasSizeLessThan(state.sessionTurns())
                .last().satisfies(turn -> assertThat(turn.eventId()).isEqualTo(latestCall));

        BitSet read = lazy.takeRead();
        long historyShown = read.stream().filter(i -> columns.is(i, EventType.MODEL_CALL)).count();
        assertThat(historyShown).as("the session history the panel lists").isLessThanOrEqualTo(workbench.state().snapshot().session().size() + 31);
        assertThat(read.cardinality() - historyShown).as("other events parsed for 31 steps with inspector and state, of " + columns.size())
                .isLessThan(100);
    }

    @Test
    void filteringByTypeActorOrErrorsAndSteppingThroughFailuresReadTheColumnsOnly() {
        long failures = inMemory.events().stream().filter(e -> FailureKind.of(e).isPresent()).count();
        lazy.takeRead();

        workbench.filter().errorsOnlyProperty().set(true);
        assertThat(workbench.filter().matchCountProperty().get()).isEqualTo((int) failures);
        workbench.filter().clear();
        workbench.filter().typeProperty().set("checkpoint");
        workbench.filter().actorProperty().set("harness");
        assertThat(workbench.filter().matchCountProperty().get()).isEqualTo(CALLS / 500);
        workbench.filter().clear();
        assertThat(lazy.takeRead().cardinality()).isZero();

        TimelineViewModel timeline = workbench.timeline();
        for (int step = 0; step < failures; step++) {
            timeline.step(+1, StepScope.FAILURES);
            assertThat(timeline.selectedEvent().type()).isEqualTo("tool.result");
        }
        BitSet read = lazy.takeRead();
        // the inspector of a failure shows its chain of causes: those events (a dozen at most per failure) are read too
        java.util.Map<String, dev.forkline.trace.Event> byId = new java.util.HashMap<>();
        inMemory.events().forEach(e -> byId.put(e.id(), e));
        java.util.Set<String> chains = new java.util.HashSet<>();
        inMemory.events().stream().filter(e -> dev.forkline.trace.FailureKind.of(e).isPresent()).forEach(failure -> {
            dev.forkline.trace.Event at = failure;
            for (int link = 0; link < dev.forkline.views.inspector.CauseChain.MAX_LINKS && !at.causes().isEmpty(); link++) {
                at = byId.get(at.causes().getFirst());
                chains.add(at.id());
            }
        });
        read.stream().forEach(i -> assertThat(columns.has(i, EventFacts.FAILURE) || columns.is(i, EventType.SESSION_START)
                || chains.contains(columns.id(i))
                || columns.is(i, EventType.MODEL_CALL) || columns.has(i, EventFacts.EXTERNAL_CALL) || columns.is(i, EventType.ESCAPE_ATTEMPT)
                || columns.is(i, EventType.CHECKPOINT))
                .as("event %s (%s) is a failure shown or in its chain of causes, or in the session (history), external, harness or workspace state at one",
                        columns.id(i), columns.type(i))
                .isTrue());
    }
}
