package dev.forkline.trace;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The UTF-8 bytes {@link CanonicalJson} writes, encoded as they are written: hashing and storing an event need its
 * bytes, and writing text first cost a builder, a string and an encoded copy of every line.
 */
final class CanonicalOutput {

    /** Characters encoded per step: a long string is encoded through a small buffer instead of one of its own size. */
    private static final int CHUNK = 4096;
    /** The most bytes one UTF-16 unit becomes: a control character escaped as {@code \}{@code u00xx}. */
    private static final int MOST_BYTES_PER_CHAR = 6;
    /** A thread's reused output keeps at most this much room between events, so one huge event does not stay in memory. */
    private static final int KEPT_CAPACITY = 1 << 20;
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    /** Texts shorter than this are encoded character by character: the one-step copy would cost them more than it saves. */
    private static final int ASCII_FROM = 16;
    private static final long SPACES = ByteWords.repeated(' ');
    private static final long QUOTES = ByteWords.repeated('"');
    private static final long BACKSLASHES = ByteWords.repeated('\\');
    private static final long QUESTION_MARKS = ByteWords.repeated('?');

    private static final ThreadLocal<CanonicalOutput> REUSED = ThreadLocal.withInitial(CanonicalOutput::new);

    private byte[] bytes = new byte[2048];
    private int length;
    private final char[] chars = new char[CHUNK];

    /** This thread's output, emptied; callers must not keep it across calls that may use it too. */
    static CanonicalOutput reused() {
        CanonicalOutput output = REUSED.get();
        if (output.bytes.length > KEPT_CAPACITY) {
            output.bytes = new byte[2048];
        }
        output.length = 0;
        return output;
    }

    int length() {
        return length;
    }

