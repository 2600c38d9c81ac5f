package dev.forkline.importers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.LazyEventList;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpilledEventsTest {

    private static List<Event> events(int count) {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            NewEvent draft = i % 2 == 0
                    ? NewEvent.of("r1", "agent", EventType.TOOL_CALL).data(Json.object().put("callId", "c" + i).put("tool", "bash"))
                    : NewEvent.of("r1", "sandbox", EventType.TOOL_RESULT).data(Json.object().put("callId", "c" + (i - 1)).put("stdout", "é " + i));
            events.add(chain.append(draft.at(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i))));
        }
        return events;
    }

    @Test
    void aSmallImportKeepsItsEventsInMemory() {
        SpilledEvents spilled = new SpilledEvents("t.jsonl", 50);
        List<Event> events = events(50);
        events.forEach(spilled::add);

        assertThat(spilled.spilled()).isFalse();
        assertThat(spilled.finished()).isNotInstanceOf(LazyEventList.class).containsExactlyElementsOf(events);
    }

    @Test
    void beyondTheLimitEventsGoToAFileAndReadBackEqual() {
        SpilledEvents spilled = new SpilledEvents("t.jsonl", 50);
        List<Event> events = events(301);
        for (int i = 0; i < events.size(); i++) {
            spilled.add(events.get(i));
            if (i == 120) {
                assertThat(spilled.spilled()).isTrue();
                assertThat(spilled.get(7)).isEqualTo(events.get(7)); // read back while the import still appends
            }
        }
        assertThat(spilled.getFirst()).isEqualTo(events.getFirst());
        assertThat(spilled.getLast()).isEqualTo(events.getLast());

        List<Event> finished = spilled.finished();
        assertThat(finished).isInstanceOf(LazyEventList.class).hasSize(301).containsExactlyElementsOf(events);
        EventColumns expected = EventColumns.of(events);
        EventColumns columns = EventColumns.of(finished);
        for (int i = 0; i < events.size(); i++) {
            assertThat(columns.id(i)).isEqualTo(expected.id(i));
            assertThat(columns.callId(i)).isEqualTo(expected.callId(i));
            assertThat(columns.type(i)).isEqualTo(expected.type(i));
        }
    }
}
