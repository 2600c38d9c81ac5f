package dev.forkline.trace.bundle;

import dev.forkline.trace.ByteWords;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.PlainJson;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Where strings of the form of a blob name stand in a line's raw bytes, found before the line is parsed. For a line
 * that is {@linkplain PlainJson#isPlain plain} a string {@code "sha256:<64 hex>"} appears verbatim, so finding it in
 * the bytes finds it in the parsed text.
 */
final class RawLineFacts {

    private static final byte[] PREFIX = "\"sha256:".getBytes(StandardCharsets.US_ASCII);
    private static final int HEX = 64;

    private RawLineFacts() {
    }

    private static final long QUOTES = ByteWords.repeated('"');
    /** {@code "sha256:} as the little-endian long of its 8 bytes. */
    private static final long QUOTED_PREFIX = ByteWords.at(PREFIX, 0);

    /**
     * The blob-name strings (values only, not member names) between {@code from} and {@code to} of a line that
     * {@link PlainJson#isPlain} accepted and that parsed as JSON, in order. In valid JSON a quote followed by
     * {@code sha256:} opens a string unless a backslash escapes it.
     */
    static List<String> blobNameValues(byte[] buffer, int from, int to) {
        List<String> names = List.of();
        int last = to - (PREFIX.length + HEX + 1);
        int i = from;
        while (i <= last) {
            if (ByteWords.matches(ByteWords.at(buffer, i), QUOTES) == 0) {
                i += 8;
                continue;
            }
            int stop = Math.min(i + 8, last + 1);
            for (; i < stop; i++) {
                if (buffer[i] == '"' && ByteWords.at(buffer, i) == QUOTED_PREFIX && (i == from || buffer[i - 1] != '\\')
                        && startsBlobName(buffer, i, to)) {
                    int close = i + PREFIX.length + HEX;
                    if (!isMemberName(buffer, close + 1, to)) {
                        if (names.isEmpty()) {
                            names = new ArrayList<>(2);
                        }
                        names.add(new String(buffer, i + 1, close - i - 1, StandardCharsets.US_ASCII));
                    }
                    i = close + 1;
                    break;
                }
            }
        }
        return names;
    }

    private static boolean startsBlobName(byte[] buffer, int quote, int end) {
        int close = quote + PREFIX.length + HEX;
        return close < end && buffer[close] == '"' && Hashes.isLowerHex(buffer, quote + PREFIX.length, close);
    }

    private static boolean isMemberName(byte[] buffer, int from, int end) {
        for (int i = from; i < end; i++) {
            byte b = buffer[i];
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return b == ':';
            }
        }
        return false;
    }
}
