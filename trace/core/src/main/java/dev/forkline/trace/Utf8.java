package dev.forkline.trace;

/**
 * Whether bytes are well-formed UTF-8, by the rules of a strict decoder ({@code CodingErrorAction.REPORT}): no
 * stray continuation bytes, no overlong forms, no encoded surrogates, nothing above U+10FFFF, no sequence cut off. It
 * checks without decoding, so a line can then be decoded without checks or parsed from its bytes.
 */
public final class Utf8 {

    private Utf8() {
    }

    public static boolean isValid(byte[] bytes, int offset, int length) {
        int end = offset + length;
        int i = offset;
        while (i < end) {
            if (i + Long.BYTES <= end && (ByteWords.at(bytes, i) & ByteWords.HIGH_BITS) == 0) {
                i += Long.BYTES; // eight ASCII bytes: most of every trace's text
                continue;
            }
            int b = bytes[i];
            if (b >= 0) {
                i++;
                continue;
            }
            b &= 0xff;
            if (b < 0xC2 || b > 0xF4) {
                return false;
            }
            if (b < 0xE0) {
                if (i + 1 >= end || !continuation(bytes[i + 1])) {
                    return false;
                }
                i += 2;
            } else if (b < 0xF0) {
                if (i + 2 >= end) {
                    return false;
                }
                int second = bytes[i + 1] & 0xff;
                boolean secondOk = switch (b) {
                    case 0xE0 -> second >= 0xA0 && second <= 0xBF; // shorter forms are overlong
                    case 0xED -> second >= 0x80 && second <= 0x9F; // higher ones encode surrogates
                    default -> continuation(bytes[i + 1]);
                };
                if (!secondOk || !continuation(bytes[i + 2])) {
                    return false;
                }
                i += 3;
            } else {
                if (i + 3 >= end) {
                    return false;
                }
                int second = bytes[i + 1] & 0xff;
                boolean secondOk = switch (b) {
                    case 0xF0 -> second >= 0x90 && second <= 0xBF; // shorter forms are overlong
                    case 0xF4 -> second >= 0x80 && second <= 0x8F; // higher ones lie above U+10FFFF
                    default -> continuation(bytes[i + 1]);
                };
                if (!secondOk || !continuation(bytes[i + 2]) || !continuation(bytes[i + 3])) {
                    return false;
                }
                i += 4;
            }
        }
        return true;
    }

    private static boolean continuation(byte b) {
        return (b & 0xC0) == 0x80;
    }
}
