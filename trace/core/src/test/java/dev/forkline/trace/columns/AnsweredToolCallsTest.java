package dev.forkline.trace.columns;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnsweredToolCallsTest {

    private final List<Event> events = new ArrayList<>();

    @Test
    void aResultAnswersACallOfItsOwnRunByCauseOrCallIdWhenItsOutcomeIsKnown() {
        int byCause = add("r1", "tool.call", List.of(), null, null);
        add("r1", "tool.result", List.of(id(byCause)), null, null);
        int byCallId = add("r1", "tool.call", List.of(), "c-7", null);
        add("r1", "tool.result", List.of(), "c-7", null);
        int unknownResult = add("r1", "tool.call", List.of(), "c-8", null);
        add("r1", "tool.result", List.of(), "c-8", "unknown");
        int resultInAnotherRun = add("r1", "tool.call", List.of(), "c-9", null);
        add("r2", "tool.result", List.of(id(resultInAnotherRun)), "c-9", null);
        int noResult = add("r1", "tool.call", List.of(), null, null);
        int causeIsNotACall = add("r1", "message", List.of(), null, null);
        add("r1", "tool.result", List.of(id(causeIsNotACall)), null, null);

        var answered = AnsweredToolCalls.of(EventColumns.of(events));

        assertThat(answered.stream().boxed().toList()).containsExactly(byCause, byCallId);
        assertThat(List.of(unknownResult, resultInAnotherRun, noResult, causeIsNotACall)).noneMatch(answered::get);
    }

    private String id(int index) {
        return events.get(index).id();
    }

    private int add(String run, String type, List<String> causes, String callId, String outcome) {
        ObjectNode data = Json.object();
        if (callId != null) {
            data.put("callId", callId);
        }
        if (outcome != null) {
            data.put("outcome", outcome);
        }
        int index = events.size();
        events.add(new Event("e" + index, run, index, Instant.EPOCH.plusSeconds(index), "agent", type, causes, List.of(), data, null,
                null));
        return index;
    }
}
