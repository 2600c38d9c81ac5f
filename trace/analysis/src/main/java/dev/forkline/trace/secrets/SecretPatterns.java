package dev.forkline.trace.secrets;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Credentials recognisable by their shape anywhere in free text (outputs, commands, messages, file contents). Each
 * pattern has a cheap literal that must occur before the regular expression runs, and every expression is linear
 * (no nested quantifiers), so megabytes of hostile stdout are scanned in linear time.
 */
final class SecretPatterns {

    /**
     * A shape: the literals it cannot match without ({@code |}-separated; lower case, and compared ignoring ASCII case
     * as the expression's {@code (?i)} does, when {@code ignoreCaseLiteral}), characters of which it cannot match without
     * one ({@code ""} when none is needed), and the group that is the secret (0 for the whole match). A shape whose every
     * match holds one of its literals at most {@code lead} characters from its start, and is at most {@code span}
     * characters long, is searched for only around the literals ({@link #matchesAroundLiterals}), around those
     * occurrences {@code literalFits} allows, at the starts {@code starts} allows; -1 when not.
     */
    private record Shape(SecretKind kind, List<String> literals, boolean ignoreCaseLiteral, String needsOneOf, Pattern pattern,
                         int group, int lead, int span, LiteralFits literalFits, Starts starts, List<AsciiPresence> literalCharacters,
                         AsciiPresence oneOfCharacters) {

        Shape(SecretKind kind, String literals, boolean ignoreCaseLiteral, Pattern pattern, int group) {
            this(kind, literals, ignoreCaseLiteral, "", pattern, group, -1, -1, LiteralFits.ANY, Starts.ANYWHERE);
        }

        Shape(SecretKind kind, String literals, boolean ignoreCaseLiteral, String needsOneOf, Pattern pattern, int group) {
            this(kind, literals, ignoreCaseLiteral, needsOneOf, pattern, group, -1, -1, LiteralFits.ANY, Starts.ANYWHERE);
        }

        Shape(SecretKind kind, String literals, boolean ignoreCaseLiteral, String needsOneOf, Pattern pattern, int group, int lead, int span,
              LiteralFits literalFits, Starts starts) {
            this(kind, List.of(literals.split("\\|")), ignoreCaseLiteral, needsOneOf, pattern, group, lead, span, literalFits, starts);
        }

        Shape(SecretKind kind, List<String> literals, boolean ignoreCaseLiteral, String needsOneOf, Pattern pattern, int group, int lead,
              int span, LiteralFits literalFits, Starts starts) {
            this(kind, literals, ignoreCaseLiteral, needsOneOf, pattern, group, lead, span, literalFits, starts,
                    literals.stream().map(AsciiPresence::of).toList(), AsciiPresence.of(needsOneOf));
        }

        /**
         * False when the expression cannot match: a cheap test, so most text never meets the expression. The
         * characters the text holds rule out most shapes before the text is searched for their literals.
         */
        boolean possibleIn(String text, AsciiPresence present) {
            if (!needsOneOf.isEmpty() && !present.holdsAny(oneOfCharacters)) {
                return false;
            }
            for (int k = 0; k < literals.size(); k++) {
                if (!present.holdsAll(literalCharacters.get(k), ignoreCaseLiteral)) {
                    continue;
                }
                String literal = literals.get(k);
                if (ignoreCaseLiteral ? containsIgnoringAsciiCase(text, literal) : text.contains(literal)) {
                    return true;
                }
            }
            return false;
        }
    }

    private static final String CREDENTIAL_NAME =
            "(?:password|passwd|pwd|passphrase|token|secret|api[-_]?key|access[-_]?key|auth[-_]?token|client[-_]?secret)";
    /** The most characters before one of {@code pass|pwd|token|secret|key} in a match of {@link #CREDENTIAL_NAME}: "client_". */
    private static final int CREDENTIAL_NAME_LEAD = 7;
    private static final int CREDENTIAL_NAME_LENGTH = 13;

