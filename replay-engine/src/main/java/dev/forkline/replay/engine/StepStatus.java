package dev.forkline.replay.engine;

/** How one replayed step turned out. */
public enum StepStatus {
    /** Re-executed; exit code, output (normalised) and workspace changes equal the recording. */
    MATCHED,
    /** Re-executed and different from the recording: a failure of the replay. */
    DIVERGED,
    /** Different from the recording, at or after an edited event: expected, not a failure. */
    EXPECTED_DIVERGENCE,
    /** Not re-executed: answered from the recording (external effects, calls without an exec spec). */
    STUBBED,
    /** A privileged call or escape attempt re-executed inside the boundary and still blocked. */
    CONTAINED,
    /** A privileged call or escape attempt that succeeded inside the boundary: counted as a divergence. */
    NOT_CONTAINED,
    /** An external effect with an unknown outcome and no decision (or one that could not be carried out): the replay stops. */
    NEEDS_DECISION,
    /** An external effect re-fired against its stand-in because a human approved it. */
    REFIRED,
    /** An external effect with an unknown outcome settled by a human decision (treat as done / failed, deny). */
    DECIDED,
    /** Left out by an edit. */
    DROPPED,
    /** Recorded state carried into the sandbox (a revert, an injected fault): nothing to compare. */
    APPLIED,
    /** Re-executed, but the recording holds no result to compare with (the outcome was unknown). */
    UNVERIFIED;

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** A divergence that counts against the replay. */
    public boolean isFailure() {
        return this == DIVERGED || this == NOT_CONTAINED;
    }
}
