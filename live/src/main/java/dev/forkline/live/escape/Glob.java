package dev.forkline.live.escape;

import java.util.regex.Pattern;

/** A glob of an escape rule: {@code *} any run of characters, {@code ?} one character, everything else literal. */
record Glob(String text, Pattern pattern) {

    static Glob of(String text) {
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '*' || c == '?') {
                if (!literal.isEmpty()) {
                    regex.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                regex.append(c == '*' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
        }
        return new Glob(text, Pattern.compile(regex.toString(), Pattern.DOTALL));
    }

    boolean matches(String value) {
        return value != null && pattern.matcher(value).matches();
    }
}
