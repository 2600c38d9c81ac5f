package dev.forkline.views.data;

import dev.forkline.trace.integrity.IntegrityVerdict;
import java.time.Instant;

/**
 * One row of the library: what a stored trace is, without loading its events.
 *
 * @param integrity   the verdict of its last verification (shown as the row's badge)
 * @param unreadParts how many parts of its file its importer could not read (0: all was read); the trace may be
 *                    incomplete when there are any
 */
public record TraceSummary(String traceId, String title, Instant created, String sourceFormat, String outcome,
                           int runCount, int eventCount, IntegrityVerdict integrity, int unreadParts) {

    public TraceSummary {
        integrity = integrity == null ? IntegrityVerdict.unverified() : integrity;
    }

    /** A trace read whole. */
    public TraceSummary(String traceId, String title, Instant created, String sourceFormat, String outcome,
                        int runCount, int eventCount, IntegrityVerdict integrity) {
        this(traceId, title, created, sourceFormat, outcome, runCount, eventCount, integrity, 0);
    }
}
