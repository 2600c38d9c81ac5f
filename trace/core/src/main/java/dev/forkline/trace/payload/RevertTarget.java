package dev.forkline.trace.payload;

import java.util.Optional;

/** What a {@code revert} restored. */
public enum RevertTarget {
    DIRECTORY("directory"),
    CONTAINER("container");

    private final String wireName;

    RevertTarget(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The constant written as {@code value}, or empty when it names none. */
    public static Optional<RevertTarget> parse(String value) {
        for (RevertTarget constant : values()) {
            if (constant.wireName.equals(value)) {
                return Optional.of(constant);
            }
        }
        return Optional.empty();
    }
}
