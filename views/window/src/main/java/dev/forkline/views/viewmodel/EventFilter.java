package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.trace.columns.EventFacts;
import dev.forkline.views.data.RunEvents;

import java.util.BitSet;
import java.util.Locale;

/**
 * The filter/search bar's query: by type, actor, free text (in type, actor, id and payload) and errors only (an error
 * or a failure: error and sandbox.lost events, failed tool results, non-zero process exits, a failed session end).
 * Null or blank parts match everything. Type, actor and errors only are answered from the trace's columns; only the
 * free text needs the events themselves (or the store's search).
 */
public record EventFilter(String text, String type, String actor, boolean errorsOnly) {

    public static final EventFilter NONE = new EventFilter(null, null, null, false);

    public boolean isActive() {
        return hasText() || (type != null && !type.isBlank()) || (actor != null && !actor.isBlank()) || errorsOnly;
    }

    /** Whether the free-text part is set: only then must events be read (or the store searched). */
    public boolean hasText() {
        return text != null && !text.isBlank();
    }

    /** The lowercase text the free-text part searches in: type, actor, id and payload. */
    public static String haystack(Event event) {
        return (event.type() + "\n" + event.actor() + "\n" + event.id() + "\n" + event.data()).toLowerCase(Locale.ROOT);
    }

    /** Whether the run's event at {@code position} passes the type, actor and errors-only parts (read from the columns). */
    public boolean passesColumns(RunEvents run, int position) {
        if (type != null && !type.isBlank() && !type.equals(run.type(position))) {
            return false;
        }
        if (actor != null && !actor.isBlank() && !actor.equals(run.actor(position))) {
            return false;
        }
        return !errorsOnly || run.has(position, EventFacts.FAILURE) || run.has(position, EventFacts.ERROR);
    }

    /**
     * Positions of the matching events, or null when the filter is not active (nothing to mark).
     *
     * @param haystacks the events' {@link #haystack}s, position for position; needed only when {@link #hasText()}
     */
    public BitSet matches(RunEvents run, String[] haystacks) {
        if (!isActive()) {
            return null;
        }
        if (hasText() && haystacks == null) {
            throw new IllegalArgumentException("a free-text filter needs the events' haystacks");
        }
        String needle = hasText() ? text.toLowerCase(Locale.ROOT) : null;
        BitSet matches = new BitSet(run.size());
        for (int i = 0; i < run.size(); i++) {
            if (passesColumns(run, i) && (needle == null || haystacks[i].contains(needle))) {
                matches.set(i);
            }
        }
        return matches;
    }
}
