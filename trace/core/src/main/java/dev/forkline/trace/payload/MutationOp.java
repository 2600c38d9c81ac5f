package dev.forkline.trace.payload;

import java.util.Optional;

/** What a {@code state.mutation} did to its path. */
public enum MutationOp {
    CREATE("create"),
    MODIFY("modify"),
    DELETE("delete"),
    MODE("mode");

    private final String wireName;

    MutationOp(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The constant written as {@code value}, or empty when it names none. */
    public static Optional<MutationOp> parse(String value) {
        for (MutationOp constant : values()) {
            if (constant.wireName.equals(value)) {
                return Optional.of(constant);
            }
        }
        return Optional.empty();
    }
}
