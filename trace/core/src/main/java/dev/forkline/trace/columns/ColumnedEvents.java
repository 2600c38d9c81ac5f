package dev.forkline.trace.columns;

/**
 * A list of events that never changes and carries its columns: whoever keeps it keeps it as it is, and whoever needs
 * the columns ({@link EventColumns#of}) asks for them instead of reading every event.
 */
public interface ColumnedEvents {

    EventColumns columns();
}
