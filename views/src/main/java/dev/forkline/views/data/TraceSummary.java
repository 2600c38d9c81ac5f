package dev.forkline.views.data;

import java.time.Instant;

/** One row of the library: what a stored trace is, without loading its events. */
public record TraceSummary(String traceId, String title, Instant created, String sourceFormat, String outcome,
                           int runCount, int eventCount) {
}
