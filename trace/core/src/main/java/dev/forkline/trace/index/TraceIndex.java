package dev.forkline.trace.index;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.ColumnedEvents;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventsWithLines;
import dev.forkline.trace.columns.IdTable;
import dev.forkline.trace.columns.KnownRun;
import dev.forkline.trace.payload.SessionEndData;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Random access into a trace: events by id, each run's events in seq order, the fork tree of runs, lineages and
 * checkpoints. Built once from the events in file order (O(n)); afterwards immutable and safe to share between
 * threads. Events of unknown types are indexed like any other.
 */
public final class TraceIndex {

    private final List<Event> events;
    private final EventColumns columns;
    private final IdTable byId;
    private final Map<String, int[]> runIndexes;
    private final int[] positionInRun;
    private final Map<String, RunInfo> runs;
    private final Map<String, List<RunInfo>> children;
    private final List<RunInfo> roots;
    private final List<CheckpointInfo> checkpoints;
    private final Map<String, CheckpointInfo> checkpointsById;
    private final Map<String, Lineage> lineages = new ConcurrentHashMap<>();

    private TraceIndex(List<Event> events) {
        this(keptOrCopied(events), (EventColumns) null);
    }

    private TraceIndex(List<Event> events, EventColumns known) {
        this.events = events;
        this.columns = known != null ? known : EventColumns.of(events);
        int n = columns.size();
        this.byId = columns.idTable();
        int runCount = columns.runs().size();
        int[] fill = new int[runCount];
        for (int i = 0; i < n; i++) {
            fill[columns.runCode(i)]++;
        }
        int[][] byRun = new int[runCount][];
        for (int r = 0; r < runCount; r++) {
            byRun[r] = new int[fill[r]];
            fill[r] = 0;
        }
        for (int i = 0; i < n; i++) {
            int r = columns.runCode(i);
            byRun[r][fill[r]++] = i;
        }
        Map<String, int[]> perRun = new LinkedHashMap<>();
        this.positionInRun = new int[n];
        for (int r = 0; r < runCount; r++) {
            int[] indexes = sortBySeq(byRun[r]);
            perRun.put(columns.runs().get(r), indexes);
            for (int p = 0; p < indexes.length; p++) {
                positionInRun[indexes[p]] = p;
            }
        }
        this.runIndexes = Collections.unmodifiableMap(perRun);

        List<CheckpointInfo> allCheckpoints = new ArrayList<>();
        Map<String, CheckpointInfo> checkpointMap = new HashMap<>();
        for (int i = 0; i < n; i++) {
            if (columns.is(i, EventType.CHECKPOINT)) {
                String id = columns.checkpointId(i);
                var info = new CheckpointInfo(id != null ? id : columns.id(i), columns.run(i), columns.seq(i), columns.id(i), columns.label(i));
                allCheckpoints.add(info);
                checkpointMap.putIfAbsent(info.checkpointId(), info);
            }
        }
        this.checkpoints = List.copyOf(allCheckpoints);
        this.checkpointsById = checkpointMap;

        Map<String, RunInfo> runMap = new LinkedHashMap<>();
        for (var entry : perRun.entrySet()) {
            runMap.put(entry.getKey(), describe(entry.getKey(), entry.getValue()));
        }
        this.runs = Collections.unmodifiableMap(runMap);
        Map<String, List<RunInfo>> childMap = new LinkedHashMap<>();
        List<RunInfo> rootList = new ArrayList<>();
        for (RunInfo info : runMap.values()) {
            if (info.parentRun() != null && runMap.containsKey(info.parentRun()) && !info.parentRun().equals(info.id())) {
                childMap.computeIfAbsent(info.parentRun(), k -> new ArrayList<>()).add(info);
            } else {
                rootList.add(info);
            }
        }
        childMap.replaceAll((k, v) -> List.copyOf(v));
        this.children = childMap;
        this.roots = List.copyOf(rootList);
    }

