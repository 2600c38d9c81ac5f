package dev.forkline.trace.secrets;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Values that stand for a credential without being one: {@code ***}, {@code <token>}, {@code $API_KEY}, {@code changeme}. */
final class Placeholders {

    private static final Pattern REFERENCE = Pattern.compile(
            "\\$\\{?[A-Za-z_][A-Za-z0-9_]*}?|%[A-Za-z_][A-Za-z0-9_]*%|\\{\\{.*}}|\\{[^}]*}|<[^>]*>|\\[[^]]*]");
    private static final Pattern REPEATED = Pattern.compile("(.)\\1*");
    private static final Set<String> WORDS = Set.of("changeme", "password", "secret", "token", "redacted", "masked",
            "hidden", "none", "null", "undefined", "example", "placeholder", "your_api_key", "your-api-key", "yourapikey",
            "dummy", "test", "xxxx", "true", "false", "required", "optional", "string");

    private Placeholders() {
    }

    static boolean isPlaceholder(String value) {
        String v = value.strip();
        if (v.length() < 4 || v.contains("…") || v.contains("***") || v.contains("...")) {
            return true;
        }
        String lower = v.toLowerCase(Locale.ROOT);
        return WORDS.contains(lower) || lower.startsWith("your") || lower.contains("redacted")
                || REFERENCE.matcher(v).matches() || REPEATED.matcher(v).matches();
    }
}
