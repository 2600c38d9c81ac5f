package dev.forkline.trace.lint;

/** The stable codes of {@link Linter} findings (tools and tests match on these, so they never change meaning). */
public final class LintCodes {

    /** A tool.call that never got a tool.result (warning). */
    public static final String TOOL_CALL_WITHOUT_RESULT = "tool-call-without-result";
    /** A tool.result that answers no tool.call of its lineage (warning). */
    public static final String RESULT_WITHOUT_CALL = "result-without-call";
    /** session.start without data.model.model, or model.call without data.model (warning). */
    public static final String MISSING_MODEL_IDENTITY = "missing-model-identity";
    /** session.start without data.environment naming an image or image digest (warning). */
    public static final String MISSING_ENVIRONMENT_IDENTITY = "missing-environment-identity";
    /** A root run that does not start with session.start (error). */
    public static final String MISSING_SESSION_START = "missing-session-start";
    /** state.mutation with no checkpoint before it in its lineage: the workspace it changed is unknown (warning). */
    public static final String MUTATION_OUTSIDE_CHECKPOINT = "mutation-outside-checkpoint";
    /** A hash, prev or missing hash problem found by the verifier (error). */
    public static final String HASH_CHAIN_BREAK = "hash-chain-break";
    /** An event type Forkline does not know; kept and shown, not interpreted (info). */
    public static final String UNKNOWN_EVENT_TYPE = "unknown-event-type";
    /** run.fork naming a checkpoint event that is missing, in another run, not a checkpoint, or of another id (error). */
    public static final String FORK_FROM_UNKNOWN_CHECKPOINT = "fork-from-unknown-checkpoint";
    /** run.fork that is not the first event of its run (error). */
    public static final String FORK_NOT_FIRST = "fork-not-first-event";
    /** escape.attempt with blocked false: the boundary did not hold (error). */
    public static final String ESCAPE_NOT_BLOCKED = "escape-not-blocked";
    /** approval.request that no approval.decision answers (warning). */
    public static final String APPROVAL_WITHOUT_DECISION = "approval-without-decision";
    /** approval.decision or approval.request whose subject names no event (warning). */
    public static final String UNKNOWN_SUBJECT = "unknown-approval-subject";
    /** tool.call whose effect is missing or not read/workspace/process/external/privileged (error). */
    public static final String UNKNOWN_EFFECT_CLASS = "unknown-effect-class";
    /** A field the payload contract requires for the event's type is missing (warning). */
    public static final String MISSING_PAYLOAD_FIELD = "missing-payload-field";
    /** A run without session.end: its outcome is unknown (info). */
    public static final String RUN_WITHOUT_END = "run-without-end";
    /** Other verifier problems keep the verifier's code: duplicate-id, seq-order, unknown-cause, missing-blob, corrupt-blob, bad-blob-reference. */
    private LintCodes() {
    }
}
