package dev.forkline.views.viewmodel;

/** Which events a step stops at. */
public enum StepScope {
    /** every event (← → / J K) */
    ALL,
    /** tool calls only (Shift) */
    TOOL_CALLS,
    /** failures only (Ctrl or Alt) */
    FAILURES,
    /** events of the selected event's actor only (A + ← →) */
    SAME_ACTOR,
    /** events matching the search bar (Enter / Shift+Enter in the search field) */
    MATCHES
}
