package dev.forkline.trace;

import java.util.Locale;

/** The five kinds of state an event can touch; kept apart everywhere in Forkline. */
public enum StateKind {
    SESSION, HARNESS, WORKSPACE, PROCESS, EXTERNAL;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the value when it is not one of the five */
    public static StateKind fromWire(String value) {
        for (StateKind kind : values()) {
            if (kind.wireName().equals(value)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown state kind '" + value + "' (expected session, harness, workspace, process or external)");
    }
}
