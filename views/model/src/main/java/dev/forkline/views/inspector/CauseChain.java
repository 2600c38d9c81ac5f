package dev.forkline.views.inspector;

import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.StateMutationData;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.Event;
import dev.forkline.views.data.ToolCallText;
import dev.forkline.trace.EventType;
import dev.forkline.views.data.RunEvents;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A failure's chain of causes: from the failure back through each event's recorded {@code causes} (a result to its
 * call, a call to the model turn that asked for it, that turn to the result it answered, …), so that the cause that
 * looked normal ({@code rm -rf tests}, exit 0) is shown next to its consequence.
 */
public final class CauseChain {

    /** How far back the chain is followed. */
    public static final int MAX_LINKS = 12;

    private CauseChain() {
    }

    /** The events before the failure, nearest first; empty when it names no cause in its run. */
    public static List<Event> of(Event failure, RunEvents run) {
        List<Event> chain = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        seen.add(failure.id());
        Event current = failure;
        while (chain.size() < MAX_LINKS) {
            Optional<Event> next = previous(current, run, seen);
            if (next.isEmpty()) {
                break;
            }
            current = next.get();
            seen.add(current.id());
            chain.add(current);
        }
        return chain;
    }

    /** The cause followed: a tool call among the causes first (the call that made a result), else the first known one. */
    private static Optional<Event> previous(Event event, RunEvents run, Set<String> seen) {
        Event first = null;
        for (String cause : event.causes()) {
            int position = run.positionOf(cause);
            if (position < 0 || seen.contains(cause)) {
                continue;
            }
            if (run.kind(position) == EventType.TOOL_CALL) {
                return Optional.of(run.event(position));
            }
            if (first == null) {
                first = run.event(position);
            }
        }
        return Optional.ofNullable(first);
    }

    /** A link's label: what the event did in a few words. */
    public static String label(Event event, RunEvents run) {
        return switch (event.kind()) {
            case TOOL_CALL -> "call · " + ToolCallText.headline(event);
            case TOOL_RESULT -> {
                String exit = event.data().has(ToolResultData.EXIT_CODE) ? "exit " + event.data().path(ToolResultData.EXIT_CODE).asText()
                        : EventClassifier.isFailedResult(event) ? "failed" : "ok";
                Optional<Event> call = callOf(event, run);
                yield "result · " + exit + call.map(c -> " · " + ToolCallText.headline(c)).orElse("");
            }
            case MODEL_CALL -> "model · " + ToolCallText.oneLine(ModelTurnText.of(event), 80);
            case AGENT_MESSAGE -> "message · " + event.text(AgentMessageData.FROM) + " → " + event.text(AgentMessageData.TO);
            case STATE_MUTATION -> "mutation · " + event.text(StateMutationData.OP) + " " + event.text(StateMutationData.PATH);
            default -> event.type() + " · " + event.actor();
        } + "  (" + event.id() + ")";
    }

    /** The call a result answers: among its causes, else the run's call with its call id. */
    public static Optional<Event> callOf(Event result, RunEvents run) {
        for (String cause : result.causes()) {
            int position = run.positionOf(cause);
            if (position >= 0 && run.kind(position) == EventType.TOOL_CALL) {
                return Optional.of(run.event(position));
            }
        }
        String callId = result.text(ToolResultData.CALL_ID);
        if (callId == null) {
            return Optional.empty();
        }
        int at = run.positionOf(result.id());
        for (int position = at < 0 ? run.size() - 1 : at - 1; position >= 0; position--) {
            if (run.kind(position) == EventType.TOOL_CALL && callId.equals(run.columns().callId(run.fileIndex(position)))) {
                return Optional.of(run.event(position));
            }
        }
        return Optional.empty();
    }
}
