package dev.forkline.views.data;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the run tree from the events alone: a run whose first event is a run.fork names its parent and checkpoint. */
public final class EventRunLineage implements RunLineage {

    private final Map<String, List<Event>> eventsByRun = new LinkedHashMap<>();
    private final Map<String, RunNode> nodes = new HashMap<>();
    private final Map<String, String> forkEventByRun = new HashMap<>();
    private final List<RunNode> roots;

    public EventRunLineage(List<Event> events) {
        for (Event event : events) {
            eventsByRun.computeIfAbsent(event.run(), r -> new ArrayList<>()).add(event);
        }
        Map<String, String> parentOf = new HashMap<>();
        for (var entry : eventsByRun.entrySet()) {
            Event first = entry.getValue().getFirst();
            if (first.is(EventType.RUN_FORK)) {
                String parent = first.text("parentRun");
                if (parent != null && eventsByRun.containsKey(parent) && !parent.equals(entry.getKey())) {
                    parentOf.put(entry.getKey(), parent);
                    forkEventByRun.put(entry.getKey(), first.text("checkpointEvent"));
                }
            }
        }
        Map<String, List<String>> childrenOf = new LinkedHashMap<>();
        List<String> rootRuns = new ArrayList<>();
        for (String run : eventsByRun.keySet()) {
            String parent = parentOf.get(run);
            if (parent == null || createsCycle(run, parentOf)) {
                rootRuns.add(run);
                parentOf.remove(run);
            } else {
                childrenOf.computeIfAbsent(parent, p -> new ArrayList<>()).add(run);
            }
        }
        List<RunNode> built = new ArrayList<>();
        for (String run : rootRuns) {
            built.add(buildNode(run, parentOf.get(run), childrenOf));
        }
        this.roots = List.copyOf(built);
    }

    private static boolean createsCycle(String run, Map<String, String> parentOf) {
        String current = parentOf.get(run);
        int steps = 0;
        while (current != null && steps++ <= parentOf.size()) {
            if (current.equals(run)) {
                return true;
            }
            current = parentOf.get(current);
        }
        return false;
    }

    private RunNode buildNode(String run, String parent, Map<String, List<String>> childrenOf) {
        List<RunNode> children = new ArrayList<>();
        for (String child : childrenOf.getOrDefault(run, List.of())) {
            children.add(buildNode(child, run, childrenOf));
        }
        List<Event> events = eventsByRun.get(run);
        Event first = events.getFirst();
        String origin = "original";
        String checkpoint = null;
        int edits = 0;
        String divergence = null;
        if (first.is(EventType.RUN_FORK)) {
            origin = first.text("reason") == null ? "fork" : first.text("reason");
            checkpoint = first.text("checkpoint");
            JsonNode editList = first.data().get("edits");
            edits = editList != null && editList.isArray() ? editList.size() : 0;
            divergence = first.text("divergence");
        } else if (first.data().has("imported")) {
            origin = "import";
        }
        String outcome = "running";
        for (Event event : events) {
            if (event.is(EventType.SESSION_END)) {
                outcome = event.text("outcome") == null ? "unknown" : event.text("outcome");
            }
        }
        RunNode node = new RunNode(run, parent, origin, divergence, outcome, checkpoint, edits, events.size(), children);
        nodes.put(run, node);
        return node;
    }

    @Override
    public List<RunNode> roots() {
        return roots;
    }

    @Override
    public RunNode node(String run) {
        return nodes.get(run);
    }

    @Override
    public List<Event> events(String run) {
        return eventsByRun.getOrDefault(run, List.of());
    }

    @Override
    public List<String> path(String run) {
        List<String> path = new ArrayList<>();
        for (RunNode node = nodes.get(run); node != null; node = node.parentRun() == null ? null : nodes.get(node.parentRun())) {
            path.addFirst(node.run());
        }
        return path;
    }

    @Override
    public List<Event> eventsWithAncestry(String run) {
        List<Event> result = new ArrayList<>();
        List<String> path = path(run);
        for (int i = 0; i < path.size(); i++) {
            String current = path.get(i);
            if (i == path.size() - 1) {
                result.addAll(events(current));
            } else {
                String forkPoint = forkEventByRun.get(path.get(i + 1));
                for (Event event : events(current)) {
                    result.add(event);
                    if (event.id().equals(forkPoint)) {
                        break;
                    }
                }
            }
        }
        return result;
    }
}
