package dev.forkline.live.escape;

/**
 * A tool call that a contract's escape rule names.
 *
 * @param ruleId the rule's id
 * @param kind   the rule's kind ({@code network}, {@code outsideProject}, ...)
 * @param what   what matched, for the owner: e.g. {@code command 'git push origin main' matches 'git push*'}
 */
public record EscapeMatch(String ruleId, String kind, String what) {

    /** The approval request's reason. */
    public String reason() {
        return "escape rule '" + ruleId + "' (" + kind + "): " + what;
    }
}
