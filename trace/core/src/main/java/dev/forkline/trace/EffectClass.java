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

    /**
     * The state kinds a tool.call of this class touches: the harness (a call is pending until its result) plus what the
     * effect can reach. A privileged call can reach everything but the session.
     */
    public java.util.List<StateKind> touchedByCall() {
        return switch (this) {
            case READ -> java.util.List.of(StateKind.HARNESS);
            case WORKSPACE -> java.util.List.of(StateKind.HARNESS, StateKind.WORKSPACE);
            case PROCESS -> java.util.List.of(StateKind.HARNESS, StateKind.PROCESS);
            case EXTERNAL -> java.util.List.of(StateKind.HARNESS, StateKind.EXTERNAL);
            case PRIVILEGED -> java.util.List.of(StateKind.HARNESS, StateKind.WORKSPACE, StateKind.PROCESS, StateKind.EXTERNAL);
        };
    }

    public boolean reExecutedOnReplay() {
        return this != EXTERNAL;
    }

    /** The effect class written as {@code value}, or empty when it names none. */
    public static java.util.Optional<EffectClass> parse(String value) {
        for (EffectClass effect : values()) {
            if (effect.wireName().equals(value)) {
                return java.util.Optional.of(effect);
            }
        }
        return java.util.Optional.empty();
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
