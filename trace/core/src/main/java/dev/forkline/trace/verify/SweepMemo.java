package dev.forkline.trace.verify;

import dev.forkline.trace.Event;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the per-event checks of an {@link EventSweep} found about each event, kept for the next sweep over the same trace
 * once it has grown: a live trace checked on every store is then checked again only where it is new. Results are kept
 * by event identity, so only an event object that is the very one checked before is spared its check; a trace read
 * again from its file (new objects) is checked whole. Only results that depend on the event alone may be kept (its
 * hash against its content, the secrets in its data), never ones that depend on other events. This relies on an event
 * not being changed once it is chained (Forkline makes a new event object for a changed event, never edits its data).
 *
 * <p>After each sweep the memo holds the results of that sweep's events only, so events that left the trace are not
 * kept alive by it. One sweep at a time; results may also be found ahead of a sweep, on another thread
 * ({@link #keepAhead}).
 */
public final class SweepMemo {

    /** One kind of result, e.g. "this event's hash matches its content". */
    public static final class Key<V> {
        private final String name;

        public Key(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Per key: the results of the last sweep, and of the one running (filled from several threads). */
    private final Map<Key<?>, Map<Event, Object>> previous = new ConcurrentHashMap<>();
    private final Map<Key<?>, Map<Event, Object>> current = new ConcurrentHashMap<>();
    /**
     * Results found ahead of the sweeps (e.g. as a live trace's new events are derived), kept until a sweep recalls
     * them: those found since the last sweep, and those found before it that it did not reach (events that arrived
     * after the trace it swept was taken). Results no sweep recalled in two sweeps are dropped: their events left the
     * trace (it was read again whole, as new objects).
     */
    private Map<Key<?>, Map<Event, Object>> ahead = new ConcurrentHashMap<>();
    private Map<Key<?>, Map<Event, Object>> aheadBefore = new ConcurrentHashMap<>();

    /** The result the last sweep kept for this very event, or null; it is kept for the next sweep too. */
    @SuppressWarnings("unchecked")
    public <V> V recall(Key<V> key, Event event) {
        Map<Event, Object> last = previous.get(key);
        Object result = last == null ? null : last.get(event);
        if (result == null) {
            result = takeAhead(key, event);
        }
        if (result != null) {
            keep(key, event, (V) result);
        }
        return (V) result;
    }

    /** Keeps a result found in this sweep for the next one. */
    public <V> void keep(Key<V> key, Event event, V result) {
        current.computeIfAbsent(key, k -> Collections.synchronizedMap(new IdentityHashMap<>())).put(event, result);
    }

    /**
     * Keeps a result found ahead of the next sweep, from any thread: e.g. the derivation of a live trace's new events
     * scans them while the last store is still being written, and the next store's sweep recalls what it found.
     */
    public synchronized <V> void keepAhead(Key<V> key, Event event, V result) {
        ahead.computeIfAbsent(key, k -> Collections.synchronizedMap(new IdentityHashMap<>())).put(event, result);
    }

    private synchronized Object takeAhead(Key<?> key, Event event) {
        Map<Event, Object> found = ahead.get(key);
        Object result = found == null ? null : found.remove(event);
        if (result == null) {
            Map<Event, Object> older = aheadBefore.get(key);
            result = older == null ? null : older.remove(event);
        }
        return result;
    }

    /** Called when a sweep has run: what it kept is what the next one recalls. */
    synchronized void sweepDone() {
        previous.clear();
        previous.putAll(current);
        current.clear();
        aheadBefore = ahead;
        ahead = new ConcurrentHashMap<>();
    }

    /** How many events the last sweep kept a result of this kind for (tests). */
    public int size(Key<?> key) {
        Map<Event, Object> last = previous.get(key);
        return last == null ? 0 : last.size();
    }
}
