package dev.forkline.live;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file of lines that only grows, each line forced to the device before {@link #append} returns. A process killed in
 * the middle of a write can leave a last line without its newline: it was never acknowledged, and the next append
 * first ends it, so that the torn line stays alone (a reader skips it as damaged) instead of spoiling the next one.
 */
public final class DurableLines {

    private DurableLines() {
    }

    /**
     * Appends {@code line} (which must not hold a newline) and a newline, durably. Callers serialise appends to one file.
     *
     * @return where the line lies in the file, its newline included (after the newline that ends a torn last line, if
     *         there was one)
     */
    public static Appended append(Path file, String line) throws IOException {
        if (line.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a line must not hold a newline");
        }
        Files.createDirectories(file.getParent());
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = channel.size();
            ByteBuffer buffer;
            if (size > 0 && !endsWithNewline(channel, size)) {
                buffer = ByteBuffer.allocate(bytes.length + 1).put((byte) '\n').put(bytes).flip();
            } else {
                buffer = ByteBuffer.wrap(bytes);
            }
            long at = size;
            while (buffer.hasRemaining()) {
                at += channel.write(buffer, at);
            }
            channel.force(false);
            return new Appended(at - bytes.length, at);
        }
    }

    /** Where an appended line lies: from {@code start} to {@code end} (exclusive, after its newline). */
    public record Appended(long start, long end) {
    }

    private static boolean endsWithNewline(FileChannel channel, long size) throws IOException {
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, size - 1);
        return last.get(0) == '\n';
    }
}
