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
     * What this list knows of a run without parsing its events (see {@link KnownRun}), else null. The outcome it gives
     * holds for a run with one session.end only.
     */
    default KnownRun knownRun(String run) {
        return null;
    }
}
