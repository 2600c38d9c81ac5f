package dev.forkline.trace;

import java.util.Locale;

/**
 * What a tool call does to the world, which decides how replay treats it:
 * read/workspace/process are re-executed in the sandbox, external is answered from the recording,
 * privileged is re-executed inside the boundary to show it stays contained.
 */
public enum EffectClass {
    READ, WORKSPACE, PROCESS, EXTERNAL, PRIVILEGED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean reExecutedOnReplay() {
        return this != EXTERNAL;
    }

    public static EffectClass fromWire(String value) {
        for (EffectClass effect : values()) {
            if (effect.wireName().equals(value)) {
                return effect;
            }
        }
        throw new IllegalArgumentException("unknown effect class '" + value + "' (expected read, workspace, process, external or privileged)");
    }
}
