package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.columns.EventColumns;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The tool name each event is searched by: a call's own, a result's that of the call before it that it names as a
 * cause, else that of the latest call before it with its callId; the same whether the trace's columns come whole or
 * chunk by chunk, as the search index's pass reads them.
 */
class SearchToolNamesTest {

    @Test
    void aResultTakesItsCausesCallElseTheLatestCallWithItsCallIdBeforeIt() {
        List<Event> events = List.of(
                result("r0", List.of(), "c1"),                 // before any call: no name
                call("e1", "bash", "c1"),
                result("r1", List.of("e1"), null),             // by cause
                call("e2", "read", "c1"),                      // the same callId again
                result("r2", List.of(), "c1"),                 // by callId: the latest call with it
                result("r3", List.of("missing", "e1"), "c1"),  // the first cause that is a known call
                call("e3", "x".repeat(SearchToolNames.MAX_LENGTH + 5), null),
                result("r4", List.of("e3"), null),
                note("n1"));

        String[] names = SearchToolNames.of(EventColumns.of(events));

        assertThat(names).containsExactly(null, "bash", "bash", "read", "read", "bash", "x".repeat(SearchToolNames.MAX_LENGTH),
                "x".repeat(SearchToolNames.MAX_LENGTH), null);
    }

    @Test
    void namesGivenChunkByChunkAreTheNamesOfTheWholeColumns() {
        Random random = new Random(11);
        List<Event> events = new ArrayList<>();
        List<String> calls = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            int kind = random.nextInt(4);
            if (kind == 0 || calls.isEmpty()) {
                String id = "e" + i;
                calls.add(id);
                events.add(call(id, "tool-" + random.nextInt(20), random.nextBoolean() ? "c" + random.nextInt(200) : null));
            } else if (kind == 1) {
                String cause = random.nextInt(5) == 0 ? "e" + (i + 10) : calls.get(random.nextInt(calls.size()));
                events.add(result("r" + i, List.of(cause), random.nextBoolean() ? "c" + random.nextInt(200) : null));
            } else if (kind == 2) {
                events.add(result("r" + i, List.of(), "c" + random.nextInt(200)));
            } else {
                events.add(note("n" + i));
            }
        }
        String[] whole = SearchToolNames.of(EventColumns.of(events));
        assertThat(Arrays.stream(whole).filter(name -> name != null).count()).isGreaterThan(1_500);

        for (int round = 0; round < 20; round++) {
            SearchToolNames.Builder parts = new SearchToolNames.Builder(round == 0 ? 0 : events.size());
            for (int from = 0; from < events.size(); ) {
                int to = Math.min(events.size(), from + 1 + random.nextInt(round == 0 ? 1 : 400));
                parts.add(EventColumns.of(events.subList(from, to)));
                from = to;
            }
            assertThat(parts.build()).isEqualTo(whole);
        }
    }

    private static Event call(String id, String tool, String callId) {
        ObjectNode data = Json.object();
        data.put("tool", tool);
        if (callId != null) {
            data.put("callId", callId);
        }
        return event(id, EventType.TOOL_CALL, List.of(), data);
    }

    private static Event result(String id, List<String> causes, String callId) {
        ObjectNode data = Json.object();
        if (callId != null) {
            data.put("callId", callId);
        }
        data.put("output", "done");
        return event(id, EventType.TOOL_RESULT, causes, data);
    }

    private static Event note(String id) {
        ObjectNode data = Json.object();
        data.put("text", "a note");
        return event(id, EventType.NOTE, List.of(), data);
    }

    private static Event event(String id, EventType type, List<String> causes, ObjectNode data) {
        return new Event(id, "r1", 1, Instant.EPOCH, "agent", type.wireName(), causes, List.of(), data, null, null);
    }
}
