package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.LiveTraces;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.data.TraceSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the window up to date with what other processes write to the store while it is open: {@code forkline serve}'s
 * live traces, the approval requests hooks file, decisions made with {@code forkline decide}. The view calls
 * {@link #poll()} about twice a second; a poll asks the library for its change mark (one aggregate row), and only when
 * that moved reads the trace list once and brings up to date what changed: the library's rows, the escape queue's items
 * of the traces that grew (not the whole queue), and the open trace, whose timeline follows the tail unless the reviewer
 * moved away from it. A new approval request is announced to {@link #onArrival} listeners (the view's desktop
 * notification).
 *
 * <p>Following: on while the newest event is in view and the cursor is on it (or on nothing); the reviewer scrolling,
 * zooming or stepping away from the tail turns it off, and the End key (the last event) or {@link #followTail()} turns
 * it on again.
 *
 * <p>An open trace that is not live is not reloaded when another process changes it (imports it again in its place,
 * deletes it): the reviewer may be in the middle of it. {@link #changedElsewhereProperty()} says so instead, and
 * {@link #reloadChanged()} loads it again where the reviewer is.
 */
public final class LiveSessionsViewModel {

    private static final Logger LOG = LoggerFactory.getLogger(LiveSessionsViewModel.class);

    /** What another process did to the open trace: the notice to show, and whether loading it again can show it. */
    public record ChangedElsewhere(String notice, boolean reloadable) {

        static final ChangedElsewhere DELETED = new ChangedElsewhere("Deleted from the store since it was opened, by another"
                + " Forkline: what is shown is what was loaded then.", false);

        /** The store holds {@code stored} events of the open trace, {@code shown} are shown. */
        static ChangedElsewhere changed(long stored, long shown) {
            return new ChangedElsewhere(String.format(java.util.Locale.ROOT,
                    "Changed in the store since it was opened: %,d events there, %,d shown.", stored, shown), true);
        }
    }

    private final TaskExecutor executor;
    private final TraceLibrary library;
    private final WorkbenchViewModel workbench;
    private final TimelineViewModel timeline;
    private final EscapeQueueViewModel queue;
    private final ObservableSet<String> live = FXCollections.observableSet();
    /** Whether the last change a poll found grew live traces (left out of the search index while they grow). */
    private boolean growing;
    private final BooleanProperty following = new SimpleBooleanProperty(true);
    private final BooleanBinding openIsLive;
    private final ReadOnlyIntegerWrapper announced = new ReadOnlyIntegerWrapper();
    private final ReadOnlyObjectWrapper<ChangedElsewhere> changedElsewhere = new ReadOnlyObjectWrapper<>();
    private final List<Consumer<QueueItem>> arrivalListeners = new CopyOnWriteArrayList<>();
    /** Whether a trace captured live, by id: its source path never changes, so it is asked once. */
    private final Map<String, Boolean> liveBySource = new ConcurrentHashMap<>();
    /** Queue items seen so far, by trace and event: only an item not seen before is announced. */
    private final Set<String> seenItems = new HashSet<>();
    private boolean queueRead;
    private Object lastMark;
    /** Event counts by trace at the last change; null until the first poll took its baseline. */
    private Map<String, Long> counts;
    private boolean polling;
    /** True while this object moves the timeline itself (a reload, following the tail): not the reviewer moving away. */
    private boolean moving;
    /** Set when the window closed: nothing more is polled, and what a poll still brings back is dropped. */
    private boolean stopped;

    LiveSessionsViewModel(TaskExecutor executor, TraceLibrary library, WorkbenchViewModel workbench, EscapeQueueViewModel queue) {
        this.executor = executor;
        this.library = library;
        this.workbench = workbench;
        this.timeline = workbench.timeline();
        this.queue = queue;
        TraceSelection selection = workbench.selection();
        this.openIsLive = Bindings.createBooleanBinding(() -> selection.traceId() != null && live.contains(selection.traceId()),
                selection.traceProperty(), live);
        workbench.openedProperty().addListener((obs, old, now) -> changedElsewhere.set(null));
        timeline.viewportRevisionProperty().addListener((obs, old, now) -> reviewerMoved());
        timeline.selectedIndexProperty().addListener((obs, old, now) -> reviewerMoved());
        queue.items().addListener((ListChangeListener<QueueItem>) change -> announceNewRequests());
        following.addListener((obs, was, now) -> {
            if (now && !moving && workbench.opened() != null) {
                followTail(); // the Follow toggle: back to the tail at once
            }
        });
        queue.loadingProperty().addListener((obs, was, now) -> {
            if (was && !now) {
                queueRead = true; // what the first reading found was there before: it is not announced
            }
        });
    }

    // --- polling ---------------------------------------------------------------------------------------------------

    /** Asks the library whether anything changed and, if so, brings the window up to date; a poll still running is not doubled. */
    public void poll() {
        if (polling || stopped) {
            return;
        }
        polling = true;
        Object previousMark = lastMark;
        Map<String, Long> previousCounts = counts;
        executor.execute("live-poll", progress -> scan(previousMark, previousCounts), this::apply, failure -> {
            polling = false;
            LOG.debug("live: cannot poll the library: {}", failure.toString());
        });
    }

    /** What a poll found: null when nothing changed. */
    private record Scan(Object mark, Map<String, Long> counts, List<TraceSummary> changed, boolean removed, Set<String> live) {
    }

    private Scan scan(Object previousMark, Map<String, Long> previousCounts) throws Exception {
        Optional<Object> mark = library.changeMark();
        if (mark.isEmpty() || mark.get().equals(previousMark)) {
            return null;
        }
        Map<String, Long> now = new HashMap<>();
        List<TraceSummary> changed = new ArrayList<>();
        Set<String> liveIds = new HashSet<>();
        for (TraceSummary summary : library.list()) {
            now.put(summary.traceId(), (long) summary.eventCount());
            if (previousCounts != null && !Objects.equals(previousCounts.get(summary.traceId()), (long) summary.eventCount())) {
                changed.add(summary);
            }
            if (isLive(summary.traceId())) {
                liveIds.add(summary.traceId());
            }
        }
        boolean removed = previousCounts != null && !now.keySet().containsAll(previousCounts.keySet());
        return new Scan(mark.get(), now, changed, removed, liveIds);
    }

    private boolean isLive(String traceId) throws Exception {
        if (!LiveTraces.mayBeLive(traceId)) {
            return false;
        }
        Boolean known = liveBySource.get(traceId);
        if (known == null) {
            known = LiveTraces.capturedLive(traceId, library.sourcePath(traceId));
            liveBySource.put(traceId, known);
        }
        return known;
    }

    /** The window closed: stops polling and following (its executor is about to go). */
    public void stop() {
        stopped = true;
    }

    private void apply(Scan scan) {
        polling = false;
        if (stopped) {
            return;
        }
        if (scan == null) {
            if (growing) {
                // a poll without change after live traces grew: they are settled enough to index
                growing = false;
                workbench.library().indexSettled();
            }
            return;
        }
        boolean baseline = counts == null;
        Map<String, Long> before = counts;
        lastMark = scan.mark();
        counts = scan.counts();
        live.retainAll(scan.live());
        live.addAll(scan.live());
        java.util.Set<String> changed = new HashSet<>();
        scan.changed().forEach(summary -> changed.add(summary.traceId()));
        java.util.Set<String> grew = new HashSet<>(changed);
        grew.retainAll(scan.live());
        growing = !grew.isEmpty();
        workbench.library().refreshGrowing(grew);
        if (baseline) {
            // The library and the queue were first read before this mark was taken: whatever landed in between
            // (a session that started as the window opened) would otherwise wait for the next change.
            queue.refresh();
            return;
        }
        if (scan.removed()) {
            queue.refresh();
        } else {
            queue.refreshTraces(scan.changed());
        }
        // Only a live trace is reloaded here: the window's own writes (a replay, a decision) show themselves.
        String open = workbench.selection().traceId();
        if (open != null && grew.contains(open)) {
            reloadOpen(open);
        } else if (open != null && workbench.opened() != null && !workbench.selection().importing()) {
            tellIfChangedElsewhere(before.containsKey(open), counts.get(open), changed.contains(open));
        }
    }

    /**
     * Says that the open trace, not a live one, is no longer what the store holds: another process stored it again
     * with another number of events, or deleted it (a trace shown that was never stored is not "deleted"). (The
     * window's own writes are shown by the time they are seen here, or replace what is open when they are, which takes
     * the notice away.)
     *
     * @param wasStored whether the poll before counted the open trace
     * @param stored    its event count in the store now, or null when it is not stored
     * @param changed   whether this poll saw it change
     */
    private void tellIfChangedElsewhere(boolean wasStored, Long stored, boolean changed) {
        int shown = workbench.opened().bundle().events().size();
        if (stored == null && wasStored) {
            changedElsewhere.set(ChangedElsewhere.DELETED);
        } else if (stored != null && stored != shown && changed) {
            changedElsewhere.set(ChangedElsewhere.changed(stored, shown));
        }
    }

    /** What another process did to the open trace since it was opened, or null; cleared once another version is shown. */
    public ReadOnlyObjectProperty<ChangedElsewhere> changedElsewhereProperty() {
        return changedElsewhere.getReadOnlyProperty();
    }

    /** Loads the open trace again as the store holds it now, keeping the run, the cursor and the part shown. */
    public void reloadChanged() {
        String open = workbench.selection().traceId();
        if (open != null) {
            reloadOpen(open);
        }
    }

    // --- the open trace --------------------------------------------------------------------------------------------

    private void reloadOpen(String traceId) {
        boolean follow = following.get();
        String run = workbench.currentRun();
        Event cursor = timeline.selectedEvent();
        String cursorId = cursor == null ? null : cursor.id();
        long start = timeline.viewport().start();
        long span = timeline.viewport().span();
        boolean whole = span >= timeline.viewport().duration();
        executor.execute("live-reload", progress -> workbench.loadOpened(traceId), trace -> {
            if (stopped || !workbench.isOpen(traceId)) {
                return;
            }
            moving = true;
            try {
                workbench.showReloaded(traceId, trace, run, follow ? null : cursorId);
                if (follow) {
                    toTail(whole ? -1 : span);
                } else {
                    timeline.zoomTo(start, start + span);
                }
            } finally {
                moving = false;
            }
        }, failure -> LOG.debug("live: cannot reload {}: {}", traceId, failure.toString()));
    }

    /** Follows the tail again: the cursor on the newest event, the view ending with it (keeping the zoom). */
    public void followTail() {
        moving = true;
        try {
            following.set(true);
            long span = timeline.viewport().span();
            toTail(span >= timeline.viewport().duration() ? -1 : span);
        } finally {
            moving = false;
        }
    }

    /** @param span the visible span to keep, or -1 to show the whole run */
    private void toTail(long span) {
        timeline.end();
        if (span < 0) {
            timeline.fit();
        } else {
            long tail = timeline.model().axisLength();
            long room = span / 20;
            timeline.zoomTo(tail + room - span, tail + room);
        }
    }

    private void reviewerMoved() {
        if (moving || workbench.opened() == null) {
            return;
        }
        moving = true;
        try {
            following.set(tailInView());
        } finally {
            moving = false;
        }
    }

    private boolean tailInView() {
        int last = timeline.events().size() - 1;
        int cursor = timeline.selectedIndex();
        return (cursor < 0 || cursor == last) && timeline.viewport().end() >= timeline.viewport().duration();
    }

    // --- new approval requests -------------------------------------------------------------------------------------

    private void announceNewRequests() {
        for (QueueItem item : List.copyOf(queue.items())) {
            boolean isNew = seenItems.add(item.traceId() + "\u0000" + item.eventId());
            if (isNew && queueRead && item.kind() == QueueItem.Kind.APPROVAL_REQUEST) {
                announced.set(announced.get() + 1);
                arrivalListeners.forEach(listener -> listener.accept(item));
            }
        }
    }

    /** Hears each approval request that arrives while the window is open (on the UI thread). */
    public void onArrival(Consumer<QueueItem> listener) {
        arrivalListeners.add(listener);
    }

    /** How many approval requests were announced since the window opened. */
    public ReadOnlyIntegerProperty announcedProperty() {
        return announced.getReadOnlyProperty();
    }

    /** The traces {@code forkline serve} captured (for the "live" badges), as of the last change. */
    public ObservableSet<String> liveTraces() {
        return live;
    }

    /** Whether the open trace is a live one. */
    public BooleanBinding openIsLiveProperty() {
        return openIsLive;
    }

    /** Whether the timeline follows the tail as events arrive; the Follow toggle sets it. */
    public BooleanProperty followingProperty() {
        return following;
    }

    public boolean isFollowing() {
        return following.get();
    }
}
