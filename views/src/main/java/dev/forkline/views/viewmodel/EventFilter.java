package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.views.timeline.EventClassifier;

import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * The filter/search bar's query: by type, actor, free text (in type, actor, id and payload) and errors only.
 * Null or blank parts match everything.
 */
public record EventFilter(String text, String type, String actor, boolean errorsOnly) {

    public static final EventFilter NONE = new EventFilter(null, null, null, false);

    public boolean isActive() {
        return (text != null && !text.isBlank()) || (type != null && !type.isBlank()) || (actor != null && !actor.isBlank()) || errorsOnly;
    }

    public boolean test(Event event) {
        if (type != null && !type.isBlank() && !type.equals(event.type())) {
            return false;
        }
        if (actor != null && !actor.isBlank() && !actor.equals(event.actor())) {
            return false;
        }
        if (errorsOnly && !EventClassifier.isFailure(event)) {
            return false;
        }
        if (text != null && !text.isBlank()) {
            String needle = text.toLowerCase(Locale.ROOT);
            return event.type().toLowerCase(Locale.ROOT).contains(needle)
                    || event.actor().toLowerCase(Locale.ROOT).contains(needle)
                    || event.id().toLowerCase(Locale.ROOT).contains(needle)
                    || event.data().toString().toLowerCase(Locale.ROOT).contains(needle);
        }
        return true;
    }

    /** Indexes of the matching events, or null when the filter is not active (nothing to mark). */
    public BitSet matches(List<Event> events) {
        if (!isActive()) {
            return null;
        }
        BitSet matches = new BitSet(events.size());
        for (int i = 0; i < events.size(); i++) {
            if (test(events.get(i))) {
                matches.set(i);
            }
        }
        return matches;
    }
}
