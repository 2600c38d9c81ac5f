package dev.forkline.trace.store;

import java.time.Instant;

/** An event a stored trace's search found ({@link TraceStore#searchMatches}): what a list of matches shows of it. */
public record EventSearchMatch(String id, String run, long seq, Instant ts, String type, String actor) {
}
