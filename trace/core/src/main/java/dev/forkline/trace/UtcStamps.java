package dev.forkline.trace;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * The spelling nearly every agent trace uses for its times, {@code yyyy-MM-ddTHH:mm:ss[.fraction]Z} (1 to 9 fraction
 * digits), read without {@code DateTimeFormatter}, which costs about a microsecond per stamp: an eighth of a Claude Code
 * import's CPU. Anything else (offsets, leap seconds, other spellings) gives null, for the general parsers. The trace's
 * own codec reads its canonical form through it too ({@link CanonicalTimestamps}).
 */
public final class UtcStamps {

    private UtcStamps() {
    }

    public static Instant parse(String text) {
        int n = text.length();
        if (n < 20 || n > 30 || n == 21 || text.charAt(n - 1) != 'Z' || text.charAt(4) != '-' || text.charAt(7) != '-'
                || text.charAt(10) != 'T' || text.charAt(13) != ':' || text.charAt(16) != ':' || n > 20 && text.charAt(19) != '.') {
            return null;
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 7);
        int day = digits(text, 8, 10);
        int hour = digits(text, 11, 13);
        int minute = digits(text, 14, 16);
        int second = digits(text, 17, 19);
        int fraction = n > 20 ? digits(text, 20, n - 1) : 0;
        if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59
                || fraction < 0) {
            return null;
        }
        int nanos = fraction;
        for (int scale = n > 20 ? n - 21 : 9; scale < 9; scale++) {
            nanos *= 10;
        }
        try {
            long days = LocalDate.of(year, month, day).toEpochDay();
            return Instant.ofEpochSecond(days * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
        } catch (DateTimeException e) {
            return null;
        }
    }

    /** The decimal value of {@code text[from, to)}, or -1 when a character is not an ASCII digit. */
    private static int digits(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
