package dev.forkline.views.viewmodel;

/**
 * What a child view model may ask of the window about traces, beyond the {@link TraceSelection}: after it appended to a
 * trace (a replay, a revert, a decision), load it again and show it; open a trace at an event. The workbench decides
 * what the window shows: a trace that is no longer the open one is not brought back.
 */
interface TraceReloads {

    /** Loads a stored trace with its run lineage; call off the UI thread. */
    OpenedTrace load(String traceId) throws Exception;

    /** Shows {@code trace}, loaded again after an append, at this run (and event) if it is still the open trace. */
    void showAppended(String traceId, OpenedTrace trace, String run, String eventId);

    /** Opens a stored trace (unless open) with the cursor on one event of one run. */
    void openAt(String traceId, String run, String eventId);

    /** Something was appended to a stored trace: what lists across the library (the escape queue) reads it again. */
    void appended();
}
