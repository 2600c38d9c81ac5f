package dev.forkline.trace.columns;

/**
 * A list of events that also has each event's line as it is to be stored (as read from a file, or as written when the
 * event was hashed), so that storing them needs no second encoding. Such a list does not change once made.
 */
public interface EventsWithLines {

    /** Event {@code i}'s line for each event {@code i} of this list. */
    EventLines lines();

    /**
     * Whether every line was written in this process by {@link dev.forkline.trace.CanonicalEvent#hashed} from the event
     * it holds (an import's events, held or read back from where it put their lines): their hashes match their content
     * by construction, and verifying them need not hash them again. False for lines read from a file or a store.
     */
    default boolean hashedHere() {
        return false;
    }

    /**
     * The outcome of a run that has one session.end (its {@code outcome}, or {@code unknown} where it has none or a blank
     * one) when this list knows it without parsing the event (a stored trace: its runs table), else null. A trace of
     * thousands of runs would otherwise read a chunk of lines per run each time it is indexed.
     */
    default String knownOutcome(String run) {
        return null;
    }
}
