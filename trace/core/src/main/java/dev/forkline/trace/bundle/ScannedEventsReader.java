package dev.forkline.trace.bundle;

import dev.forkline.trace.ByteWords;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.LazyEventList;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Reads a large {@code trace.jsonl} into a bundle that does not hold its events: blocks of the file are scanned in
 * parallel ({@link EventLineScanner}, one thread per core) into {@link EventColumns} and line positions, and events
 * are parsed from the file when asked for ({@link LazyEventList}). What it accepts and the first error it reports
 * (file and line) are the same as reading the file line by line with the strict parser.
 */
final class ScannedEventsReader {

    static final int BLOCK_BYTES = 4 * 1024 * 1024;

    private final Path path;
    private final String file;
    private final int maxLineBytes;
    private final int blockBytes;
    private final EventBatchSink sink;
    private final ArrayDeque<CompletableFuture<Block>> ahead = new ArrayDeque<>();
    /** One scanning thread per core: the reading thread mostly waits for them. Daemon threads, kept for later reads. */
    private static final ExecutorService SCANNERS = Executors.newFixedThreadPool(
            Runtime.getRuntime().availableProcessors(), Thread.ofPlatform().name("forkline-trace-scan-", 1).daemon().factory());

    private final int window = 2 * Runtime.getRuntime().availableProcessors() + 1;

    private EventColumns.Builder columns;
    private long[] offsets = new long[1024];
    private int[] lengths = new int[1024];
    private long[] lineNumbers = new long[1024];
    private int count;
    private long linesBefore;

    private ScannedEventsReader(Path path, String file, int maxLineBytes, int blockBytes, EventBatchSink sink) {
        this.sink = sink;
        this.path = path;
        this.file = file;
        this.maxLineBytes = maxLineBytes;
        this.blockBytes = blockBytes;
    }

    static LazyEventList read(Path eventsFile, String file) throws IOException, TraceFormatException {
        return read(eventsFile, file, LineReader.DEFAULT_MAX_LINE_BYTES, BLOCK_BYTES, null);
    }

    /** As {@link #read(Path, String)}, handing each block's events to {@code sink} (null for none) once they are checked. */
    static LazyEventList read(Path eventsFile, String file, EventBatchSink sink) throws IOException, TraceFormatException {
        return read(eventsFile, file, LineReader.DEFAULT_MAX_LINE_BYTES, BLOCK_BYTES, sink);
    }

    /** With the limits given (tests use small ones to cross block boundaries). */
    static LazyEventList read(Path eventsFile, String file, int maxLineBytes, int blockBytes) throws IOException, TraceFormatException {
        return read(eventsFile, file, maxLineBytes, blockBytes, null);
    }

    static LazyEventList read(Path eventsFile, String file, int maxLineBytes, int blockBytes, EventBatchSink sink)
            throws IOException, TraceFormatException {
        return new ScannedEventsReader(eventsFile, file, maxLineBytes, blockBytes, sink).run();
    }

