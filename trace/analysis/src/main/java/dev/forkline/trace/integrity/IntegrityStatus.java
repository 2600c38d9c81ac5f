package dev.forkline.trace.integrity;

import java.util.Arrays;

/**
 * What a trace's integrity check concluded, in a word. Two verdicts fail ({@link #fails()}): an altered trace, and
 * one whose decisions are signed by keys nobody trusts for their owners.
 */
public enum IntegrityStatus {
    /** Every hash, chain link, blob and decision signature checks out, and every decision's key is trusted. */
    INTACT("intact", "intact"),
    /** Something does not match: an event's hash, a prev link, a blob, a decision's signature, the order of lines... */
    ALTERED("altered", "altered"),
    /** Intact, but some decisions are signed by keys not trusted for their owners (anyone can make a key pair). */
    UNTRUSTED_DECISIONS("untrusted-decisions", "untrusted keys"),
    /** Imported from an agent's own format, which has no hash chain or signatures: nothing vouches for it. */
    NOT_SIGNED("not-signed", "not signed"),
    /** Stored before traces were verified at import, and not verified since. */
    UNVERIFIED("unverified", "unverified");

    private final String wireName;
    private final String label;

    IntegrityStatus(String wireName, String label) {
        this.wireName = wireName;
        this.label = label;
    }

    /** The stable name in JSON, the store and the CLI, e.g. {@code untrusted-decisions}. */
    public String wireName() {
        return wireName;
    }

    /** A short word or two for a badge, e.g. {@code untrusted keys}. */
    public String label() {
        return label;
    }

    /** Whether this verdict is a problem (import exits 1, the gate's integrity clause fails). */
    public boolean fails() {
        return this == ALTERED || this == UNTRUSTED_DECISIONS;
    }

    /** @throws IllegalArgumentException naming the known names when {@code name} is none of them */
    public static IntegrityStatus fromWire(String name) {
        return Arrays.stream(values()).filter(status -> status.wireName.equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown integrity verdict '" + name + "' (expected one of "
                        + Arrays.stream(values()).map(IntegrityStatus::wireName).toList() + ")"));
    }
}
