package dev.forkline.trace;

import java.time.Instant;

/**
 * The spellings nearly every agent trace uses for its times, {@code yyyy-MM-ddTHH:mm:ss[.fraction]} (1 to 9 fraction
 * digits) followed by {@code Z}, by an offset {@code ±HH:MM}, or by nothing, read as instants without
 * {@code DateTimeFormatter}, which costs about a microsecond per stamp (an eighth of a Claude Code import's CPU), and
 * several when a parser that does not take the spelling throws. Anything else (other offsets, leap seconds, other
 * spellings) gives null, for the general parsers. The trace's own codec reads its canonical form through
 * {@link #parse} ({@link CanonicalTimestamps}).
 */
public final class UtcStamps {

    /** The shortest date and time read: {@code yyyy-MM-ddTHH:mm:ss}. */
    private static final int WHOLE_SECONDS = 19;

    private UtcStamps() {
    }

    /** A stamp ending in {@code Z}, as {@code Instant.parse} reads it; null for any other spelling. */
    public static Instant parse(String text) {
        int n = text.length();
        return n > 0 && text.charAt(n - 1) == 'Z' ? local(text, n - 1, 0) : null;
    }

    /**
     * A stamp ending in {@code Z} or in an offset {@code ±HH:MM} (hours up to 17), as {@code OffsetDateTime.parse}
     * reads it; null for any other spelling, a stamp without a zone among them.
     */
    public static Instant parseWithOffset(String text) {
        int n = text.length();
        if (n > 0 && text.charAt(n - 1) == 'Z') {
            return parse(text);
        }
        int sign = n - 6;
        if (sign < WHOLE_SECONDS || text.charAt(sign) != '+' && text.charAt(sign) != '-' || text.charAt(n - 3) != ':') {
            return null;
        }
        int hours = digits(text, sign + 1, sign + 3);
        int minutes = digits(text, n - 2, n);
        if (hours < 0 || hours > 17 || minutes < 0 || minutes > 59) {
            return null;
        }
        int offset = hours * 3_600 + minutes * 60;
        return local(text, sign, text.charAt(sign) == '+' ? offset : -offset);
    }

    /** A stamp without a zone, taken as UTC as {@code LocalDateTime.parse(text).toInstant(UTC)} does; null otherwise. */
    public static Instant parseZoneless(String text) {
        int n = text.length();
        return n > 0 && text.charAt(n - 1) >= '0' && text.charAt(n - 1) <= '9' ? local(text, n, 0) : null;
    }

    /**
     * The date and time in {@code text[0, end)} less {@code offsetSeconds}, or null when they are not exactly
     * {@code yyyy-MM-ddTHH:mm:ss[.fraction]} of a valid day.
     */
    private static Instant local(String text, int end, int offsetSeconds) {
        if (end < WHOLE_SECONDS || end > WHOLE_SECONDS + 10 || end == WHOLE_SECONDS + 1 || text.charAt(4) != '-'
                || text.charAt(7) != '-' || text.charAt(10) != 'T' || text.charAt(13) != ':' || text.charAt(16) != ':'
                || end > WHOLE_SECONDS && text.charAt(WHOLE_SECONDS) != '.') {
            return null;
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 7);
        int day = digits(text, 8, 10);
        int hour = digits(text, 11, 13);
        int minute = digits(text, 14, 16);
        int second = digits(text, 17, 19);
        int fraction = end > WHOLE_SECONDS ? digits(text, WHOLE_SECONDS + 1, end) : 0;
        if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59
                || fraction < 0) {
            return null;
        }
        int nanos = fraction;
        for (int scale = end > WHOLE_SECONDS ? end - WHOLE_SECONDS - 1 : 9; scale < 9; scale++) {
            nanos *= 10;
        }
        if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
            return null;
        }
        return Instant.ofEpochSecond(epochDay(year, month, day) * 86_400 + hour * 3_600L + minute * 60L + second - offsetSeconds, nanos);
    }

    /**
     * Days from 1970-01-01 to a valid date of years 0 to 9999, as {@code LocalDate.toEpochDay}, by arithmetic (H. Hinnant's
     * days_from_civil): a Claude Code import's profile put the samples of reading a stamp in {@code LocalDate.of}, its
     * checks and {@code toEpochDay}.
     */
    static long epochDay(int year, int month, int day) {
        int y = month <= 2 ? year - 1 : year;
        int era = Math.floorDiv(y, 400);
        int yearOfEra = y - era * 400;
        int dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097L + dayOfEra - 719_468;
    }

    private static int daysIn(int year, int month) {
        return switch (month) {
            case 2 -> year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
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
