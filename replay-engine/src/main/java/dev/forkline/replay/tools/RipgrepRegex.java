package dev.forkline.replay.tools;

import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A ripgrep pattern (Rust regex syntax) as a Java pattern with the same meaning for the constructs agents use:
 * Unicode-aware classes, {@code .} and anchors about {@code \n} only, {@code (?P<name>...)} groups. Patterns ripgrep
 * itself refuses without PCRE2 (look-around, back-references, a {@code \n} outside multiline mode) come back empty:
 * ripgrep then exits with an error and Claude Code shows no results. Constructs that differ between the two engines
 * and are not translated are reported as not re-run.
 */
final class RipgrepRegex {

    private RipgrepRegex() {
    }

    /** The compiled pattern, or empty when ripgrep would refuse it. */
    static Optional<Pattern> compile(String pattern, boolean caseInsensitive, boolean multiline) {
        if (refusedByRipgrep(pattern, multiline)) {
            return Optional.empty();
        }
        if (pattern.contains("[:") || pattern.matches("(?s).*\\(\\?[a-zA-Z-]*U.*")) {
            throw new NotRerun("Grep pattern uses POSIX classes or the swap-greed flag, not translated: " + pattern);
        }
        int flags = Pattern.UNIX_LINES | Pattern.MULTILINE | Pattern.UNICODE_CHARACTER_CLASS;
        if (caseInsensitive) {
            flags |= Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
        }
        if (multiline) {
            flags |= Pattern.DOTALL;
        }
        try {
            return Optional.of(Pattern.compile(pattern.replace("(?P<", "(?<"), flags));
        } catch (PatternSyntaxException e) {
            throw new NotRerun("Grep pattern is not understood by the Java regex engine: " + e.getDescription()
                    + " in " + pattern);
        }
    }

    private static boolean refusedByRipgrep(String pattern, boolean multiline) {
        if (pattern.contains("(?=") || pattern.contains("(?!") || pattern.contains("(?<=")
                || pattern.contains("(?<!")) {
            return true;
        }
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\n' && !multiline) {
                return true;
            }
            if (c == '\\' && i + 1 < pattern.length()) {
                char next = pattern.charAt(i + 1);
                if (next >= '1' && next <= '9' || next == 'n' && !multiline) {
                    return true;
                }
                i++;
            }
        }
        return false;
    }
}
