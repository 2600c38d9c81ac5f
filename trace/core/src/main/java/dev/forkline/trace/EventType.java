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

    private static final java.util.Map<String, EventType> BY_WIRE_NAME = java.util.Arrays.stream(values())
            .filter(type -> type.wireName != null)
            .collect(java.util.stream.Collectors.toUnmodifiableMap(EventType::wireName, type -> type));

    public static EventType fromWire(String value) {
        return value == null ? UNKNOWN : BY_WIRE_NAME.getOrDefault(value, UNKNOWN);
    }
}
