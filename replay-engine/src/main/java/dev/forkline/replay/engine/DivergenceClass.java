package dev.forkline.replay.engine;

import java.util.Locale;

/** Why a replayed step differs from the recording. */
public enum DivergenceClass {
    /** The same command in the same workspace gave another result. */
    BEHAVIOUR,
    /** The replay's environment lacks something the recording had: a command, an interpreter, the network, a dependency, the OS. */
    ENVIRONMENT,
    /** The workspace is not what a recorded edit was made on: its precondition failed. */
    WORKSPACE;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