    /** The array written into (valid up to {@link #length()}); it changes when the output grows. */
    byte[] array() {
        return bytes;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, length);
    }

    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    CanonicalOutput ascii(char c) {
        room(1);
        bytes[length++] = (byte) c;
        return this;
    }

    /** Text known to be ASCII (member names, literals, numbers written by this package). */
    CanonicalOutput ascii(String text) {
        int n = text.length();
        room(n);
        for (int i = 0; i < n; i++) {
            bytes[length++] = (byte) text.charAt(i);
        }
        return this;
    }

    /** A decimal integer. */
    CanonicalOutput decimal(long value) {
        if (value == Long.MIN_VALUE) {
            return ascii(Long.toString(value));
        }
        room(20);
        if (value < 0) {
            bytes[length++] = '-';
            value = -value;
        }
        int digits = 1;
        for (long rest = value / 10; rest > 0; rest /= 10) {
            digits++;
        }
        for (int i = length + digits - 1; i >= length; i--) {
            bytes[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        length += digits;
        return this;
    }

    /**
     * The text as a quoted JSON string, escaping only what RFC 8785 escapes ({@code "}, {@code \} and characters below
     * U+0020, the latter as {@code \b \f \n \r \t} where JSON has a short form), everything else as UTF-8.
     *
     * @throws IllegalArgumentException for a surrogate without its partner, which canonical JSON cannot represent
     */
    CanonicalOutput string(String value) {
        ascii('"');
        if (value.length() < ASCII_FROM || !appendedAscii(value)) {
            int total = value.length();
            for (int from = 0; from < total; ) {
                int to = Math.min(total, from + CHUNK);
                if (to < total && Character.isHighSurrogate(value.charAt(to - 1))) {
                    to--; // keep a pair together in one step
                }
                value.getChars(from, to, chars, 0);
                encode(to - from);
                from = to;
            }
        }
        return ascii('"');
    }

    /**
     * Appends a text of ASCII characters, as most long texts (tool outputs, arguments) are, from the bytes the JDK's
     * encoder makes of it in one step, copying the runs between the characters to escape; {@link #encode} looks at
     * each character. Returns false, having appended nothing, for a text beyond ASCII. The encoder writes a lone
     * surrogate, which must fail, as one {@code ?}, so each {@code ?} is checked against the text.
     */
    private boolean appendedAscii(String value) {
        byte[] encoded = value.getBytes(StandardCharsets.UTF_8);
        int count = encoded.length;
        if (count != value.length()) {
            return false; // some character took more than one byte
        }
        room(count);
        for (int from = 0; ; ) {
            int special = nextToEscape(encoded, from);
            System.arraycopy(encoded, from, bytes, length, special - from);
            length += special - from;
            if (special == count) {
                return true;
            }
            char c = value.charAt(special);
            room(MOST_BYTES_PER_CHAR + count - special - 1);
            if (c == '?') {
                bytes[length++] = '?';
            } else if (Character.isSurrogate(c)) {
                throw loneSurrogate(c);
            } else {
                length = escape(c, bytes, length);
            }
            from = special + 1;
        }
    }

    /**
     * The index of the first byte from {@code from} on that is below U+0020, {@code "}, {@code \} or {@code ?}, or
     * the array's length; eight bytes at a time. The bytes are ASCII.
     */
    private static int nextToEscape(byte[] ascii, int from) {
        int i = from;
        for (; i + 8 <= ascii.length; i += 8) {
            long word = ByteWords.at(ascii, i);
            // the lowest flag of each term is exact: below 0x80, (byte - 0x20) & ~byte has its high bit set for bytes below 0x20
            long flags = (word - SPACES) & ~word & ByteWords.HIGH_BITS | ByteWords.matches(word, QUOTES)
                    | ByteWords.matches(word, BACKSLASHES) | ByteWords.matches(word, QUESTION_MARKS);
            if (flags != 0) {
                return i + (Long.numberOfTrailingZeros(flags) >>> 3);
            }
        }
        for (; i < ascii.length; i++) {
            byte b = ascii[i];
            if (b < 0x20 || b == '"' || b == '\\' || b == '?') {
                return i;
            }
        }
        return i;
    }

    private void encode(int count) {
        room(count * MOST_BYTES_PER_CHAR);
        byte[] out = bytes;
        int at = length;
        char[] in = chars;
        for (int i = 0; i < count; i++) {
            char c = in[i];
            if (c < 0x80) {
                if (c >= 0x20 && c != '"' && c != '\\') {
                    out[at++] = (byte) c;
                } else {
                    at = escape(c, out, at);
                }
            } else if (c < 0x800) {
                out[at++] = (byte) (0xC0 | c >> 6);
                out[at++] = (byte) (0x80 | c & 0x3F);
            } else if (!Character.isSurrogate(c)) {
                out[at++] = (byte) (0xE0 | c >> 12);
                out[at++] = (byte) (0x80 | c >> 6 & 0x3F);
                out[at++] = (byte) (0x80 | c & 0x3F);
            } else {
                // a high surrogate ends a step only where its string ends (see string)
                if (!Character.isHighSurrogate(c) || i + 1 == count || !Character.isLowSurrogate(in[i + 1])) {
                    throw loneSurrogate(c);
                }
                int codePoint = Character.toCodePoint(c, in[++i]);
                out[at++] = (byte) (0xF0 | codePoint >> 18);
                out[at++] = (byte) (0x80 | codePoint >> 12 & 0x3F);
                out[at++] = (byte) (0x80 | codePoint >> 6 & 0x3F);
                out[at++] = (byte) (0x80 | codePoint & 0x3F);
            }
        }
        length = at;
    }

    private static IllegalArgumentException loneSurrogate(char c) {
        return new IllegalArgumentException("lone surrogate \\u" + Integer.toHexString(c) + " cannot be canonicalized (RFC 8785 3.2.2.2)");
    }

    private static int escape(char c, byte[] out, int at) {
        out[at++] = '\\';
        switch (c) {
            case '"' -> out[at++] = '"';
            case '\\' -> out[at++] = '\\';
            case '\b' -> out[at++] = 'b';
            case '\f' -> out[at++] = 'f';
            case '\n' -> out[at++] = 'n';
            case '\r' -> out[at++] = 'r';
            case '\t' -> out[at++] = 't';
            default -> {
                out[at++] = 'u';
                out[at++] = '0';
                out[at++] = '0';
                out[at++] = HEX[c >> 4];
                out[at++] = HEX[c & 0xF];
            }
        }
        return at;
    }

    private void room(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(length + more, bytes.length * 2));
        }
    }
}
