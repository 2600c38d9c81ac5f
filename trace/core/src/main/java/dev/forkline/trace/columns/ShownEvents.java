package dev.forkline.trace.columns;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import java.util.List;

/**
 * Recorded events as they are shown (their credentials masked): event {@code i}'s data is what {@link #shown} makes of
 * the recorded event's data. A reader of a few members of many events ({@link DataSkim}) skims them from the recorded
 * lines and shows those, instead of parsing and showing every event whole.
 */
public interface ShownEvents extends ColumnedEvents {

    /** The events as recorded, in the same order. */
    List<Event> recorded();

    /** What is shown of some members of a recorded event's data: an object of the same members, the given one unchanged. */
    ObjectNode shown(ObjectNode recordedMembers);
}
