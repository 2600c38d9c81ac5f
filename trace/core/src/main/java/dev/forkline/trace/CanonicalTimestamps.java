package dev.forkline.trace;

import java.time.Instant;

/**
 * The one form events' times are written in ({@link java.time.format.DateTimeFormatter#ISO_INSTANT}'s):
 * {@code yyyy-MM-ddTHH:mm:ss}, a fraction of 3, 6 or 9 digits only as long as needed, {@code Z}. Read and written
 * here without the general parser and formatter, which cost a microsecond per event; {@link #parse} gives null for
 * anything else, which is left to {@link Instant#parse} and the comparison with the written form.
 */
final class CanonicalTimestamps {

    /** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the years {@link #format} writes itself. */
    private static final long FIRST_SECOND = -62_167_219_200L;
    private static final long LAST_SECOND = 253_402_300_799L;

    private CanonicalTimestamps() {
    }

    /** As {@code DateTimeFormatter.ISO_INSTANT.format(instant)}; null for a year beyond 0000–9999, which that formatter is left to. */
    static String format(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < FIRST_SECOND || seconds > LAST_SECOND) {
            return null;
        }
        long days = Math.floorDiv(seconds, 86_400);
        int secondOfDay = (int) Math.floorMod(seconds, 86_400);
        java.time.LocalDate date = java.time.LocalDate.ofEpochDay(days);
        int nanos = instant.getNano();
        int fraction = nanos == 0 ? 0 : nanos % 1_000_000 == 0 ? 4 : nanos % 1_000 == 0 ? 7 : 10;
        byte[] out = new byte[20 + fraction];
        digits(out, 0, date.getYear(), 4);
        out[4] = '-';
        digits(out, 5, date.getMonthValue(), 2);
        out[7] = '-';
        digits(out, 8, date.getDayOfMonth(), 2);
        out[10] = 'T';
        digits(out, 11, secondOfDay / 3600, 2);
        out[13] = ':';
        digits(out, 14, secondOfDay / 60 % 60, 2);
        out[16] = ':';
        digits(out, 17, secondOfDay % 60, 2);
        if (fraction > 0) {
            out[19] = '.';
            int shown = fraction - 1;
            digits(out, 20, shown == 3 ? nanos / 1_000_000 : shown == 6 ? nanos / 1_000 : nanos, shown);
        }
        out[19 + fraction] = 'Z';
        return new String(out, java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static void digits(byte[] out, int at, int value, int count) {
        for (int i = at + count - 1; i >= at; i--) {
            out[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }

    static Instant parse(String text) {
        int n = text.length();
        if (n != 20 && n != 24 && n != 27 && n != 30) {
            return null;
        }
        Instant instant = UtcStamps.parse(text);
        if (instant == null) {
            return null;
        }
        int nanos = instant.getNano();
        // the written form uses the shortest of 3, 6 or 9 digits and none for a whole second
        boolean shortest = switch (n) {
            case 24 -> nanos != 0;
            case 27 -> nanos % 1_000_000 != 0;
            case 30 -> nanos % 1_000 != 0;
            default -> true;
        };
        return shortest ? instant : null;
    }
}
