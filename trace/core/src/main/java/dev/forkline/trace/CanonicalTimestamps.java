package dev.forkline.trace;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Reads the one form {@link EventCodec#formatTs} writes — {@code yyyy-MM-ddTHH:mm:ss}, a fraction of 3, 6 or 9 digits
 * only as long as needed, {@code Z} — without the general parser, which costs a microsecond per event. Anything else
 * gives null and is left to {@link Instant#parse} and the comparison with the written form.
 */
final class CanonicalTimestamps {

    private CanonicalTimestamps() {
    }

    static Instant parse(String text) {
        int n = text.length();
        if (n != 20 && n != 24 && n != 27 && n != 30) {
            return null;
        }
        if (text.charAt(4) != '-' || text.charAt(7) != '-' || text.charAt(10) != 'T' || text.charAt(13) != ':'
                || text.charAt(16) != ':' || text.charAt(n - 1) != 'Z' || n > 20 && text.charAt(19) != '.') {
            return null;
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 7);
        int day = digits(text, 8, 10);
        int hour = digits(text, 11, 13);
        int minute = digits(text, 14, 16);
        int second = digits(text, 17, 19);
        int fraction = n > 20 ? digits(text, 20, n - 1) : 0;
        if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0
                || second > 59 || fraction < 0) {
            return null;
        }
        int nanos = switch (n) {
            case 24 -> fraction * 1_000_000;
            case 27 -> fraction * 1_000;
            case 30 -> fraction;
            default -> 0;
        };
        // the written form uses the shortest of 3, 6 or 9 digits and none for a whole second
        boolean shortest = switch (n) {
            case 24 -> nanos != 0;
            case 27 -> nanos % 1_000_000 != 0;
            case 30 -> nanos % 1_000 != 0;
            default -> true;
        };
        if (!shortest) {
            return null;
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
