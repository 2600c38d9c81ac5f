package dev.forkline.trace.columns;

import dev.forkline.trace.Event;
import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * Events held as objects together with the canonical line each was written as when it was hashed (an import's events
 * before they are stored). Immutable; safe to read from several threads.
 */
public final class HeldEventList extends AbstractList<Event> implements RandomAccess, EventsWithLines {

    private final List<Event> events;
    private final List<byte[]> lines;
    private final String source;

    /** @param lines event {@code i}'s line at {@code i}; neither list is copied, and neither may change afterwards */
    public HeldEventList(List<Event> events, List<byte[]> lines, String source) {
        if (events.size() != lines.size()) {
            throw new IllegalArgumentException(events.size() + " events with " + lines.size() + " lines");
        }
        this.events = events;
        this.lines = lines;
        this.source = source;
    }

    @Override
    public Event get(int index) {
        return events.get(index);
    }

    @Override
    public int size() {
        return events.size();
    }

    @Override
    public EventLines lines() {
        return new EventLines() {
            @Override
            public int size() {
                return lines.size();
            }

            @Override
            public byte[] line(int i) {
                return lines.get(Objects.checkIndex(i, lines.size())).clone();
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
