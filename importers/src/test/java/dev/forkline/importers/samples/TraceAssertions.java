package dev.forkline.importers.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.importers.ImportedTrace;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Counting helpers shared by the importer tests, plus the structural checks every import must pass. */
public final class TraceAssertions {

    private TraceAssertions() {
    }

    public static List<Event> ofType(ImportedTrace trace, EventType type) {
        return trace.bundle().events().stream().filter(e -> e.is(type)).toList();
    }

    public static Map<String, Long> countByType(ImportedTrace trace) {
        return trace.bundle().events().stream().collect(Collectors.groupingBy(Event::type, TreeMap::new, Collectors.counting()));
    }

    public static Set<String> actors(ImportedTrace trace) {
        return trace.bundle().events().stream().map(Event::actor).collect(Collectors.toCollection(TreeSet::new));
    }

    public static Set<String> findingCodes(ImportedTrace trace) {
        return trace.findings().stream().map(Finding::code).collect(Collectors.toCollection(TreeSet::new));
    }

    public static long sum(List<Event> events, Function<Event, Long> value) {
        return events.stream().mapToLong(value::apply).sum();
    }

    /**
     * Every run starts with session.start (carrying data.imported on root runs), every tool.result answers an earlier
     * tool.call with the same callId, every cause exists earlier, and the chain's seq is 1..n per run.
     */
    public static void assertWellFormed(ImportedTrace trace) {
        List<Event> events = trace.bundle().events();
        assertThat(events).isNotEmpty();
        Map<String, Event> byId = new java.util.HashMap<>();
        Map<String, Long> seqByRun = new java.util.HashMap<>();
        Map<String, String> tipByRun = new java.util.HashMap<>();
        for (Event event : events) {
            Event unhashed = new Event(event.id(), event.run(), event.seq(), event.ts(), event.actor(), event.type(), event.causes(),
                    event.state(), event.data(), event.prev(), null);
            assertThat(dev.forkline.trace.EventChain.withHash(unhashed).hash()).as("hash of %s", event.id()).isEqualTo(event.hash());
            if (tipByRun.containsKey(event.run())) {
                assertThat(event.prev()).as("prev of %s", event.id()).isEqualTo(tipByRun.get(event.run()));
            }
            tipByRun.put(event.run(), event.hash());
            long expected = seqByRun.merge(event.run(), 1L, Long::sum);
            assertThat(event.seq()).as("seq of %s", event.id()).isEqualTo(expected);
            if (expected == 1) {
                assertThat(event.type()).as("first event of run %s", event.run()).isEqualTo("session.start");
                assertThat(event.prev()).isNull();
                assertThat(event.data().path("imported").path("format").asText()).isNotBlank();
                assertThat(event.data().path("imported").path("source").asText()).isNotBlank();
            }
            for (String cause : event.causes()) {
                assertThat(byId).as("cause %s of %s", cause, event.id()).containsKey(cause);
            }
            if (event.is(EventType.TOOL_RESULT)) {
                assertThat(event.causes()).hasSize(1);
                Event call = byId.get(event.causes().getFirst());
                assertThat(call.type()).isEqualTo("tool.call");
                assertThat(call.text("callId")).isEqualTo(event.text("callId"));
            }
            if (event.is(EventType.TOOL_CALL)) {
                assertThat(event.text("effect")).as("effect of %s", event.id()).isIn("read", "workspace", "process", "external", "privileged");
            }
            byId.put(event.id(), event);
        }
    }
}
