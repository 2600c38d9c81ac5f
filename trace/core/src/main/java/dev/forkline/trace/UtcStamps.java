package dev.forkline.trace;

import java.time.Instant;

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
        if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
            return null;
        }
        return Instant.ofEpochSecond(epochDay(year, month, day) * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
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
