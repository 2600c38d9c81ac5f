package dev.forkline.importers.otel;

/**
 * Span ids of 16 lowercase hex digits (W3C and OTLP span ids, as {@link AnyValues#id} writes them) held as the long
 * they spell: a million spans hold a million ids.
 */
final class SpanIds {

    private static final int DIGITS = 16;

    private SpanIds() {
    }

    /** Whether {@code id} is 16 lowercase hex digits, so that {@link #bits} and {@link #text} give it back. */
    static boolean isBits(String id) {
        if (id == null || id.length() != DIGITS) {
            return false;
        }
        for (int i = 0; i < DIGITS; i++) {
            char c = id.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return false;
            }
        }
        return true;
    }

    /** The long an id of {@link #isBits} spells (the caller has asked). */
    static long bits(String id) {
        return Long.parseUnsignedLong(id, 16);
    }

    /** The 16 hex digits of {@code bits}. */
    static String text(long bits) {
        return java.util.HexFormat.of().toHexDigits(bits);
    }
}