    /**
     * Whether a match can hold the literal occurring at {@code literal} where its expression needs one: a cheap test that
     * spares trying the starts before an occurrence no match can be made of.
     */
    @FunctionalInterface
    private interface LiteralFits {
        LiteralFits ANY = (text, literal) -> true;

        boolean possibleAt(String text, int literal);
    }

    /** Where in a text a shape's expression can begin a match: a cheap test that spares running it elsewhere. */
    @FunctionalInterface
    private interface Starts {
        Starts ANYWHERE = (text, start) -> true;

        boolean possibleAt(String text, int start);
    }

    private static final List<Shape> SHAPES = List.of(
            new Shape(SecretKind.PRIVATE_KEY, "PRIVATE KEY", false, Pattern.compile(
                    "-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----[A-Za-z0-9+/=\\s:,\\-]*?"
                            + "(?:-----END (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----|\\z)"), 0),
            new Shape(SecretKind.ANTHROPIC_API_KEY, "sk-ant-", false,
                    Pattern.compile("(?<![A-Za-z0-9_\\-])sk-ant-[A-Za-z0-9_\\-]{20,}"), 0),
            new Shape(SecretKind.OPENAI_API_KEY, "sk-", false,
                    Pattern.compile("(?<![A-Za-z0-9_\\-])sk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\\-]{20,}"), 0),
            new Shape(SecretKind.AWS_ACCESS_KEY_ID, "AKIA|ASIA|AIDA|AROA", false,
                    Pattern.compile("(?<![A-Z0-9])(?:AKIA|ASIA|AIDA|AROA)[0-9A-Z]{16}(?![A-Z0-9])"), 0),
            new Shape(SecretKind.GITHUB_TOKEN, "gh", false,
                    Pattern.compile("(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36,255}(?![A-Za-z0-9_])"), 0),
            new Shape(SecretKind.GITHUB_TOKEN, "github_pat_", false,
                    Pattern.compile("(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{22,255}"), 0),
            new Shape(SecretKind.SLACK_TOKEN, "xox", false,
                    Pattern.compile("(?<![A-Za-z0-9])xox[abposre]-[A-Za-z0-9\\-]{10,}"), 0),
            new Shape(SecretKind.SLACK_TOKEN, "hooks.slack.com/services/", false,
                    Pattern.compile("hooks\\.slack\\.com/services/(T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]{16,})"), 1),
            new Shape(SecretKind.GOOGLE_API_KEY, "AIza", false,
                    Pattern.compile("(?<![A-Za-z0-9_\\-])AIza[0-9A-Za-z_\\-]{35}(?![A-Za-z0-9_\\-])"), 0),
            new Shape(SecretKind.JWT, "eyJ", false,
                    Pattern.compile("(?<![A-Za-z0-9_\\-])eyJ[A-Za-z0-9_\\-]{8,}\\.eyJ[A-Za-z0-9_\\-]{8,}\\.[A-Za-z0-9_\\-]{8,}"), 0),
            new Shape(SecretKind.URL_PASSWORD, "://", false,
                    Pattern.compile("://[^\\s:/@\"'<>]{1,256}:([^\\s/@\"'<>]{1,256})@"), 1),
            new Shape(SecretKind.AUTHORIZATION_HEADER, "authorization", true, ":=", Pattern.compile(
                    "(?i)authorization[\"']?\\s{0,4}[:=]\\s{0,4}[\"']?(?:bearer|basic|token|bot)\\s{1,4}([A-Za-z0-9._~+/=\\-]{8,4096})"), 1),
            new Shape(SecretKind.ASSIGNED_SECRET, "pass|pwd|token|secret|key", true, "=:-", Pattern.compile(
                    "(?i)(?:--?" + CREDENTIAL_NAME + "[= ]|(?<![A-Za-z0-9_])[A-Za-z_]{0,40}" + CREDENTIAL_NAME + "[A-Za-z_]{0,40}\\s{0,2}[=:]\\s{0,2})"
                            + "[\"']?([^\\s\"'&;|,)}\\]]{4,512})"), 1,
                    40 + CREDENTIAL_NAME_LEAD, 40 + CREDENTIAL_NAME_LENGTH + 40 + 2 + 1 + 2 + 1 + 512, SecretPatterns::canBeAssigned,
                    SecretPatterns::canStartAssignment));

