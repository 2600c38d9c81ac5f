package dev.forkline.trace.payload;

import java.util.Optional;

/** Which isolation boundary an {@code escape.attempt} tried to cross. */
public enum EscapeBoundary {
    NETWORK("network"),
    FILESYSTEM("filesystem"),
    PRIVILEGE("privilege"),
    PROCESS("process"),
    RESOURCE("resource");

    private final String wireName;

    EscapeBoundary(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The constant written as {@code value}, or empty when it names none. */
    public static Optional<EscapeBoundary> parse(String value) {
        for (EscapeBoundary constant : values()) {
            if (constant.wireName.equals(value)) {
                return Optional.of(constant);
            }
        }
        return Optional.empty();
    }
}
