package dev.forkline.trace.bundle;

import dev.forkline.trace.columns.EventLines;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The event lines of a {@code trace.jsonl} on disk, read by position when asked for. The channel is opened on first use
 * and again after {@link #close()}, so a bundle closed after an import can still show an event later.
 */
final class FileEventLines implements EventLines, Closeable {

    private final Path file;
    private final String name;
    private final long[] offsets;
    private final int[] lengths;
    private final long[] lineNumbers;
    private FileChannel channel;

    FileEventLines(Path file, String name, long[] offsets, int[] lengths, long[] lineNumbers) {
        this.file = file;
        this.name = name;
        this.offsets = offsets;
        this.lengths = lengths;
        this.lineNumbers = lineNumbers;
    }

    @Override
    public int size() {
        return offsets.length;
    }

    @Override
    public byte[] line(int i) throws IOException {
        byte[] line = new byte[lengths[i]];
        ByteBuffer target = ByteBuffer.wrap(line);
        FileChannel open = channel();
        long position = offsets[i];
        while (target.hasRemaining()) {
            int read = open.read(target, position + target.position());
            if (read < 0) {
                throw new EOFException(name + " ends before line " + lineNumbers[i] + " (the file changed after it was read)");
            }
        }
        return line;
    }

    private synchronized FileChannel channel() throws IOException {
        if (channel == null || !channel.isOpen()) {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        }
        return channel;
    }

    @Override
    public String file() {
        return name;
    }

    @Override
    public long lineNumber(int i) {
        return lineNumbers[i];
    }

    @Override
    public synchronized void close() throws IOException {
        if (channel != null) {
            channel.close();
            channel = null;
        }
    }
}