    public static TraceIndex of(List<Event> events) {
        return new TraceIndex(events);
    }

    /** The index of events whose columns are already known (a bundle's), which are then not computed again. */
    public static TraceIndex of(List<Event> events, EventColumns columns) {
        if (columns.size() != events.size()) {
            throw new IllegalArgumentException(columns.size() + " column rows for " + events.size() + " events");
        }
        return new TraceIndex(keptOrCopied(events), columns);
    }

    /**
     * A list holding its lines or its columns is immutable and kept as it is: a copy would cost a pass over the events
     * and hide what the list says about them (a {@link dev.forkline.trace.columns.HeldEventList}'s events were hashed in
     * this process, which verification relies on).
     */
    private static List<Event> keptOrCopied(List<Event> events) {
        return events instanceof EventsWithLines || events instanceof ColumnedEvents ? events : List.copyOf(events);
    }

    private int[] sortBySeq(int[] indexes) {
        boolean sorted = true;
        for (int p = 1; p < indexes.length && sorted; p++) {
            sorted = columns.seq(indexes[p - 1]) <= columns.seq(indexes[p]);
        }
        if (sorted) {
            return indexes;
        }
        // Stable: events with equal seq (an error the verifier reports) keep their file order.
        return Arrays.stream(indexes).boxed()
                .sorted((a, b) -> Long.compare(columns.seq(a), columns.seq(b)))
                .mapToInt(Integer::intValue).toArray();
    }

    private RunInfo describe(String run, int[] indexes) {
        int first = indexes[0];
        int last = indexes[indexes.length - 1];
        int lastEnd = -1;
        int ends = 0;
        for (int p = indexes.length - 1; p >= 0; p--) {
            if (columns.is(indexes[p], EventType.SESSION_END)) {
                lastEnd = lastEnd < 0 ? indexes[p] : lastEnd;
                ends++;
            }
        }
        String outcome = null;
        if (lastEnd >= 0) {
            KnownRun knownRun = ends == 1 && events instanceof EventsWithLines withLines ? withLines.knownRun(run) : null;
            String known = knownRun == null ? null : knownRun.outcome();
            outcome = RunInfo.outcomeOf(known != null ? known : events.get(lastEnd).text(SessionEndData.OUTCOME));
        }
        if (columns.is(first, EventType.RUN_FORK)) {
            Event fork = events.get(first);
            JsonNode edits = fork.data().get("edits");
            return new RunInfo(run, fork.text("parentRun"), fork.text("checkpoint"), fork.text("checkpointEvent"),
                    fork.text("reason"), edits, indexes.length, columns.ts(first), columns.ts(last), outcome);
        }
        return new RunInfo(run, null, null, null, null, null, indexes.length, columns.ts(first), columns.ts(last), outcome);
    }

    /** What the index knows of every event without parsing it. */
    public EventColumns columns() {
        return columns;
    }

    /** All events in file order. */
    public List<Event> events() {
        return events;
    }

    public int size() {
        return events.size();
    }

    /** The event at a file-order index. */
    public Event get(int index) {
        return events.get(index);
    }

    /** The file-order index of the (first) event with this id, or -1. */
    public int indexOf(String eventId) {
        return byId.indexOf(eventId);
    }

    public Optional<Event> event(String eventId) {
        int at = indexOf(eventId);
        return at < 0 ? Optional.empty() : Optional.of(events.get(at));
    }

    /** The position of an event (by file-order index) within its own run's seq order, 0-based. */
    public int positionInRun(int eventIndex) {
        return positionInRun[eventIndex];
    }

    /** All runs, in the order their first event appears in the file. */
    public List<RunInfo> runs() {
        return List.copyOf(runs.values());
    }

    public Optional<RunInfo> run(String runId) {
        return Optional.ofNullable(runs.get(runId));
    }

