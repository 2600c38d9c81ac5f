package dev.forkline.importers.aider;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What aider's own {@code > } output lines say: the launch's settings, token reports, applied edits and commits. */
final class AiderOutput {

    private static final Pattern TOKENS = Pattern.compile("^Tokens: ([0-9.,]+[kKmM]?) sent, (?:([0-9.,]+[kKmM]?) cache write, )?"
            + "(?:([0-9.,]+[kKmM]?) cache hit, )?([0-9.,]+[kKmM]?) received\\.(?: Cost: \\$([0-9.]+) (?:message|request), \\$([0-9.]+) session\\.)?.*$");
    private static final Pattern APPLIED = Pattern.compile("^Applied edit to (.+?)\\s*$");
    private static final Pattern COMMIT = Pattern.compile("^Commit ([0-9a-f]{7,40}) (.*)$");
    private static final Pattern MODEL = Pattern.compile("^(?:Main model|Models?): (\\S+)(?: with (\\S+) edit format)?.*$");
    private static final Pattern VERSION = Pattern.compile("^Aider v(\\S+)\\s*$");
    private static final Pattern COMMAND = Pattern.compile("^(\\S*aider)(?: .*)?$");

    /** A token report: counts (null when not reported), whether any count was abbreviated (12k), and the costs. */
    record Usage(Long sent, Long received, Long cacheWrite, Long cacheHit, boolean rounded, BigDecimal costUsd, BigDecimal sessionCostUsd) {
    }

    record Commit(String hash, String message) {
    }

    private AiderOutput() {
    }

    static Usage usage(String line) {
        Matcher m = TOKENS.matcher(line);
        if (!m.matches()) {
            return null;
        }
        boolean rounded = false;
        for (int g = 1; g <= 4; g++) {
            rounded |= m.group(g) != null && m.group(g).matches(".*[kKmM]$");
        }
        return new Usage(count(m.group(1)), count(m.group(4)), count(m.group(2)), count(m.group(3)), rounded,
                m.group(5) == null ? null : new BigDecimal(m.group(5)), m.group(6) == null ? null : new BigDecimal(m.group(6)));
    }

    /** The file an {@code Applied edit to <file>} line names, or null. */
    static String appliedTo(String line) {
        Matcher m = APPLIED.matcher(line);
        return m.matches() ? m.group(1) : null;
    }

    static Commit commit(String line) {
        Matcher m = COMMIT.matcher(line);
        return m.matches() ? new Commit(m.group(1), m.group(2)) : null;
    }

    /** {@code [model, edit format]} of a model line ({@code Model:}, {@code Models:}, {@code Main model:}), or null. */
    static String[] model(String line) {
        Matcher m = MODEL.matcher(line);
        return m.matches() ? new String[] {m.group(1), m.group(2)} : null;
    }

    static String version(String line) {
        Matcher m = VERSION.matcher(line);
        return m.matches() ? m.group(1) : null;
    }

    /** Whether the line is the command line aider was launched with (its first output line). */
    static boolean isCommand(String line) {
        return COMMAND.matcher(line).matches();
    }

    /** Whether aider reports that edit blocks of the response could not be applied. */
    static boolean editsFailed(String line) {
        return line.contains("failed to match") || line.contains("did not conform to the edit format")
                || line.startsWith("Unable to apply") || line.contains("SearchReplaceNoExactMatch");
    }

    /** A count as aider prints it: {@code 5,244}, {@code 12k}, {@code 1.1M} (abbreviated counts are approximate). */
    private static Long count(String text) {
        if (text == null) {
            return null;
        }
        String plain = text.replace(",", "");
        double factor = 1;
        if (plain.endsWith("k") || plain.endsWith("K")) {
            factor = 1_000;
            plain = plain.substring(0, plain.length() - 1);
        } else if (plain.endsWith("m") || plain.endsWith("M")) {
            factor = 1_000_000;
            plain = plain.substring(0, plain.length() - 1);
        }
        try {
            return Math.round(Double.parseDouble(plain) * factor);
        } catch (NumberFormatException notANumber) {
            return null;
        }
    }
}