    private LazyEventList run() throws IOException, TraceFormatException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            columns = new EventColumns.Builder((int) Math.min(Integer.MAX_VALUE - 16, channel.size() / 400));
            byte[] carry = new byte[0];
            long carryStart = 0;
            long position = 0;
            boolean end = false;
            while (!end) {
                byte[] block = Arrays.copyOf(carry, carry.length + blockBytes);
                int filled = carry.length;
                ByteBuffer target = ByteBuffer.wrap(block, filled, blockBytes);
                while (target.hasRemaining()) {
                    int read = channel.read(target, position);
                    if (read < 0) {
                        end = true;
                        break;
                    }
                    position += read;
                }
                filled = target.position();
                int cut = end ? filled : lastNewline(block, filled) + 1;
                if (cut == 0 && !end) {
                    if (filled > maxLineBytes) {
                        drain();
                        throw new TraceFormatException(file, linesBefore + 1, "line is longer than " + maxLineBytes + " bytes");
                    }
                    carry = Arrays.copyOf(block, filled);
                    continue;
                }
                submit(block, cut, carryStart);
                carry = Arrays.copyOfRange(block, cut, filled);
                carryStart += cut;
            }
            drain();
        } catch (CompletionException e) {
            throw unwrap(e);
        } finally {
            ahead.forEach(block -> block.cancel(false));
        }
        EventColumns built = columns.build();
        FileEventLines lines = new FileEventLines(path, file, Arrays.copyOf(offsets, count), Arrays.copyOf(lengths, count),
                Arrays.copyOf(lineNumbers, count));
        return new LazyEventList(built, lines);
    }

    /** The block's events as a batch: their lines where they lie in the block, numbered in the whole file. */
    private EventBatch batchOf(Block block, int first) {
        int[] starts = new int[block.count];
        long[] numbers = new long[block.count];
        for (int k = 0; k < block.count; k++) {
            starts[k] = (int) (block.offsets[k] - block.fileOffset);
            numbers[k] = linesBefore + block.lineNumbers[k];
        }
        return new EventBatch(first, block.columns, block.bytes, block.fileOffset, starts, block.lengths, numbers);
    }

    private static int lastNewline(byte[] block, int filled) {
        for (int i = filled - 1; i >= 0; i--) {
            if (block[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void submit(byte[] block, int length, long fileOffset) throws IOException, TraceFormatException {
        if (ahead.size() >= window) {
            merge(join(ahead.poll()));
        }
        ahead.add(CompletableFuture.supplyAsync(() -> Block.scan(block, length, fileOffset, file, maxLineBytes), SCANNERS));
    }

    private void drain() throws IOException, TraceFormatException {
        while (!ahead.isEmpty()) {
            merge(join(ahead.poll()));
        }
    }

    private static Block join(CompletableFuture<Block> block) {
        return block.join();
    }

    private void merge(Block block) throws IOException, TraceFormatException {
        int first = count;
        for (int k = 0; k < block.count; k++) {
            if (count == offsets.length) {
                int grown = count + (count >> 1);
                offsets = Arrays.copyOf(offsets, grown);
                lengths = Arrays.copyOf(lengths, grown);
                lineNumbers = Arrays.copyOf(lineNumbers, grown);
            }
            offsets[count] = block.offsets[k];
            lengths[count] = block.lengths[k];
            lineNumbers[count] = linesBefore + block.lineNumbers[k];
            count++;
        }
        columns.append(block.columns);
        if (block.failure != null) {
            TraceFormatException failure = block.failure;
            throw new TraceFormatException(file, linesBefore + failure.line(), failure.detail(), failure.getCause());
        }
        if (sink != null && block.count > 0) {
            sink.accept(batchOf(block, first));
        }
        linesBefore += block.lines;
    }

    private static RuntimeException unwrap(CompletionException e) {
        if (e.getCause() instanceof RuntimeException runtime) {
            return runtime;
        }
        if (e.getCause() instanceof Error error) {
            throw error;
        }
        return e;
    }

    /** One block of whole lines, scanned: its events up to the first bad line, which is kept as the failure. */
    private static final class Block {
        final EventColumns.Builder rows;
        byte[] bytes;
        long fileOffset;
        EventColumns columns;
        long[] offsets;
        int[] lengths;
        long[] lineNumbers;
        int count;
        long lines;
        TraceFormatException failure;

        private Block(int capacity) {
            rows = new EventColumns.Builder(capacity);
        }

        static Block scan(byte[] bytes, int length, long fileOffset, String file, int maxLineBytes) {
            int capacity = Math.max(16, length / 512);
            Block block = new Block(capacity);
            block.bytes = bytes;
            block.fileOffset = fileOffset;
            block.offsets = new long[capacity];
            block.lengths = new int[capacity];
            block.lineNumbers = new long[capacity];
            int start = 0;
            while (start < length) {
                int newline = ByteWords.newlineIn(bytes, start, length);
                int end = newline < 0 ? length : newline;
                block.lines++;
                int lineEnd = end > start && bytes[end - 1] == '\r' ? end - 1 : end;
                try {
                    if (end - start > maxLineBytes) {
                        throw new TraceFormatException(file, block.lines, "line is longer than " + maxLineBytes + " bytes");
                    }
                    if (!isBlank(bytes, start, lineEnd)) {
                        EventLineScanner.Scanned scanned = EventLineScanner.scan(bytes, start, lineEnd - start, file, block.lines);
                        block.add(scanned, fileOffset + start, lineEnd - start, block.lines);
                    }
                } catch (TraceFormatException e) {
                    block.failure = e;
                    break;
                }
                start = end + 1;
            }
            block.columns = block.rows.buildPart();
            return block;
        }

        private void add(EventLineScanner.Scanned event, long offset, int length, long line) {
            rows.add(event.event(), event.blobNames());
            if (count == offsets.length) {
                int grown = count * 2;
                offsets = Arrays.copyOf(offsets, grown);
                lengths = Arrays.copyOf(lengths, grown);
                lineNumbers = Arrays.copyOf(lineNumbers, grown);
            }
            offsets[count] = offset;
            lengths[count] = length;
            lineNumbers[count] = line;
            count++;
        }


        /** As {@link String#isBlank()} of the decoded line, which is how the line-by-line reader skips lines. */
        private static boolean isBlank(byte[] bytes, int from, int to) {
            for (int i = from; i < to; i++) {
                byte b = bytes[i];
                if (b < 0) {
                    return new String(bytes, from, to - from, java.nio.charset.StandardCharsets.UTF_8).isBlank();
                }
                if (!Character.isWhitespace(b)) {
                    return false;
                }
            }
            return true;
        }
    }
}
