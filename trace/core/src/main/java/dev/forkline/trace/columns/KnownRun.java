package dev.forkline.trace.columns;

/**
 * What a list of events knows of one run without parsing them (a stored trace: its runs table; an import: what it noted
 * as the events were appended), so that a trace of thousands of runs is not read a chunk per run each time it is
 * indexed or shown.
 *
 * @param outcome  the outcome of the run's one session.end ({@code unknown} where it has none or a blank one), or null
 *                 when not known
 * @param imported whether the run's first event is marked imported (its data has
 *                 {@link dev.forkline.trace.payload.SessionStartData#IMPORTED}), or null when not known
 */
public record KnownRun(String outcome, Boolean imported) {
}
