package dev.forkline.trace;

import java.util.Optional;

/**
 * What kind of failure an event is: the one rule for which events show that something went wrong, used by the
 * columns' failure flag, the timeline's failure marks and the recovery metrics.
 */
public enum FailureKind {
    /** An {@code error} event. */
    ERROR("error"),
    /** A tool.result that is an error by {@link ToolResults#isError}. */
    FAILED_TOOL_RESULT("failed-tool-result"),
    /** A session.end with outcome failure. */
    SESSION_FAILURE("session-failure"),
    /** A sandbox.lost. */
    SANDBOX_LOST("sandbox-lost");

    private final String wireName;

    FailureKind(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The kind of failure the event is, or empty when it is none. */
    public static Optional<FailureKind> of(Event event) {
        return switch (event.kind()) {
            case ERROR -> Optional.of(ERROR);
            case SANDBOX_LOST -> Optional.of(SANDBOX_LOST);
            case TOOL_RESULT -> ToolResults.isError(event) ? Optional.of(FAILED_TOOL_RESULT) : Optional.empty();
            case SESSION_END -> "failure".equals(event.text("outcome")) ? Optional.of(SESSION_FAILURE) : Optional.empty();
            default -> Optional.empty();
        };
    }
}
