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
    /**
     * The most one read covers when neighbouring lines are asked for together: a few hundred typical lines, and under
     * half of G1's smallest region, so that the buffer is not a humongous object. Each of those starts a concurrent
     * mark of the whole heap once it is full enough: a sweep reading 1.6 MB at a time kept G1 marking a 1 GB heap.
     */
    private static final int MAX_SPAN = 256 * 1024;

    private volatile FileChannel channel;

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
        read(line, offsets[i], i);
        return line;
    }

    /**
     * Events asked for in file order are read a span at a time: one read covers as many of them as fit in
     * {@link #MAX_SPAN}, the lines between them included.
     */
    @Override
    public byte[][] lines(int[] indexes) throws IOException {
        byte[][] lines = new byte[indexes.length][];
        int k = 0;
        while (k < indexes.length) {
            int first = indexes[k];
            int end = k + 1;
            while (end < indexes.length && indexes[end] > indexes[end - 1]
                    && offsets[indexes[end]] >= offsets[indexes[end - 1]] + lengths[indexes[end - 1]]
                    && offsets[indexes[end]] + lengths[indexes[end]] - offsets[first] <= MAX_SPAN) {
                end++;
            }
            int last = indexes[end - 1];
            byte[] span = new byte[Math.toIntExact(offsets[last] + lengths[last] - offsets[first])];
            read(span, offsets[first], last);
            for (int j = k; j < end; j++) {
                int from = (int) (offsets[indexes[j]] - offsets[first]);
                lines[j] = java.util.Arrays.copyOfRange(span, from, from + lengths[indexes[j]]);
            }
            k = end;
        }
        return lines;
    }

    private void read(byte[] into, long position, int lastEvent) throws IOException {
        ByteBuffer target = ByteBuffer.wrap(into);
        FileChannel open = channel();
        while (target.hasRemaining()) {
            int read = open.read(target, position + target.position());
            if (read < 0) {
                throw new EOFException(name + " ends before line " + lineNumbers[lastEvent] + " (the file changed after it was read)");
            }
        }
    }

    private FileChannel channel() throws IOException {
        FileChannel open = channel;
        if (open != null && open.isOpen()) {
            return open;
        }
        synchronized (this) {
            if (channel == null || !channel.isOpen()) {
                channel = FileChannel.open(file, StandardOpenOption.READ);
            }
            return channel;
        }
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
