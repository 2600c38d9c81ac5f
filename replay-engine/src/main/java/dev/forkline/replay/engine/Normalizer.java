package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.forkline.trace.Json;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules applied, in order, to recorded and replayed stdout/stderr before comparing them. {@link #defaults()} hides
 * what legitimately changes between two runs of the same command; {@link #none()} compares byte for byte (as text).
 */
public record Normalizer(List<NormalizationRule> rules) {

    public Normalizer {
        rules = List.copyOf(rules);
    }

    /**
     * ISO-8601 / RFC 3339 timestamps, {@code date}-style clock times, durations with a unit, 64- and 12-hex container
     * ids, and temporary names under {@code /tmp} or made by mktemp.
     */
    public static Normalizer defaults() {
        return new Normalizer(List.of(
                NormalizationRule.of("timestamp",
                        "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d+)?(?:Z|[+-]\\d{2}:?\\d{2})?", "<timestamp>"),
                NormalizationRule.of("clock", "\\b\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?\\b", "<clock>"),
                NormalizationRule.of("duration", "\\b\\d+(?:\\.\\d+)?\\s?(?:ns|us|µs|ms|s|sec|secs|seconds|m|min)\\b", "<duration>"),
                NormalizationRule.of("container-id", "\\b(?:[0-9a-f]{64}|[0-9a-f]{12})\\b", "<container-id>"),
                NormalizationRule.of("temp-name", "(?:/tmp/|\\btmp\\.)[A-Za-z0-9._-]+", "<temp>")));
    }

    /**
     * {@link #defaults()} plus what differs between an imported session's recording and any re-execution of it:
     * {@code \r\n} line ends (terminals and some harnesses record them) and white space at the very end of an
     * output (harnesses strip or add the last newline).
     */
    public static Normalizer forImportedSessions() {
        return defaults().with(LINE_ENDINGS).with(TRAILING_WHITESPACE);
    }

    static final NormalizationRule LINE_ENDINGS = NormalizationRule.of("line-endings", "\r\n?", "\n");
    static final NormalizationRule TRAILING_WHITESPACE = NormalizationRule.of("trailing-whitespace", "\\s+\\z", "");

    /** The names of the rules that change {@code text}, in order. */
    public List<String> changing(String text) {
        List<String> names = new ArrayList<>();
        String result = text;
        for (NormalizationRule rule : rules) {
            String next = rule.apply(result);
            if (!next.equals(result)) {
                names.add(rule.name());
            }
            result = next;
        }
        return names;
    }

    public static Normalizer none() {
        return new Normalizer(List.of());
    }

    public Normalizer with(NormalizationRule rule) {
        List<NormalizationRule> more = new ArrayList<>(rules);
        more.add(rule);
        return new Normalizer(more);
    }

    public String apply(String text) {
        String result = text;
        for (NormalizationRule rule : rules) {
            result = rule.apply(result);
        }
        return result;
    }

    public ArrayNode toJson() {
        ArrayNode json = Json.MAPPER.createArrayNode();
        rules.forEach(rule -> json.add(rule.toJson()));
        return json;
    }
}
