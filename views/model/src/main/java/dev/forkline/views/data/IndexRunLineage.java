package dev.forkline.views.data;

import dev.forkline.trace.payload.ReplaySummaryFields;
import dev.forkline.trace.payload.ReplayMarks;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.recovery.ReplayResult;
import dev.forkline.trace.state.StateReconstructor;
import dev.forkline.trace.payload.SessionStartData;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The runs of an opened trace from the trace module's {@link TraceIndex}, with a state reconstructor over them. Built
 * from the index's columns: of the events themselves it reads only each root run's first event, and each replay run's
 * session.end (its recorded divergence).
 */
public final class IndexRunLineage implements RunLineage {

    private final TraceIndex index;
    private final StateReconstructor reconstructor;
    private final Map<String, RunNode> nodes = new HashMap<>();
    private final Map<String, RunEvents> runEvents = new ConcurrentHashMap<>();
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
            RunEvents events = events(info.id());
            origin = !events.isEmpty() && events.event(0).data().has(SessionStartData.IMPORTED) ? "import" : "original";
        }
        int edits = info.edits() != null && info.edits().isArray() ? info.edits().size() : 0;
        String divergence = null;
        if ("replay".equals(origin)) {
            divergence = replayDivergence(info);
        }
        RunNode node = new RunNode(info.id(), info.parentRun(), origin, divergence, info.outcome() == null ? "running" : info.outcome(),
                info.forkCheckpointId(), edits, info.eventCount(), children,
                !TaskOutcome.deletedTests(index.lineage(info.id()), index.columns()).isEmpty());
        nodes.put(info.id(), node);
        return node;
    }

    /**
     * What the replay engine recorded in the replay run's session.end (diverged or not-contained steps make it
     * "diverged"); without those counts, a step-by-step comparison with the parent after the checkpoint.
     */
    private String replayDivergence(RunInfo replay) {
        RunEvents own = events(replay.id());
        int last = own.size() - 1;
        Boolean recorded = last >= 0 && own.kind(last) == EventType.SESSION_END ? recordedDivergence(own.event(last)) : null;
        if (recorded != null) {
            return recorded ? "diverged" : "matched";
        }
        List<Event> after = own.asList();
        if (!own.isEmpty() && own.kind(0) == EventType.RUN_FORK) {
            after = after.subList(1, after.size());
        }
        RunEvents parent = events(replay.parentRun());
        List<Event> parentAfter = parent.asList().subList(parent.positionOf(replay.forkEventId()) + 1, parent.size());
        return RunComparison.differ(parentAfter, after) ? "diverged" : "matched";
    }

    /**
     * Whether a replay run's recorded result says it diverged (a step differed, or an escape was not contained); null when
     * its session.end records no replay result.
     */
    static Boolean recordedDivergence(Event end) {
        ReplayResult result = ReplayResult.of(end);
        if (result == null || result.diverged() == null) {
            return null;
        }
        boolean escaped = end.data().path(ReplayMarks.REPLAY).path(ReplaySummaryFields.NOT_CONTAINED).asLong() > 0;
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
    public RunEvents events(String run) {
        return runEvents.computeIfAbsent(run, r -> RunEvents.of(index, r));
    }

    @Override
    public List<String> path(String run) {
        return index.run(run).isPresent() ? index.lineage(run).runs() : List.of();
    }

    @Override
    public Lineage eventsWithAncestry(String run) {
        return index.lineage(run);
    }

    @Override
    public EventColumns columns() {
        return index.columns();
    }
}
