package dev.forkline.trace.state;

import dev.forkline.trace.Event;
import java.util.List;

/**
 * Processes in the sandbox.
 *
 * @param running process.start events of processes that have not exited (a process.exit with the same pid) and were
 *                not lost with the sandbox (sandbox.lost, or a revert of the container), in order of start
 */
public record ProcessState(List<Event> running) {
}
