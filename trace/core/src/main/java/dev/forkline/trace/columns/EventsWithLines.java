package dev.forkline.trace.columns;

/**
 * A list of events that also has each event's line as it is to be stored (as read from a file, or as written when the
 * event was hashed), so that storing them needs no second encoding. Such a list does not change once made.
 */
public interface EventsWithLines {

    /** Event {@code i}'s line for each event {@code i} of this list. */
    EventLines lines();
}
