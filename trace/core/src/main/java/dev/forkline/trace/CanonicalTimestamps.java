package dev.forkline.trace;

import java.time.Instant;

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
