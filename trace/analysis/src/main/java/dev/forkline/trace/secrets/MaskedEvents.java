package dev.forkline.trace.secrets;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.ShownEvents;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * A trace's events as shown: each one masked ({@link SecretMasker#mask(Event)}) when it is asked for, none held, so
 * a report of a million events does not keep a masked copy of them. The columns are the recorded events' own: ids,
 * runs, actors, types, call ids, tool names and checkpoint ids, which masking leaves as they are. A few members of many
 * events are skimmed from the recorded lines and masked ({@link dev.forkline.trace.columns.DataSkim}).
 */
final class MaskedEvents extends AbstractList<Event> implements RandomAccess, ShownEvents {

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

    @Override
    public List<Event> recorded() {
        return recorded;
    }

    @Override
    public ObjectNode shown(ObjectNode recordedMembers) {
        return SecretMasker.mask(recordedMembers);
    }
}
