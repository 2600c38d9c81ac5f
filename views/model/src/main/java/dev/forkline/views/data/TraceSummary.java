package dev.forkline.views.data;

import dev.forkline.trace.integrity.IntegrityVerdict;
import java.time.Instant;

/**
 * One row of the library: what a stored trace is, without loading its events.
 *
 * @param integrity the verdict of its last verification (shown as the row's badge)
 */
public record TraceSummary(String traceId, String title, Instant created, String sourceFormat, String outcome,
                           int runCount, int eventCount, IntegrityVerdict integrity) {

    public TraceSummary {
        integrity = integrity == null ? IntegrityVerdict.unverified() : integrity;
    }
}