    /** What a password or token given on a command line is made of; code such as {@code token=get_token()} is not. */
    private static final Pattern CREDENTIAL_CHARS = Pattern.compile("[A-Za-z0-9._~+/=!@#$%^*\\-]+");
    /** Identifiers and dotted names ({@code settings.SECRET}): code, not a credential. */
    private static final Pattern WORDS_ONLY = Pattern.compile("[A-Za-z_.\\-]+");
    private static final Pattern DIGITS_ONLY = Pattern.compile("[0-9]+");

    private SecretPatterns() {
    }

    /** The secrets in {@code text}, in order, none overlapping (the longer wins). */
    static List<SecretSpan> find(String text) {
        return find(text, true);
    }

    /**
     * As {@link #find(String)}; {@code aroundLiterals} false runs every expression over the whole text, which gives the
     * same spans more slowly (for tests that compare the two).
     */
    static List<SecretSpan> find(String text, boolean aroundLiterals) {
        List<SecretSpan> spans = new ArrayList<>();
        AsciiPresence present = AsciiPresence.of(text);
        for (Shape shape : SHAPES) {
            if (!shape.possibleIn(text, present)) {
                continue;
            }
            Matcher matcher = shape.pattern().matcher(text);
            if (aroundLiterals && shape.lead() >= 0) {
                matchesAroundLiterals(shape, text, matcher, spans);
                continue;
            }
            while (matcher.find()) {
                add(shape, text, matcher, spans);
            }
        }
        return withoutOverlaps(spans);
    }

    private static void add(Shape shape, String text, Matcher matcher, List<SecretSpan> spans) {
        int start = matcher.start(shape.group());
        int end = matcher.end(shape.group());
        if (end > start && plausible(shape.kind(), text.substring(start, end))) {
            spans.add(new SecretSpan(shape.kind(), start, end));
        }
    }

    /**
     * The matches that {@code matcher.find()} over the whole text gives, one after the other, tried only at the starts
     * that can begin one: a match holds one of the shape's literals at most {@code lead} characters from its start, so
     * only the {@code lead} characters before each literal and the literal's own start are tried, each once, in order
     * ({@code lookingAt} there is what {@code find} tries at each start). A match starting there is at most {@code span}
     * long, so the region ending {@code span} after the literal holds it whole; transparent bounds let the look-behind
     * see before the region.
     */
    private static void matchesAroundLiterals(Shape shape, String text, Matcher matcher, List<SecretSpan> spans) {
        matcher.useTransparentBounds(true).useAnchoringBounds(false);
        LiteralStarts literals = new LiteralStarts(shape, text);
        int tried = 0; // every start before this is tried (or lies inside a match)
        for (int literal = literals.next(0); literal >= 0; literal = literals.next(Math.max(literal + 1, tried))) {
            if (!shape.literalFits().possibleAt(text, literal)) {
                // no match holds this occurrence where it needs one; a match starting before it holds a later one and
                // is tried from there, so nothing is marked tried
                continue;
            }
            int regionEnd = (int) Math.min(text.length(), (long) literal + shape.span() + 1);
            for (int start = Math.max(tried, literal - shape.lead()); start <= literal; start++) {
                if (!shape.starts().possibleAt(text, start)) {
                    continue;
                }
                matcher.region(start, regionEnd);
                if (matcher.lookingAt()) {
                    add(shape, text, matcher, spans);
                    tried = matcher.end();
                    break;
                }
            }
            tried = Math.max(tried, literal + 1);
        }
    }

