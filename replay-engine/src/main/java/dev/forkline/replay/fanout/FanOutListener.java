package dev.forkline.replay.fanout;

/** What a fan-out reports as it goes; called from its worker threads, one call at a time. */
public interface FanOutListener {

    FanOutListener NONE = new FanOutListener() {
    };

    /** An engine's counts changed (a replay started or ended there). */
    default void progress(EngineProgress engine) {
    }

    /** An engine stopped answering while running replays; they are retried on the other engines. */
    default void engineLost(String engine, String reason) {
    }

    /** A replay ended for good (with a result, or a failure that a retry would not fix). */
    default void finished(FanOutResult result) {
    }
}
