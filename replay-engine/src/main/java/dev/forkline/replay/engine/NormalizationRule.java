package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.ReplayInputException;
import dev.forkline.trace.Json;

import java.util.regex.Pattern;

/**
 * One normalisation: every match of {@code pattern} in recorded and replayed output is replaced by {@code replacement}
 * before they are compared, so that values that differ on every run (timestamps, durations, ids) do not count.
 *
 * @param name        short name, shown in diffs and recorded in run.fork data.normalization
 * @param pattern     a {@link Pattern} regular expression
 * @param replacement the text put in place of each match ({@code $1} group references allowed)
 */
public record NormalizationRule(String name, Pattern pattern, String replacement) {

    public static NormalizationRule of(String name, String regex, String replacement) {
        return new NormalizationRule(name, Pattern.compile(regex), replacement);
    }

    /**
     * Parses {@code NAME=REGEX=>REPLACEMENT} (the CLI form), e.g. {@code build-id=build-[0-9]+=>build-<n>}.
     *
     * @throws IllegalArgumentException when the text is not of that form or the regex does not compile
     */
    public static NormalizationRule parse(String spec) {
        int eq = spec.indexOf('=');
        int arrow = spec.lastIndexOf("=>");
        if (eq <= 0 || arrow <= eq) {
            throw new ReplayInputException("a normalisation rule is NAME=REGEX=>REPLACEMENT, got '" + spec + "'");
        }
        try {
            return of(spec.substring(0, eq), spec.substring(eq + 1, arrow), spec.substring(arrow + 2));
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new ReplayInputException("normalisation rule '" + spec.substring(0, eq) + "': " + e.getDescription(), e);
        }
    }

    public String apply(String text) {
        return pattern.matcher(text).replaceAll(replacement);
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("name", name);
        json.put("pattern", pattern.pattern());
        json.put("replacement", replacement);
        return json;
    }
}
