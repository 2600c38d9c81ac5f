package dev.forkline.reliability;

import java.time.Duration;

/**
 * How much fuzzing to do: a fixed seed and a bounded count in CI; {@code -Dforkline.fuzz.cases=N} and
 * {@code -Dforkline.fuzz.seed=S} for longer or different runs.
 */
final class FuzzSettings {

    static final long SEED = Long.getLong("forkline.fuzz.seed", 20261130L);
    static final Duration CASE_TIMEOUT = Duration.ofSeconds(Long.getLong("forkline.fuzz.timeoutSeconds", 20L));

    private FuzzSettings() {
    }

    static int cases(int ciDefault) {
        return Integer.getInteger("forkline.fuzz.cases", ciDefault);
    }
}