    /**
     * Whether the credential word at {@code literal} can be the one an assignment names. The word and the letters around
     * it ({@code [A-Za-z_-]}, the name's own dash included) are followed by what ends the name in either form: up to two
     * spaces and {@code =} or {@code :} ({@code password = x}, {@code "token": "x"}), or, when a dash comes before the
     * name, {@code =} or one space ({@code --password x}). Most credential words in prose and code are followed by
     * neither, and the starts before them are not tried at all.
     */
    private static boolean canBeAssigned(String text, int literal) {
        int end = literal;
        int last = literal + CREDENTIAL_NAME_LENGTH + 40; // the name and the letters after it end by here
        while (end < text.length() && end <= last && isNameChar(text.charAt(end))) {
            end++;
        }
        if (end >= text.length() || end > last) {
            return false;
        }
        int after = end;
        for (int spaces = 0; spaces < 2 && after < text.length() && isRegexSpace(text.charAt(after)); spaces++) {
            after++;
        }
        if (after < text.length() && (text.charAt(after) == '=' || text.charAt(after) == ':')) {
            return true;
        }
        if (text.charAt(end) != '=' && text.charAt(end) != ' ') {
            return false;
        }
        for (int i = literal - 1; i >= Math.max(0, literal - CREDENTIAL_NAME_LEAD - 1) && isNameChar(text.charAt(i)); i--) {
            if (text.charAt(i) == '-') {
                return true;
            }
        }
        return false;
    }

