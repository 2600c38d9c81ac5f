package dev.forkline.replay.fanout;

/**
 * Where one engine of a fan-out stands.
 *
 * @param engine  the engine's address as listed
 * @param running replays running on it now
 * @param done    replays it finished (whatever their result)
 * @param failed  of those, the ones that ended with a failure instead of a result
 * @param lost    the engine stopped answering: what ran there is retried on the others
 */
public record EngineProgress(String engine, int running, int done, int failed, boolean lost) {

    /** One line: {@code tcp://10.0.0.2:2376: 2 running, 14 done (1 failed)} or {@code ...: lost}. */
    public String describe() {
        return engine + ": " + running + " running, " + done + " done" + (failed > 0 ? " (" + failed + " failed)" : "")
                + (lost ? ", lost" : "");
    }
}
