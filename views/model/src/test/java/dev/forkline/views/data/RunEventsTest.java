package dev.forkline.views.data;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.index.TraceIndex;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RunEventsTest {

    private static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");

    private final EventChain chain = new EventChain();
    private final List<Event> events = new ArrayList<>();

    private Event add(String run, EventType type, long second, String callId, String... causes) {
        var data = Json.object();
        if (callId != null) {
            data.put("callId", callId);
        }
        Event event = chain.append(NewEvent.of(run, "agent:a", type).at(T0.plusSeconds(second)).causes(causes).data(data));
        events.add(event);
        return event;
    }

    @Test
    void aToolCallsResultIsTheFirstNamingItAsCauseElseTheFirstWithItsCallIdNotEarlierThanIt() {
        Event early = add("r1", EventType.TOOL_RESULT, 1, "c1");
        Event call = add("r1", EventType.TOOL_CALL, 2, "c1");
        add("r1", EventType.TOOL_RESULT, 3, "c1");
        Event named = add("r1", EventType.TOOL_RESULT, 4, "other", call.id());
        Event unnamed = add("r1", EventType.TOOL_CALL, 5, "c2");
        Event skewed = add("r1", EventType.TOOL_RESULT, 4, "c2");
        Event byCallId = add("r1", EventType.TOOL_RESULT, 6, "c2");
        Event unanswered = add("r1", EventType.TOOL_CALL, 7, "c3");
        RunEvents run = RunEvents.of(TraceIndex.of(events), "r1");

        assertThat(run.event(run.resultOf(run.positionOf(call.id())))).as("named among the causes").isEqualTo(named);
        assertThat(run.event(run.resultOf(run.positionOf(unnamed.id())))).as("by callId, not the one stamped before the call")
                .isEqualTo(byCallId);
        assertThat(run.resultOf(run.positionOf(unanswered.id()))).isEqualTo(-1);
        assertThat(run.resultOf(run.positionOf(early.id()))).as("a result answers nothing").isEqualTo(-1);
        assertThat(skewed.ts()).isBefore(unnamed.ts());
    }

    @Test
    void positionsAreWithinTheRunWhileTheWholeTraceIsKnown() {
        Event first = add("r1", EventType.NOTE, 1, null);
        Event second = add("r1", EventType.NOTE, 2, null);
        Event elsewhere = add("r2", EventType.NOTE, 3, null);
        RunEvents run = RunEvents.of(TraceIndex.of(events), "r1");

        assertThat(run.size()).isEqualTo(2);
        assertThat(run.positionOf(second.id())).isEqualTo(1);
        assertThat(run.id(0)).isEqualTo(first.id());
        assertThat(run.positionOf(elsewhere.id())).as("another run's event").isEqualTo(-1);
        assertThat(run.traceHas(elsewhere.id())).isTrue();
        assertThat(run.traceHas("nope")).isFalse();
        assertThat(RunEvents.of(TraceIndex.of(events), "r9").isEmpty()).isTrue();
    }
}