    private static boolean isNameChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-';
    }

    /** {@code \s} as the expressions read it (without UNICODE_CHARACTER_CLASS). */
    private static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /**
     * Whether the assignment shape can match from {@code start}: its first branch starts with {@code -}, its second
     * where no letter, digit or {@code _} comes before (its look-behind). Most starts near a credential word lie inside
     * a word, and are passed over without running the expression.
     */
    private static boolean canStartAssignment(String text, int start) {
        if (text.charAt(start) == '-' || start == 0) {
            return true;
        }
        char before = text.charAt(start - 1);
        return !(before >= 'a' && before <= 'z' || before >= 'A' && before <= 'Z' || before >= '0' && before <= '9' || before == '_');
    }

    /**
     * Where a shape's literals occur in a text, asked for in increasing order. Each literal's next occurrence is kept,
     * for each case of its first letter where case is ignored, and looked for again only once passed, so that all the
     * asking reads the text about once per literal.
     */
    private static final class LiteralStarts {
        private final String text;
        private final boolean ignoreCase;
        private final String[] literals;
        private final char[] firsts;
        private final int[] next;

        LiteralStarts(Shape shape, String text) {
            this.text = text;
            ignoreCase = shape.ignoreCaseLiteral();
            List<String> literals = new ArrayList<>();
            StringBuilder firsts = new StringBuilder();
            for (String literal : shape.literals()) {
                char first = literal.charAt(0);
                literals.add(literal);
                firsts.append(first);
                if (shape.ignoreCaseLiteral() && first >= 'a' && first <= 'z') {
                    literals.add(literal);
                    firsts.append((char) (first - ('a' - 'A')));
                }
            }
            this.literals = literals.toArray(String[]::new);
            this.firsts = firsts.toString().toCharArray();
            next = new int[this.literals.length];
            for (int k = 0; k < next.length; k++) {
                next[k] = find(k, 0);
            }
        }

        /** The first occurrence of any of the literals at or after {@code from}, or -1. */
        int next(int from) {
            int first = -1;
            for (int k = 0; k < next.length; k++) {
                if (next[k] >= 0 && next[k] < from) {
                    next[k] = find(k, from);
                }
                if (next[k] >= 0 && (first < 0 || next[k] < first)) {
                    first = next[k];
                }
            }
            return first;
        }

        private int find(int k, int from) {
            return ignoreCase ? indexOfIgnoringAsciiCase(text, literals[k], firsts[k], from) : text.indexOf(literals[k], from);
        }
    }

    /** Where {@code lowerLiteral} first occurs at or after {@code from}, any of its ASCII letters in either case; -1 if not. */
    static int indexOfIgnoringAsciiCase(String text, String lowerLiteral, int from) {
        char first = lowerLiteral.charAt(0);
        char upper = first >= 'a' && first <= 'z' ? (char) (first - ('a' - 'A')) : first;
        int lower = indexOfIgnoringAsciiCase(text, lowerLiteral, first, from);
        if (upper == first) {
            return lower;
        }
        int upperAt = indexOfIgnoringAsciiCase(text, lowerLiteral, upper, from);
        return lower < 0 ? upperAt : upperAt < 0 ? lower : Math.min(lower, upperAt);
    }

    private static int indexOfIgnoringAsciiCase(String text, String lowerLiteral, char first, int from) {
        int last = text.length() - lowerLiteral.length();
        for (int at = text.indexOf(first, from); at >= 0 && at <= last; at = text.indexOf(first, at + 1)) {
            if (matchesIgnoringAsciiCase(text, at, lowerLiteral)) {
                return at;
            }
        }
        return -1;
    }

    /** Whether {@code text} holds {@code lowerLiteral} with any of its ASCII letters in upper case. */
    static boolean containsIgnoringAsciiCase(String text, String lowerLiteral) {
        return indexOfIgnoringAsciiCase(text, lowerLiteral, 0) >= 0;
    }

    private static boolean matchesIgnoringAsciiCase(String text, int at, String lowerLiteral) {
        for (int k = 1; k < lowerLiteral.length(); k++) {
            if (asciiLower(text.charAt(at + k)) != lowerLiteral.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static char asciiLower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }

    private static boolean plausible(SecretKind kind, String secret) {
        return switch (kind) {
            case OPENAI_API_KEY, ANTHROPIC_API_KEY, SLACK_TOKEN -> hasLetterAndDigit(secret) && Entropy.bitsPerChar(secret) >= 3.0;
            case ASSIGNED_SECRET -> secret.length() >= 6 && !Placeholders.isPlaceholder(secret) && CREDENTIAL_CHARS.matcher(secret).matches()
                    && !WORDS_ONLY.matcher(secret).matches() && !DIGITS_ONLY.matcher(secret).matches();
            case URL_PASSWORD, AUTHORIZATION_HEADER -> !Placeholders.isPlaceholder(secret);
            default -> true;
        };
    }

    static boolean hasLetterAndDigit(String text) {
        boolean letter = false;
        boolean digit = false;
        for (int i = 0; i < text.length() && !(letter && digit); i++) {
            char c = text.charAt(i);
            letter |= Character.isLetter(c);
            digit |= Character.isDigit(c);
        }
        return letter && digit;
    }

    /** Keeps, of overlapping spans, the longer (the more specific kind on a tie); linear after sorting. */
    static List<SecretSpan> withoutOverlaps(List<SecretSpan> spans) {
        if (spans.size() < 2) {
            return List.copyOf(spans);
        }
        List<SecretSpan> sorted = new ArrayList<>(spans);
        sorted.sort(Comparator.comparingInt(SecretSpan::start).thenComparing(Comparator.comparingInt(SecretSpan::length).reversed())
                .thenComparing(span -> span.kind().ordinal()));
        List<SecretSpan> kept = new ArrayList<>();
        for (SecretSpan span : sorted) {
            SecretSpan last = kept.isEmpty() ? null : kept.getLast();
            if (last == null || !last.overlaps(span)) {
                kept.add(span);
            } else if (span.length() > last.length()) {
                SecretSpan beforeLast = kept.size() > 1 ? kept.get(kept.size() - 2) : null;
                if (beforeLast == null || !beforeLast.overlaps(span)) {
                    kept.set(kept.size() - 1, span);
                }
            }
        }
        return kept;
    }
}