    /** Runs that were not forked from a run of this trace (a fork whose parent is missing counts as a root). */
    public List<RunInfo> roots() {
        return roots;
    }

    public List<RunInfo> children(String runId) {
        return children.getOrDefault(runId, List.of());
    }

    /** A run's own events in seq order (empty for an unknown run). */
    public List<Event> eventsOf(String runId) {
        int[] indexes = runIndexes.get(runId);
        return indexes == null ? List.of() : new IndexedEvents(indexes, indexes.length);
    }

    /** The file-order indexes of a run's events in seq order (a copy). */
    public int[] indexesOf(String runId) {
        int[] indexes = runIndexes.get(runId);
        return indexes == null ? new int[0] : indexes.clone();
    }

    /**
     * What the run saw: the parent's lineage up to and including the event it was forked from, then its own events.
     * When the fork point cannot be found in the parent, the lineage holds only the run's own events.
     */
    public Lineage lineage(String runId) {
        Lineage cached = lineages.get(runId);
        if (cached != null) {
            return cached;
        }
        Lineage built = new Lineage(this, runId, segmentsOf(runId, new HashSet<>()));
        Lineage raced = lineages.putIfAbsent(runId, built);
        return raced != null ? raced : built;
    }

    private List<Lineage.Segment> segmentsOf(String runId, Set<String> visiting) {
        int[] own = runIndexes.get(runId);
        if (own == null) {
            return List.of();
        }
        visiting.add(runId);
        List<Lineage.Segment> segments = new ArrayList<>();
        RunInfo info = runs.get(runId);
        int forkPoint = forkPointIndex(info);
        if (forkPoint >= 0 && !visiting.contains(info.parentRun())) {
            int countInParent = positionInRun[forkPoint] + 1;
            for (Lineage.Segment parent : segmentsOf(info.parentRun(), visiting)) {
                if (parent.run().equals(info.parentRun())) {
                    segments.add(new Lineage.Segment(parent.run(), parent.indexes(), Math.min(countInParent, parent.count()), parent.offset()));
                } else {
                    segments.add(parent);
                }
            }
        }
        int offset = segments.isEmpty() ? 0 : segments.getLast().offset() + segments.getLast().count();
        segments.add(new Lineage.Segment(runId, own, own.length, offset));
        return segments;
    }

    /** The file-order index of the parent event a forked run starts from, or -1 when unknown. */
    public int forkPointIndex(RunInfo info) {
        if (info == null || info.parentRun() == null) {
            return -1;
        }
        int at = indexOf(info.forkEventId());
        if (at >= 0 && columns.run(at).equals(info.parentRun())) {
            return at;
        }
        if (info.forkCheckpointId() != null) {
            for (CheckpointInfo checkpoint : checkpoints) {
                if (checkpoint.run().equals(info.parentRun()) && checkpoint.checkpointId().equals(info.forkCheckpointId())) {
                    return indexOf(checkpoint.eventId());
                }
            }
        }
        return -1;
    }

    /** Every checkpoint event, in file order. */
    public List<CheckpointInfo> checkpoints() {
        return checkpoints;
    }

    public List<CheckpointInfo> checkpointsOf(String runId) {
        return checkpoints.stream().filter(c -> c.run().equals(runId)).toList();
    }

    /** The first checkpoint with this checkpoint id. */
    public Optional<CheckpointInfo> checkpoint(String checkpointId) {
        return Optional.ofNullable(checkpointsById.get(checkpointId));
    }

    private final class IndexedEvents extends AbstractList<Event> implements RandomAccess {
        private final int[] indexes;
        private final int size;

        IndexedEvents(int[] indexes, int size) {
            this.indexes = indexes;
            this.size = size;
        }

        @Override
        public Event get(int position) {
            if (position < 0 || position >= size) {
                throw new IndexOutOfBoundsException(position);
            }
            return events.get(indexes[position]);
        }

        @Override
        public int size() {
            return size;
        }
    }
}
