package dev.forkline.importers.support;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A stream's first {@code limit} bytes ({@link Long#MAX_VALUE}: all of them), counted: reading ends after them,
 * whatever follows, and {@link #count()} says how many were read so far.
 */
public final class CountedInput extends FilterInputStream {

    private final long limit;
    private long count;

    public CountedInput(InputStream in, long limit) {
        super(in);
        this.limit = limit;
    }

    /** How many bytes were read (or skipped) so far. */
    public long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (count >= limit) {
            return length == 0 ? 0 : -1;
        }
        int n = in.read(into, offset, (int) Math.min(length, limit - count));
        if (n > 0) {
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = in.skip(Math.min(n, limit - count));
        count += skipped;
        return skipped;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(in.available(), limit - count);
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
