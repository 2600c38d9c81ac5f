package dev.forkline.trace;

/**
 * The typed event vocabulary. A type string not listed here maps to {@link #UNKNOWN}; the event itself keeps
 * its original type string, so nothing read is ever dropped or renamed.
 */
public enum EventType {
    SESSION_START("session.start"),
    SESSION_END("session.end"),
    MODEL_CALL("model.call"),
    TOOL_CALL("tool.call"),
    TOOL_RESULT("tool.result"),
    STATE_MUTATION("state.mutation"),
    CHECKPOINT("checkpoint"),
    PROCESS_START("process.start"),
    PROCESS_EXIT("process.exit"),
    AGENT_MESSAGE("agent.message"),
    AGENT_HANDOFF("agent.handoff"),
    ESCAPE_ATTEMPT("escape.attempt"),
    APPROVAL_REQUEST("approval.request"),
    APPROVAL_DECISION("approval.decision"),
    SANDBOX_LOST("sandbox.lost"),
    HARNESS_RESTART("harness.restart"),
    RUN_FORK("run.fork"),
    REVERT("revert"),
    ERROR("error"),
    NOTE("note"),
    UNKNOWN(null);

    private final String wireName;

    EventType(String wireName) {
        this.wireName = wireName;
    }

    /** The type string written in traces; null only for {@link #UNKNOWN}. */
    public String wireName() {
        return wireName;
    }

    public static EventType fromWire(String value) {
        for (EventType type : values()) {
            if (type.wireName != null && type.wireName.equals(value)) {
                return type;
            }
        }
        return UNKNOWN;
    }
}
