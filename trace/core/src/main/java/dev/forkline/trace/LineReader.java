package dev.forkline.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
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
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
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
        if (eof) {
            return null;
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
                        return null;
                    }
                    break;
                }
            }
            sawAnything = true;
            int start = bufferPos;
            int newline = -1;
            for (int i = start; i < bufferEnd; i++) {
                if (buffer[i] == '\n') {
                    newline = i;
                    break;
                }
            }
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
        try {
            return decoder.decode(ByteBuffer.wrap(line, 0, length)).toString();
        } catch (CharacterCodingException e) {
            throw new TraceFormatException(file, lineNumber, "invalid UTF-8");
        }
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
