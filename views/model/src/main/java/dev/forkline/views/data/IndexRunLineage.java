package dev.forkline.views.data;

import dev.forkline.trace.payload.ReplaySummaryFields;
import dev.forkline.trace.payload.ReplayMarks;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventsWithLines;
import dev.forkline.trace.columns.KnownRun;
import dev.forkline.trace.columns.LazyEventList.DamagedEventException;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runs of an opened trace from the trace module's {@link TraceIndex}, with a state reconstructor over them. Built
 * from the index's columns: of the events themselves it reads only each root run's first event (unless the store knows
 * whether it is marked imported), and each replay run's session.end (its recorded divergence). What the runs did to
 * test files is read later, by {@link #checkTests}.
 */
public final class IndexRunLineage implements RunLineage {

    private static final Logger LOG = LoggerFactory.getLogger(IndexRunLineage.class);

    private final TraceIndex index;
    private final StateReconstructor reconstructor;
    /** What the trace's store knows of its runs without reading them, or null. */
    private final EventsWithLines knownRuns;
    private final Map<String, RunEvents> runEvents = new ConcurrentHashMap<>();
    /** The nodes as last made: before {@link #checkTests}, every run's tests are CHECKING. */
    private volatile Nodes nodes;

    /** The tree of runs and each node by its run, replaced as a whole. */
    private record Nodes(List<RunNode> roots, Map<String, RunNode> byRun, boolean testsChecked) {
        static Nodes of(List<RunNode> roots, boolean testsChecked) {
            Map<String, RunNode> byRun = new HashMap<>();
            roots.forEach(root -> collect(root, byRun));
            return new Nodes(List.copyOf(roots), byRun, testsChecked);
        }

        /** These nodes with what each run did to test files as {@code testsOf} says. */
        Nodes withTests(java.util.function.Function<String, TaskOutcome.Tests> testsOf, boolean checked) {
            return of(roots.stream().map(root -> root.withTests(testsOf)).toList(), checked);
        }

        private static void collect(RunNode node, Map<String, RunNode> byRun) {
            byRun.put(node.run(), node);
            node.children().forEach(child -> collect(child, byRun));
        }
    }

    public IndexRunLineage(Bundle bundle) {
        this.index = TraceIndex.of(bundle.events());
        this.knownRuns = bundle.events() instanceof EventsWithLines withLines ? withLines : null;
        this.reconstructor = new StateReconstructor(index, bundle.blobs());
        List<RunNode> built = new ArrayList<>();
        for (RunInfo root : index.roots()) {
            built.add(node(root));
        }
        this.nodes = Nodes.of(built, false);
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
            origin = firstEventImported(info.id()) ? "import" : "original";
        }
        int edits = info.edits() != null && info.edits().isArray() ? info.edits().size() : 0;
        String divergence = null;
        if ("replay".equals(origin)) {
            divergence = replayDivergence(info);
        }
        return new RunNode(info.id(), info.parentRun(), origin, divergence, info.outcome() == null ? "running" : info.outcome(),
                info.forkCheckpointId(), edits, info.eventCount(), children, TaskOutcome.Tests.CHECKING);
    }

    /** Whether the run's first event is marked imported: from the store's runs table where it knows, else read. */
    private boolean firstEventImported(String run) {
        KnownRun known = knownRuns == null ? null : knownRuns.knownRun(run);
        if (known != null && known.imported() != null) {
            return known.imported();
        }
        RunEvents events = events(run);
        return !events.isEmpty() && events.event(0).data().has(SessionStartData.IMPORTED);
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
        return nodes.roots();
    }

    @Override
    public RunNode node(String run) {
        return nodes.byRun().get(run);
    }

    @Override
    public boolean testsChecked() {
        return nodes.testsChecked();
    }

    @Override
    public synchronized void assumeTestsOf(RunLineage earlier) {
        Nodes before = nodes;
        if (before.testsChecked()) {
            return;
        }
        nodes = before.withTests(run -> {
            RunNode known = earlier.node(run);
            return known == null ? TaskOutcome.Tests.CHECKING : known.tests();
        }, false);
    }

    /**
     * Reads every run's state mutations for the test files it deleted and did not restore; a run whose mutations
     * cannot all be read is {@link TaskOutcome.Tests#UNREADABLE}. Once.
     */
    @Override
    public synchronized void checkTests() {
        Nodes before = nodes;
        if (before.testsChecked()) {
            return;
        }
        DeletedTests deleted = new DeletedTests(index.columns());
        Map<String, TaskOutcome.Tests> tests = new HashMap<>();
        for (String run : before.byRun().keySet()) {
            TaskOutcome.Tests found;
            try {
                found = deleted.along(index.lineage(run)).isEmpty() ? TaskOutcome.Tests.IN_PLACE : TaskOutcome.Tests.DELETED;
            } catch (DamagedEventException e) {
                found = TaskOutcome.Tests.UNREADABLE;
            } catch (RuntimeException e) { // the store closed under it, or worse: say so in the log, not as "in place"
                LOG.warn("could not read what run " + run + " did to test files", e);
                found = TaskOutcome.Tests.UNREADABLE;
            }
            tests.put(run, found);
        }
        nodes = before.withTests(tests::get, true);
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
