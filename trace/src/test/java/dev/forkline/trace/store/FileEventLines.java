package dev.forkline.trace.store;

import dev.forkline.trace.columns.EventLines;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/** The lines of a {@code trace.jsonl}, found once by a scan and read with positional reads: a lazy bundle's lines in tests. */
final class FileEventLines implements EventLines, AutoCloseable {

    private final Path file;
    private final FileChannel channel;
    private final long[] starts;
    private final int[] lengths;

    private FileEventLines(Path file, FileChannel channel, long[] starts, int[] lengths) {
        this.file = file;
        this.channel = channel;
        this.starts = starts;
        this.lengths = lengths;
    }

    static FileEventLines open(Path file) throws IOException {
        long[] starts = new long[1024];
        int[] lengths = new int[1024];
        int count = 0;
        byte[] all = Files.readAllBytes(file);
        int start = 0;
        for (int i = 0; i <= all.length; i++) {
            if (i == all.length || all[i] == '\n') {
                if (i > start) {
                    if (count == starts.length) {
                        starts = Arrays.copyOf(starts, count * 2);
                        lengths = Arrays.copyOf(lengths, count * 2);
                    }
                    starts[count] = start;
                    lengths[count++] = i - start;
                }
                start = i + 1;
            }
        }
        return new FileEventLines(file, FileChannel.open(file, StandardOpenOption.READ), Arrays.copyOf(starts, count),
                Arrays.copyOf(lengths, count));
    }

    @Override
    public int size() {
        return lengths.length;
    }

    @Override
    public byte[] line(int i) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(lengths[i]);
        long at = starts[i];
        while (buffer.hasRemaining()) {
            int read = channel.read(buffer, at);
            if (read < 0) {
                throw new EOFException(file + " ends before line " + (i + 1));
            }
            at += read;
        }
        return buffer.array();
    }

    @Override
    public String file() {
        return file.toString();
    }

    @Override
    public long lineNumber(int i) {
        return i + 1L;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
