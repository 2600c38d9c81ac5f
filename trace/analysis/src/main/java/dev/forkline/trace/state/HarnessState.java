package dev.forkline.trace.state;

import dev.forkline.trace.Event;
import java.util.List;

/**
 * What the harness is holding open.
 *
 * @param pendingToolCalls tool.call events without a tool.result so far, in order
 * @param pendingApprovals approval.request events without an approval.decision so far, in order
 * @param escapeAttempts   escape.attempt events so far, in order
 */
public record HarnessState(List<Event> pendingToolCalls, List<Event> pendingApprovals, List<Event> escapeAttempts) {
}
