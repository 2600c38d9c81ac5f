package dev.forkline.replay.fanout;

import dev.forkline.replay.engine.ReplayResult;

import java.util.List;

/**
 * How one replay of a fan-out ended: its result, or the failure that ended it (a bad input, a sandbox that failed, or no
 * engine left to run it on).
 *
 * @param job         the replay
 * @param engine      the engine that ran its last attempt (the address as listed), or null when none did
 * @param result      the replay's result, or null when it failed
 * @param failure     why it failed, or null
 * @param lostEngines the engines lost while running an earlier attempt of it, in order: non-empty when it was retried
 */
public record FanOutResult(FanOutJob job, String engine, ReplayResult result, Exception failure, List<String> lostEngines) {

    public FanOutResult {
        lostEngines = List.copyOf(lostEngines);
    }

    /** The replay ran again on another engine after the one running it was lost. */
    public boolean retried() {
        return !lostEngines.isEmpty();
    }

    public boolean succeeded() {
        return result != null;
    }
}
