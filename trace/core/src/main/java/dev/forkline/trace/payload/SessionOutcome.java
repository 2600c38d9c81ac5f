package dev.forkline.trace.payload;

import java.util.Optional;

/** The outcome a {@code session.end} reports. */
public enum SessionOutcome {
    SUCCESS("success"),
    FAILURE("failure"),
    ABORTED("aborted"),
    UNKNOWN("unknown");

    private final String wireName;

    SessionOutcome(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The constant written as {@code value}, or empty when it names none. */
    public static Optional<SessionOutcome> parse(String value) {
        for (SessionOutcome constant : values()) {
            if (constant.wireName.equals(value)) {
                return Optional.of(constant);
            }
        }
        return Optional.empty();
    }
}
