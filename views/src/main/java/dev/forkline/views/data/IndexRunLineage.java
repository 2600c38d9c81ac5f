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
        if ("replay".equals(origin)) {
            divergence = replayDivergence(info);
        }
        RunNode node = new RunNode(info.id(), info.parentRun(), origin, divergence, info.outcome() == null ? "running" : info.outcome(),
                info.forkCheckpointId(), edits, info.eventCount(), children);
        nodes.put(info.id(), node);
        return node;
    }

    /**
     * What the replay engine recorded in the replay run's session.end (diverged or not-contained steps make it
     * "diverged"); without those counts, a step-by-step comparison with the parent after the checkpoint.
     */
    private String replayDivergence(RunInfo replay) {
        List<Event> own = index.eventsOf(replay.id());
        Event end = own.isEmpty() || !own.getLast().is(dev.forkline.trace.EventType.SESSION_END) ? null : own.getLast();
        Boolean recorded = recordedDivergence(end);
        if (recorded != null) {
            return recorded ? "diverged" : "matched";
        }
        List<Event> after = !own.isEmpty() && own.getFirst().is(dev.forkline.trace.EventType.RUN_FORK) ? own.subList(1, own.size()) : own;
        List<Event> parent = index.eventsOf(replay.parentRun());
        int from = 0;
        for (int i = 0; i < parent.size(); i++) {
            if (parent.get(i).id().equals(replay.forkEventId())) {
                from = i + 1;
            }
        }
        RunComparison comparison = RunComparison.compare(replay.parentRun(), parent.subList(from, parent.size()), replay.id(), after,
                replay.forkEventId());
        return comparison.firstDivergence() < 0 ? "matched" : "diverged";
    }

    /**
     * Whether a replay run's recorded result says it diverged (a step differed, or an escape was not contained); null when
     * its session.end records no replay result.
     */
    static Boolean recordedDivergence(Event end) {
        dev.forkline.trace.recovery.ReplayResult result = dev.forkline.trace.recovery.ReplayResult.of(end);
        if (result == null || result.diverged() == null) {
            return null;
        }
        boolean escaped = end.data().path("replay").path("notContained").asLong() > 0;
        return result.diverged() > 0 || result.firstDivergenceEventId() != null || escaped;
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
