package dev.forkline.replay.tools;

import java.util.regex.Pattern;

/**
 * One glob as ripgrep's globset compiles it for ignore files and {@code --glob}: {@code *} and {@code ?} stop at
 * {@code /}, {@code **} as a whole path component crosses directories ({@code **}{@code /x}, {@code a/**}, {@code
 * a/**}{@code /b}), {@code [...]} classes (negated by {@code !} or {@code ^}), {@code {a,b}} alternatives and
 * {@code \} escapes. The whole path must match.
 */
final class GlobPattern {

    private final String glob;
    private final Pattern regex;

    private GlobPattern(String glob, Pattern regex) {
        this.glob = glob;
        this.regex = regex;
    }

    /** Compiles a glob; throws IllegalArgumentException naming the glob when it is malformed. */
    static GlobPattern compile(String glob) {
        return new GlobPattern(glob, Pattern.compile(translate(glob, 0, glob.length()), Pattern.DOTALL));
    }

    boolean matches(String path) {
        return regex.matcher(path).matches();
    }

    @Override
    public String toString() {
        return glob;
    }

    private static String translate(String glob, int from, int to) {
        StringBuilder out = new StringBuilder();
        int i = from;
        while (i < to) {
            char c = glob.charAt(i);
            if (c == '*' && i + 1 < to && glob.charAt(i + 1) == '*') {
                boolean startsComponent = i == from || glob.charAt(i - 1) == '/';
                boolean endsComponent = i + 2 == to || glob.charAt(i + 2) == '/';
                if (startsComponent && endsComponent) {
                    if (i + 2 == to) {
                        // "**" alone matches everything; "a/**" everything below a/ (the '/' is already written)
                        out.append(".*");
                        i += 2;
                    } else {
                        out.append("(?:.*/)?");
                        i += 3;
                    }
                    continue;
                }
                out.append("[^/]*");
                i += 2;
                continue;
            }
            switch (c) {
                case '*' -> out.append("[^/]*");
                case '?' -> out.append("[^/]");
                case '[' -> {
                    int end = classEnd(glob, i, to);
                    out.append(translateClass(glob, i + 1, end));
                    i = end;
                }
                case '{' -> {
                    int end = braceEnd(glob, i, to);
                    out.append("(?:");
                    int start = i + 1;
                    int depth = 0;
                    for (int j = i + 1; j < end; j++) {
                        char d = glob.charAt(j);
                        if (d == '\\') {
                            j++;
                        } else if (d == '{' || d == '[') {
                            depth++;
                        } else if (d == '}' || d == ']') {
                            depth--;
                        } else if (d == ',' && depth == 0) {
                            out.append(translate(glob, start, j)).append('|');
                            start = j + 1;
                        }
                    }
                    out.append(translate(glob, start, end)).append(')');
                    i = end;
                }
                case '\\' -> {
                    if (i + 1 >= to) {
                        throw new IllegalArgumentException("glob ends with a dangling escape: " + glob);
                    }
                    i++;
                    out.append(Pattern.quote(String.valueOf(glob.charAt(i))));
                }
                default -> out.append(Pattern.quote(String.valueOf(c)));
            }
            i++;
        }
        return out.toString();
    }

    private static int classEnd(String glob, int open, int to) {
        int j = open + 1;
        if (j < to && (glob.charAt(j) == '!' || glob.charAt(j) == '^')) {
            j++;
        }
        if (j < to && glob.charAt(j) == ']') {
            j++;
        }
        while (j < to && glob.charAt(j) != ']') {
            j++;
        }
        if (j >= to) {
            throw new IllegalArgumentException("unclosed character class in glob: " + glob);
        }
        return j;
    }

    private static String translateClass(String glob, int from, int to) {
        StringBuilder out = new StringBuilder("[");
        int i = from;
        if (i < to && (glob.charAt(i) == '!' || glob.charAt(i) == '^')) {
            out.append('^');
            i++;
        }
        for (; i < to; i++) {
            char c = glob.charAt(i);
            if (c == '-' && i > from && i + 1 < to) {
                out.append('-');
            } else if (Character.isLetterOrDigit(c)) {
                out.append(c);
            } else {
                out.append('\\').append(c);
            }
        }
        return out.append(']').toString();
    }

    private static int braceEnd(String glob, int open, int to) {
        int depth = 0;
        for (int j = open; j < to; j++) {
            char c = glob.charAt(j);
            if (c == '\\') {
                j++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
                if (depth == 0) {
                    return j;
                }
            }
        }
        throw new IllegalArgumentException("unclosed '{' in glob: " + glob);
    }
}
