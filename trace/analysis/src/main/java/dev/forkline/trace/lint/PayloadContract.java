package dev.forkline.trace.lint;

import dev.forkline.trace.EventType;
import java.util.List;
import java.util.Map;

/** The payload fields each event type must carry (docs/trace-format.md); optional fields are not listed. */
final class PayloadContract {

    static final Map<EventType, List<String>> REQUIRED = Map.ofEntries(
            Map.entry(EventType.SESSION_END, List.of("outcome")),
            Map.entry(EventType.MODEL_CALL, List.of("input", "output", "usage")),
            Map.entry(EventType.TOOL_CALL, List.of("callId", "tool", "arguments", "effect")),
            Map.entry(EventType.TOOL_RESULT, List.of("callId")),
            Map.entry(EventType.STATE_MUTATION, List.of("path", "op", "before", "after")),
            Map.entry(EventType.CHECKPOINT, List.of("checkpointId", "workspace")),
            Map.entry(EventType.PROCESS_START, List.of("pid", "argv")),
            Map.entry(EventType.PROCESS_EXIT, List.of("pid")),
            Map.entry(EventType.AGENT_MESSAGE, List.of("from", "to", "text")),
            Map.entry(EventType.AGENT_HANDOFF, List.of("from", "to")),
            Map.entry(EventType.ESCAPE_ATTEMPT, List.of("boundary", "attempt", "blocked")),
            Map.entry(EventType.APPROVAL_REQUEST, List.of("subject", "reason")),
            Map.entry(EventType.APPROVAL_DECISION, List.of("subject", "verdict", "owner", "rationale")),
            Map.entry(EventType.SANDBOX_LOST, List.of("reason")),
            Map.entry(EventType.HARNESS_RESTART, List.of("reason")),
            Map.entry(EventType.RUN_FORK, List.of("parentRun", "checkpoint", "checkpointEvent", "reason")),
            Map.entry(EventType.REVERT, List.of("checkpoint", "target")),
            Map.entry(EventType.ERROR, List.of("message")),
            Map.entry(EventType.NOTE, List.of("text")));

    private PayloadContract() {
    }
}
