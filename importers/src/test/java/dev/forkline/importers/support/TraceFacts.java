package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Figures about an imported trace that tests assert on. */
public record TraceFacts(ImportedTrace trace) {

    public List<Event> events() {
        return trace.bundle().events();
    }

    public List<Event> of(EventType type) {
        return events().stream().filter(event -> event.kind() == type).toList();
    }

    public long count(EventType type) {
        return of(type).size();
    }

    public Map<String, Long> countsByType() {
        return events().stream().collect(Collectors.groupingBy(Event::type, TreeMap::new, Collectors.counting()));
    }

    public Set<String> actors() {
        return events().stream().map(Event::actor).collect(Collectors.toCollection(TreeSet::new));
    }

    public Set<String> models() {
        return of(EventType.MODEL_CALL).stream().map(event -> event.text("model")).collect(Collectors.toCollection(TreeSet::new));
    }

    public long usage(String field) {
        return of(EventType.MODEL_CALL).stream().mapToLong(event -> event.data().path("usage").path(field).asLong(0)).sum();
    }

    /** tool.result events whose single cause is a tool.call with the same callId. */
    public long pairedResults() {
        Map<String, Event> byId = events().stream().collect(Collectors.toMap(Event::id, Function.identity()));
        return of(EventType.TOOL_RESULT).stream().filter(result -> result.causes().size() == 1
                && byId.containsKey(result.causes().getFirst())
                && byId.get(result.causes().getFirst()).is(EventType.TOOL_CALL)
                && result.text("callId") != null
                && result.text("callId").equals(byId.get(result.causes().getFirst()).text("callId"))).count();
    }

    public long errorResults() {
        return of(EventType.TOOL_RESULT).stream().filter(result -> result.data().path("isError").asBoolean(false)).count();
    }

    public Map<String, Long> effects() {
        return of(EventType.TOOL_CALL).stream().collect(Collectors.groupingBy(call -> call.text("effect"), TreeMap::new, Collectors.counting()));
    }

    public List<Finding> findings(String code) {
        return trace.findings().stream().filter(finding -> finding.code().equals(code)).toList();
    }

    public JsonNode first(EventType type) {
        return of(type).getFirst().data();
    }
}
