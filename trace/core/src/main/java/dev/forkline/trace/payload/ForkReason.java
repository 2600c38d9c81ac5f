package dev.forkline.trace.payload;

import java.util.Optional;

/** Why a run was forked ({@code run.fork}). */
public enum ForkReason {
    REPLAY("replay"),
    FORK("fork"),
    REVERT("revert"),
    IMPORT("import");

    private final String wireName;

    ForkReason(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The constant written as {@code value}, or empty when it names none. */
    public static Optional<ForkReason> parse(String value) {
        for (ForkReason constant : values()) {
            if (constant.wireName.equals(value)) {
                return Optional.of(constant);
            }
        }
        return Optional.empty();
    }
}
