package dev.forkline.views.data;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.state.StateReconstructor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The runs of an opened trace from the trace module's {@link TraceIndex}, with a state reconstructor over them. */
public final class IndexRunLineage implements RunLineage {

    private final TraceIndex index;
    private final StateReconstructor reconstructor;
    private final Map<String, RunNode> nodes = new HashMap<>();
    private final List<RunNode> roots;

    public IndexRunLineage(Bundle bundle) {
        this.index = TraceIndex.of(bundle.events());
        this.reconstructor = new StateReconstructor(index, bundle.blobs());
        List<RunNode> built = new ArrayList<>();
        for (RunInfo root : index.roots()) {
            built.add(node(root));
        }
        this.roots = List.copyOf(built);
    }

    private RunNode node(RunInfo info) {
        List<RunNode> children = new ArrayList<>();
        for (RunInfo child : index.children(info.id())) {
            children.add(node(child));
        }
        String origin;
        if (info.isFork()) {
            origin = info.reason() == null ? "fork" : info.reason();
        } else {
            List<Event> events = index.eventsOf(info.id());
            origin = !events.isEmpty() && events.getFirst().data().has("imported") ? "import" : "original";
        }
        int edits = info.edits() != null && info.edits().isArray() ? info.edits().size() : 0;
        String divergence = null;
        if (info.isFork()) {
            List<Event> events = index.eventsOf(info.id());
            divergence = events.isEmpty() ? null : events.getFirst().text("divergence");
        }
        RunNode node = new RunNode(info.id(), info.parentRun(), origin, divergence, info.outcome() == null ? "running" : info.outcome(),
                info.forkCheckpointId(), edits, info.eventCount(), children);
        nodes.put(info.id(), node);
        return node;
    }

    public TraceIndex index() {
        return index;
    }

    public StateReconstructor reconstructor() {
        return reconstructor;
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
        return index.run(run).isPresent() ? index.eventsOf(run) : List.of();
    }

    @Override
    public List<String> path(String run) {
        return index.run(run).isPresent() ? index.lineage(run).runs() : List.of();
    }

    @Override
    public List<Event> eventsWithAncestry(String run) {
        return index.run(run).isPresent() ? index.lineage(run) : List.of();
    }
}
