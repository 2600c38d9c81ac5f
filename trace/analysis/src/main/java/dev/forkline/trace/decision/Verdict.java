package dev.forkline.trace.decision;

import java.util.Arrays;
import java.util.stream.Collectors;

/** What an owner decided about an event that waited for a human. */
public enum Verdict {
    APPROVE("approve"),
    DENY("deny"),
    /** Approve with new arguments ({@code data.arguments}) in place of the ones the agent asked for. */
    MODIFY("modify"),
    /** Pass it to someone else: the subject stays in the escape queue. */
    ESCALATE("escalate"),
    /** Stop the run. */
    TERMINATE("terminate");

    private final String wireName;

    Verdict(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The verdict written as {@code value}, or empty when it names none. */
    public static java.util.Optional<Verdict> parse(String value) {
        for (Verdict verdict : values()) {
            if (verdict.wireName.equals(value)) {
                return java.util.Optional.of(verdict);
            }
        }
        return java.util.Optional.empty();
    }

    /** @throws IllegalArgumentException naming the accepted values when {@code value} is not one */
    public static Verdict fromWire(String value) {
        for (Verdict verdict : values()) {
            if (verdict.wireName.equals(value)) {
                return verdict;
            }
        }
        throw new IllegalArgumentException("unknown verdict '" + value + "' (expected one of "
                + Arrays.stream(values()).map(Verdict::wireName).collect(Collectors.joining(", ")) + ")");
    }
}
