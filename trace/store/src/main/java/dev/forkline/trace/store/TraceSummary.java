package dev.forkline.trace.store;

import dev.forkline.trace.integrity.IntegrityVerdict;
import java.time.Instant;

/**
 * One stored trace as the trace list shows it.
 *
 * @param sourceFormat the format it was imported from ({@code forkline} for native bundles, else the importer's name)
 * @param outcome      the root run's session.end outcome, or {@code unknown}
 * @param sourcePath   the file or directory it was imported from, or null
 * @param integrity    the verdict of its last verification (at import, or by {@link TraceStore#reverify})
 */
public record TraceSummary(String traceId, String title, String sourceFormat, Instant created, Instant importedAt,
                           long eventCount, int runCount, String outcome, String sourcePath, IntegrityVerdict integrity) {
}
