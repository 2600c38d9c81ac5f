package dev.forkline.trace;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The five kinds of state an event can touch; kept apart everywhere in Forkline. */
public enum StateKind {
    SESSION, HARNESS, WORKSPACE, PROCESS, EXTERNAL;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the value when it is not one of the five */
    public static StateKind fromWire(String value) {
        StateKind kind = byWireName(value);
        if (kind != null) {
            return kind;
        }
        throw new IllegalArgumentException("unknown state kind '" + value + "' (expected session, harness, workspace, process or external)");
    }

    private static final Map<String, StateKind> BY_WIRE_NAME = Arrays.stream(values())
            .collect(Collectors.toUnmodifiableMap(StateKind::wireName, kind -> kind));

    /** The kind with this wire name, or null. */
    public static StateKind byWireName(String value) {
        return value == null ? null : BY_WIRE_NAME.get(value);
    }
}
