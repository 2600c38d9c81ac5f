package dev.forkline.importers.support;

import dev.forkline.importers.ImportSession;
import dev.forkline.trace.Finding;
import java.time.Instant;

/**
 * Gives every event a time even when its record has none: the last known time (or, before any, the first known time
 * found later is not available in a single pass, so the Unix epoch). Every fill is counted and {@link #report} turns the
 * count into one warning finding, so a synthesised time is never mistaken for a recorded one.
 */
public final class TimeFill {

    private Instant last;
    private long filled;
    private long firstFilledLine;

    public TimeFill() {
    }

    /** Starts from a known time, e.g. the session's start, so that early fills are not the epoch. */
    public TimeFill(Instant start) {
        this.last = start;
    }

    /** The record's own time when it has one; else the synthesised one. */
    public Instant at(Instant recorded, long line) {
        if (recorded != null) {
            last = recorded;
            return recorded;
        }
        filled++;
        if (firstFilledLine == 0) {
            firstFilledLine = line;
        }
        return last != null ? last : Instant.EPOCH;
    }

    /**
     * The time for a record of a kind that never carries one (e.g. Claude Code's {@code summary}): the last known
     * time, not counted as synthesised, since nothing is missing.
     */
    public Instant carry() {
        return last != null ? last : Instant.EPOCH;
    }

    /** The last time seen, or null. */
    public Instant last() {
        return last;
    }

    public long filled() {
        return filled;
    }

    public void report(ImportSession session, String what) {
        if (filled > 0) {
            session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, filled + " " + what
                    + " had no timestamp; each was given the previous record's time (first at line " + firstFilledLine + ")",
                    null, firstFilledLine));
        }
    }
}
