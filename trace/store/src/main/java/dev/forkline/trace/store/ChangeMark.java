package dev.forkline.trace.store;

import java.time.Instant;

/**
 * A cheap summary of the whole store that changes whenever a trace is stored, grows, is replaced or is removed, by this
 * process or another one: for a window that follows what {@code forkline serve}, hooks and other commands write
 * without reading the trace list again and again.
 *
 * @param traces      how many traces are stored
 * @param events      their events, all together
 * @param lastStored  when the newest of them was stored (imported or replaced), or null when none is
 */
public record ChangeMark(long traces, long events, Instant lastStored) {
}
