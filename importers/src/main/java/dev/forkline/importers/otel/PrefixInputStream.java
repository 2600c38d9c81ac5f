package dev.forkline.importers.otel;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** The first bytes of a stream: reading ends after {@code length} bytes, whatever follows them. */
final class PrefixInputStream extends FilterInputStream {

    private long left;

    PrefixInputStream(InputStream in, long length) {
        super(in);
        this.left = length;
    }

    @Override
    public int read() throws IOException {
        if (left <= 0) {
            return -1;
        }
        int b = super.read();
        if (b >= 0) {
            left--;
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int count) throws IOException {
        if (left <= 0) {
            return count == 0 ? 0 : -1;
        }
        int read = super.read(buffer, offset, (int) Math.min(count, left));
        if (read > 0) {
            left -= read;
        }
        return read;
    }

    @Override
    public long skip(long count) throws IOException {
        long skipped = super.skip(Math.min(count, left));
        left -= skipped;
        return skipped;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(super.available(), left);
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
