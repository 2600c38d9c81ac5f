package dev.forkline.importers.claudecode;

import dev.forkline.importers.ImportSession;
import dev.forkline.trace.NewEvent;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;

/**
 * The writer's events in the order it writes them, where a model.call takes its place at its response's first line but
 * is only complete at the response's last: events written after a place still open are held, and appended once every
 * place before them is filled. The session thus gets the order a writer holding every response whole would give,
 * while only the events written during an open response are held.
 */
final class HeldEvents {

    /** A model.call's place: its id from the start, its event once its response's last line was read. */
    static final class Place {
        private final String id;
        private final long line;
        private NewEvent event;

        private Place(String id, long line) {
            this.id = id;
            this.line = line;
        }

        String id() {
            return id;
        }

        long line() {
            return line;
        }
    }

    private record Held(String id, long line, NewEvent event, Place place) {
        boolean ready() {
            return place == null || place.event != null;
        }
    }

    private final ImportSession session;
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    private final Set<String> heldIds = new HashSet<>();

    HeldEvents(ImportSession session) {
        this.session = session;
    }

    /** Appends {@code event} with id {@code id} now, or after the open places before it. */
    void append(String id, NewEvent event, long line) {
        event.id(id);
        if (held.isEmpty()) {
            session.append(event, line);
        } else {
            held.add(new Held(id, line, event, null));
            heldIds.add(id);
        }
    }

    /** Opens a place for an event with id {@code id}, to be {@link #fill filled} later. */
    Place open(String id, long line) {
        Place place = new Place(id, line);
        held.add(new Held(id, line, null, place));
        heldIds.add(id);
        return place;
    }

    /** Fills {@code place} with {@code event} (given the place's id) and appends what no open place holds back any more. */
    void fill(Place place, NewEvent event) {
        place.event = event.id(place.id);
        while (!held.isEmpty() && held.peekFirst().ready()) {
            Held first = held.removeFirst();
            heldIds.remove(first.id());
            session.append(first.place() == null ? first.event() : first.place().event, first.line());
        }
    }

    /** Whether {@code id} was given to an event not appended yet: the writer's ids must not reuse it. */
    boolean holds(String id) {
        return heldIds.contains(id);
    }

    /** How many events and places wait. */
    int size() {
        return held.size();
    }
}
