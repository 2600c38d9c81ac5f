package dev.forkline.trace.store;

import java.time.Instant;

/**
 * The record a deleted trace leaves behind in the store ({@code trace_deletions}).
 *
 * @param lastHash      the hash of the trace's last event (its tip, as its runs were stored), null for a trace without events
 * @param contentDigest the stored digest of all its events, so a copy found later can be matched to what was deleted
 * @param deletedPacks  blob packs deleted with it (those holding only its blobs); -1 when read back from the record
 */
public record TraceDeletion(String traceId, Instant deletedAt, String deletedBy, String reason, String lastHash, long eventCount,
                            String contentDigest, int deletedPacks) {
}
