package dev.forkline.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a JSON-lines file line by line in constant memory (bounded by the longest allowed line), decoding UTF-8
 * strictly. A bad line (invalid UTF-8, longer than the limit) is reported as a {@link TraceFormatException} naming
 * file and line; the reader is then positioned at the next line, so callers whose format allows it can go on.
 */
public final class LineReader implements Closeable {

    public static final int DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

    private final InputStream in;
    private final String file;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[64 * 1024];
    private int bufferPos;
    private int bufferEnd;
    private byte[] line = new byte[8 * 1024];
    private long lineNumber;
    private boolean eof;

    public LineReader(InputStream in, String file) {
        this(in, file, DEFAULT_MAX_LINE_BYTES);
    }

    public LineReader(InputStream in, String file, int maxLineBytes) {
        this.in = in;
        this.file = file;
        this.maxLineBytes = maxLineBytes;
    }

    /** The 1-based number of the line last returned (or rejected). */
    public long lineNumber() {
        return lineNumber;
    }

    public String file() {
        return file;
    }

    /** The next line without its terminator, or null at the end of the input. */
    public String next() throws IOException, TraceFormatException {
        int length = nextBytes();
        return length < 0 ? null : new String(line, 0, length, StandardCharsets.UTF_8);
    }

    /**
     * Reads the next line without decoding it: its bytes, without the terminator and checked to be UTF-8, are the
     * first {@code n} of {@link #bytes()} until the next call, where {@code n} is what this returns; -1 at the end of
     * the input. For readers that parse the bytes themselves.
     */
    public int nextBytes() throws IOException, TraceFormatException {
        if (eof) {
            return -1;
        }
        int length = 0;
        boolean tooLong = false;
        boolean sawAnything = false;
        while (true) {
            if (bufferPos == bufferEnd) {
                bufferEnd = in.read(buffer);
                bufferPos = 0;
                if (bufferEnd <= 0) {
                    bufferEnd = 0;
                    eof = true;
                    if (!sawAnything) {
                        return -1;
                    }
                    break;
                }
            }
            sawAnything = true;
            int start = bufferPos;
            int newline = ByteWords.newlineIn(buffer, start, bufferEnd);
            int chunkEnd = newline >= 0 ? newline : bufferEnd;
            int chunk = chunkEnd - start;
            if (!tooLong) {
                if ((long) length + chunk > maxLineBytes) {
                    tooLong = true;
                } else {
                    ensureCapacity(length + chunk);
                    System.arraycopy(buffer, start, line, length, chunk);
                    length += chunk;
                }
            }
            bufferPos = newline >= 0 ? newline + 1 : bufferEnd;
            if (newline >= 0) {
                break;
            }
        }
        lineNumber++;
        if (tooLong) {
            throw new TraceFormatException(file, lineNumber, "line is longer than " + maxLineBytes + " bytes");
        }
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        if (!Utf8.isValid(line, 0, length)) {
            throw new TraceFormatException(file, lineNumber, "invalid UTF-8");
        }
        return length;
    }

    /** The buffer holding the line {@link #nextBytes} read last (longer than that line; overwritten by the next call). */
    public byte[] bytes() {
        return line;
    }

    private void ensureCapacity(int needed) {
        if (needed > line.length) {
            line = Arrays.copyOf(line, Math.max(needed, Math.min(maxLineBytes, line.length * 2)));
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
