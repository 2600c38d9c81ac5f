package dev.forkline.replay.tools;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines of one ignore file ({@code .gitignore}, {@code .ignore}, {@code .rgignore}) or of ripgrep's
 * {@code --glob} list, read the way ripgrep's ignore crate reads them: {@code #} comments, trailing blanks trimmed
 * unless escaped, {@code !} re-includes, a leading {@code /} or an inner {@code /} anchors the pattern to the file's
 * directory (otherwise it matches at any depth), a trailing {@code /} matches directories only, and the last
 * matching line wins.
 */
final class IgnoreRules {

    enum Match { NONE, IGNORE, WHITELIST }

    private record Rule(GlobPattern glob, boolean whitelist, boolean directoryOnly) {
    }

    private final List<Rule> rules;

    private IgnoreRules(List<Rule> rules) {
        this.rules = rules;
    }

    static IgnoreRules parse(String text) {
        List<Rule> rules = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            try {
                Rule rule = rule(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
                if (rule != null) {
                    rules.add(rule);
                }
            } catch (IllegalArgumentException malformed) {
                // ripgrep warns about a malformed line in an ignore file and keeps the file's other lines
            }
        }
        return new IgnoreRules(rules);
    }

    /** The rules of ripgrep's {@code --glob} list; a malformed glob throws, as ripgrep refuses to run. */
    static IgnoreRules of(List<String> lines) {
        List<Rule> rules = new ArrayList<>();
        for (String line : lines) {
            Rule rule = rule(line);
            if (rule != null) {
                rules.add(rule);
            }
        }
        return new IgnoreRules(rules);
    }

    boolean isEmpty() {
        return rules.isEmpty();
    }

    boolean hasWhitelist() {
        return rules.stream().anyMatch(Rule::whitelist);
    }

    /** The verdict of the last rule that matches the path (relative to the file's directory). */
    Match matched(String path, boolean isDirectory) {
        for (int i = rules.size() - 1; i >= 0; i--) {
            Rule rule = rules.get(i);
            if ((!rule.directoryOnly() || isDirectory) && rule.glob().matches(path)) {
                return rule.whitelist() ? Match.WHITELIST : Match.IGNORE;
            }
        }
        return Match.NONE;
    }

    private static Rule rule(String raw) {
        String line = raw;
        if (line.startsWith("#")) {
            return null;
        }
        if (!line.endsWith("\\ ")) {
            line = line.stripTrailing();
        }
        if (line.isEmpty()) {
            return null;
        }
        boolean whitelist = false;
        boolean anchored = false;
        if (line.startsWith("\\!") || line.startsWith("\\#")) {
            line = line.substring(1);
            anchored = line.startsWith("/");
        } else {
            if (line.startsWith("!")) {
                whitelist = true;
                line = line.substring(1);
            }
            if (line.startsWith("/")) {
                line = line.substring(1);
                anchored = true;
            }
        }
        boolean directoryOnly = false;
        if (line.endsWith("/")) {
            directoryOnly = true;
            line = line.substring(0, line.length() - 1);
            if (line.endsWith("\\")) {
                line = line.substring(0, line.length() - 1);
            }
        }
        String glob = line;
        if (!anchored && glob.indexOf('/') < 0 && !glob.startsWith("**/") && !glob.equals("**")) {
            glob = "**/" + glob;
        }
        if (glob.endsWith("/**")) {
            glob = glob + "/*";
        }
        return new Rule(GlobPattern.compile(glob), whitelist, directoryOnly);
    }
}
