package dev.forkline.replay.fanout;

import dev.forkline.replay.engine.ReplayRequest;

/**
 * One replay of a fan-out.
 *
 * @param name    how progress and results name it (the trace as the user gave it)
 * @param request the replay; it is appended to its bundle as a single replay is, so no two jobs may share a bundle
 */
public record FanOutJob(String name, ReplayRequest request) {
}
