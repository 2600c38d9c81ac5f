package dev.forkline.views.data;

import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;

/**
 * Which tool call started a subagent's lane, and the other way round. A subagent's lane is started by a call of
 * another lane (Claude Code's Task) when the first message or handoff to that lane names the call among its causes,
 * or else when the lane's first event does.
 */
public final class SubagentLanes {

    /** The lane a call started and the position of the lane's first event in the run. */
    public record Lane(String actor, int firstEvent) {
    }

    private SubagentLanes() {
    }

    /** The lane this tool call started, or null when it started none. */
    public static Lane startedBy(Event call, RunEvents run) {
        if (!call.is(EventType.TOOL_CALL)) {
            return null;
        }
        // the causes are in the columns: only the messages that name the call are read (parsed) from the trace
        for (int position : run.messagesNaming(call.id())) {
            Event message = run.event(position);
            String to = message.text(AgentMessageData.TO);
            if (to != null && !to.equals(call.actor()) && message.causes().contains(call.id())) {
                int first = firstOf(to, run);
                return new Lane(to, first >= 0 ? first : position);
            }
        }
        return null;
    }

    /** The position of the tool call that started this lane, or -1. */
    public static int callThatStarted(String lane, RunEvents run) {
        for (int position = 0; position < run.size(); position++) {
            EventType kind = run.kind(position);
            boolean toLane = (kind == EventType.AGENT_MESSAGE || kind == EventType.AGENT_HANDOFF) && lane.equals(run.event(position).text(AgentMessageData.TO));
            boolean firstOfLane = lane.equals(run.actor(position));
            if (!toLane && !firstOfLane) {
                continue;
            }
            for (String cause : run.event(position).causes()) {
                int at = run.positionOf(cause);
                if (at >= 0 && run.kind(at) == EventType.TOOL_CALL && !lane.equals(run.actor(at))) {
                    return at;
                }
            }
            if (firstOfLane) {
                return -1;
            }
        }
        return -1;
    }

    private static int firstOf(String actor, RunEvents run) {
        for (int position = 0; position < run.size(); position++) {
            if (actor.equals(run.actor(position))) {
                return position;
            }
        }
        return -1;
    }
}
