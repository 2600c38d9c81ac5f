package dev.forkline.trace.columns;

import dev.forkline.trace.CanonicalEvent;
import dev.forkline.trace.Event;
import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * Events held as objects together with the canonical line each was written as when it was hashed (an import's events
 * before they are stored). Each comes from {@link CanonicalEvent#hashed}, so its hash was computed in this process from
 * the event itself and verifying it does not hash it again. Immutable; safe to read from several threads.
 */
public final class HeldEventList extends AbstractList<Event> implements RandomAccess, EventsWithLines {

    private final List<CanonicalEvent.Hashed> held;
    private final String source;

    /** @param held the events in order; not copied, and must not change afterwards */
    public HeldEventList(List<CanonicalEvent.Hashed> held, String source) {
        this.held = held;
        this.source = source;
    }

    @Override
    public boolean hashedHere() {
        return true;
    }

    @Override
    public Event get(int index) {
        return held.get(index).event();
    }

    @Override
    public int size() {
        return held.size();
    }

    @Override
    public EventLines lines() {
        return new EventLines() {
            @Override
            public int size() {
                return held.size();
            }

            @Override
            public byte[] line(int i) {
                return held.get(Objects.checkIndex(i, held.size())).line().clone();
            }

            @Override
            public String file() {
                return source;
            }

            @Override
            public long lineNumber(int i) {
                return i + 1L;
            }
        };
    }
}
