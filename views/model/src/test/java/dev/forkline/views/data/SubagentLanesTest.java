package dev.forkline.views.data;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.index.TraceIndex;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SubagentLanesTest {

    private static final Instant T0 = Instant.parse("2026-11-03T08:00:00Z");

    private final EventChain chain = new EventChain();
    private int second;

    private Event append(String actor, EventType type, com.fasterxml.jackson.databind.node.ObjectNode data, String... causes) {
        return chain.append(NewEvent.of("r1", actor, type).at(T0.plusSeconds(second++)).causes(causes).data(data));
    }

    @Test
    void aCallStartsTheLaneWhoseFirstMessageNamesItAmongItsCauses() {
        Event other = append("agent:main", EventType.TOOL_CALL, Json.object().put("callId", "t0").put("tool", "Bash"));
        Event task = append("agent:main", EventType.TOOL_CALL, Json.object().put("callId", "t1").put("tool", "Task"));
        Event unrelated = append("agent:main", EventType.AGENT_MESSAGE, Json.object().put("from", "agent:main").put("to", "agent:helper")
                .put("text", "not started by the call"), other.id());
        Event handoff = append("agent:main", EventType.AGENT_MESSAGE, Json.object().put("from", "agent:main").put("to", "agent:explorer")
                .put("text", "look around"), task.id());
        Event first = append("agent:explorer", EventType.MODEL_CALL, Json.object(), handoff.id());
        RunEvents run = RunEvents.of(TraceIndex.of(List.of(other, task, unrelated, handoff, first)), "r1");

        SubagentLanes.Lane lane = SubagentLanes.startedBy(task, run);

        assertThat(lane).isEqualTo(new SubagentLanes.Lane("agent:explorer", 4));
        assertThat(SubagentLanes.startedBy(other, run)).isEqualTo(new SubagentLanes.Lane("agent:helper", 2));
        assertThat(SubagentLanes.startedBy(first, run)).isNull();
        assertThat(SubagentLanes.callThatStarted("agent:explorer", run)).isEqualTo(1);
    }

    @Test
    void aMessageToTheCallersOwnLaneStartsNothing() {
        Event task = append("agent:main", EventType.TOOL_CALL, Json.object().put("callId", "t1").put("tool", "Task"));
        Event back = append("agent:main", EventType.AGENT_MESSAGE, Json.object().put("from", "agent:x").put("to", "agent:main")
                .put("text", "to the caller"), task.id());
        RunEvents run = RunEvents.of(TraceIndex.of(List.of(task, back)), "r1");

        assertThat(SubagentLanes.startedBy(task, run)).isNull();
    }
}
