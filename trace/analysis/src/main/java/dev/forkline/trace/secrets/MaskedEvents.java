package dev.forkline.trace.secrets;

import dev.forkline.trace.Event;
import dev.forkline.trace.columns.ColumnedEvents;
import dev.forkline.trace.columns.EventColumns;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * A trace's events as shown: each one masked ({@link SecretMasker#mask(Event)}) when it is asked for, none held, so
 * a report of a million events does not keep a masked copy of them. The columns are the recorded events' own: ids,
 * runs, actors, types, call ids, tool names and checkpoint ids, which masking leaves as they are.
 */
final class MaskedEvents extends AbstractList<Event> implements RandomAccess, ColumnedEvents {

    private final List<Event> recorded;
    private final EventColumns columns;

    MaskedEvents(List<Event> recorded, EventColumns columns) {
        if (columns.size() != recorded.size()) {
            throw new IllegalArgumentException(columns.size() + " column rows for " + recorded.size() + " events");
        }
        this.recorded = recorded;
        this.columns = columns;
    }

    @Override
    public Event get(int index) {
        return SecretMasker.mask(recorded.get(index));
    }

    @Override
    public int size() {
        return recorded.size();
    }

    @Override
    public EventColumns columns() {
        return columns;
    }
}
