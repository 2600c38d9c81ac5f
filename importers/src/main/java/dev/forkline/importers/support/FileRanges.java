package dev.forkline.importers.support;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads byte ranges of a file again, by position: the parts of one large document (an OTLP span, a Langfuse
 * observation) that a first pass streamed past and an import reads again when it writes their events, so that it never
 * holds the whole document. The file must not change under a range read (a growing log only gains bytes after it).
 */
public final class FileRanges implements Closeable {

    /** Ranges up to this size are read into one reused buffer (what is made of them keeps none of its bytes). */
    private static final int REUSED_MAX = 1 << 20;

    private final Path file;
    private final String part;
    private FileChannel channel;
    private ByteBuffer reused = ByteBuffer.allocate(1 << 16);

    /** @param part what a range holds, for messages ("a span") */
    public FileRanges(Path file, String part) {
        this.file = file;
        this.part = part;
    }

    /**
     * The {@code length} bytes at {@code from}, from the buffer's position 0 to its limit; valid until the next read.
     *
     * @throws IOException naming the file when it cannot be read or has become shorter
     */
    public ByteBuffer read(long from, int length) throws IOException {
        if (channel == null) {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        }
        if (length <= REUSED_MAX && reused.capacity() < length) {
            reused = ByteBuffer.allocate(Math.min(REUSED_MAX, Math.max(length, reused.capacity() * 2)));
        }
        ByteBuffer buffer = length <= REUSED_MAX ? reused.clear().limit(length) : ByteBuffer.allocate(length);
        long at = from;
        while (buffer.hasRemaining()) {
            int read = channel.read(buffer, at);
            if (read < 0) {
                throw new IOException(file + " is shorter than when it was read (" + part + " at byte " + from + ")");
            }
            at += read;
        }
        return buffer.flip();
    }

    /** Closes the file; a later read opens it again. */
    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
            channel = null;
        }
    }
}
