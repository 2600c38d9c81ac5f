package dev.forkline.importers.support;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * A first pass over a JSON-lines file with its lines parsed on every core and taken in file order on the calling
 * thread. A first pass reads each line with a token parser for a few facts and gathers them in an order that matters
 * (the first id, the last line of each response); the parsing is nearly all of its time and needs nothing from the
 * lines before, the gathering is light. While the first pass ran alone, the import used one core of several.
 *
 * <p>The calling thread reads the lines and copies them into blocks, which the parse threads (a shared pool of daemon
 * threads, {@code forkline-import-parse-<n>}) parse a whole block at a time; the calling thread then hands each block's
 * results to the taker in the order of the lines. A bounded number of blocks is in flight, so memory stays a few
 * megabytes whatever the file's size.
 */
public final class ParallelLineParse {

    /** Parses one line's UTF-8 bytes; runs on a parse thread, one block (and one parser) per thread at a time. */
    @FunctionalInterface
    public interface Parser<T> {
        /**
         * The line's parse, or null when there is nothing to take from it. A parse may keep a reference to the bytes,
         * which stay as they are until the taker returns from it.
         */
        T parse(byte[] bytes, int offset, int length, long lineNumber);
    }

    /** Takes each line's parse in file order, on the thread that called {@link #read}. */
    @FunctionalInterface
    public interface Taker<T> {
        void take(T parsed, long lineNumber) throws IOException;
    }

    /** A block is handed to a parse thread once it holds this many bytes (or {@link #BLOCK_LINES} lines). */
    static final int BLOCK_BYTES = 256 * 1024;
    static final int BLOCK_LINES = 1024;
    private static final int PARSE_THREADS = Math.max(1, Runtime.getRuntime().availableProcessors());
    /** Blocks parsed or waiting to be: enough to keep every parse thread busy while the taker works through one. */
    private static final int IN_FLIGHT = 2 * PARSE_THREADS + 1;

    private static final ExecutorService THREADS = Executors.newFixedThreadPool(PARSE_THREADS,
            Thread.ofPlatform().daemon().name("forkline-import-parse-", 0).factory());

    private ParallelLineParse() {
    }

    /**
     * Reads every line left in {@code stream}, each block parsed by a parser from {@code parsers} (one per block, so a
     * parser need not be safe for threads), and hands the parses that are not null to {@code taker} in file order.
     * {@code reading} hears how far the stream had read each time that grew, once the lines read until then were taken.
     *
     * @throws IOException what reading the stream or the taker threw; a parser's unchecked exception is thrown as it was
     */
    public static <T> void read(RecordStream stream, Supplier<? extends Parser<? extends T>> parsers, Taker<? super T> taker,
                                BytesRead reading) throws IOException {
        Deque<Future<Block>> inFlight = new ArrayDeque<>();
        Deque<Block> free = new ArrayDeque<>();
        Reported reported = new Reported(reading);
        try {
            Block filling = new Block();
            for (TextLines line = stream.nextUnparsed(); line != null; line = stream.nextUnparsed()) {
                filling.add(line, stream.bytesRead());
                if (filling.isFull()) {
                    inFlight.add(parse(filling, parsers));
                    filling = free.isEmpty() ? new Block() : free.poll();
                    if (inFlight.size() == IN_FLIGHT) {
                        free.add(take(inFlight.poll(), taker, reported));
                    }
                }
            }
            if (filling.size > 0) {
                inFlight.add(parse(filling, parsers));
            }
            while (!inFlight.isEmpty()) {
                take(inFlight.poll(), taker, reported);
            }
        } finally {
            inFlight.forEach(left -> left.cancel(false));
        }
    }

    private static <T> Future<Block> parse(Block block, Supplier<? extends Parser<? extends T>> parsers) {
        return THREADS.submit(() -> {
            block.parse(parsers.get());
            return block;
        });
    }

    @SuppressWarnings("unchecked")
    private static <T> Block take(Future<Block> parsing, Taker<? super T> taker, Reported reported) throws IOException {
        Block block = await(parsing);
        for (int i = 0; i < block.size; i++) {
            Object parsed = block.parsed[i];
            if (parsed != null) {
                taker.take((T) parsed, block.lineNumbers[i]);
            }
            reported.readTo(block.readAfter[i]);
        }
        block.clear();
        return block;
    }

    private static Block await(Future<Block> parsing) throws IOException {
        try {
            return parsing.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the lines were parsed");
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case RuntimeException unchecked -> throw unchecked;
                case Error error -> throw error;
                default -> throw new UncheckedIOException(new IOException("parsing the lines failed", e.getCause()));
            }
        }
    }

    /** Tells {@link BytesRead} each time the stream's count grew, as a pass reading line by line does. */
    private static final class Reported {
        private final BytesRead reading;
        private long told;

        Reported(BytesRead reading) {
            this.reading = reading;
        }

        void readTo(long bytes) throws IOException {
            if (bytes != told) {
                told = bytes;
                reading.read(bytes);
            }
        }
    }

    /** Lines copied out of the stream's buffer, with their parses once a parse thread made them. */
    private static final class Block {
        private byte[] bytes = new byte[BLOCK_BYTES + 8 * 1024];
        private int used;
        private int size;
        private final int[] offsets = new int[BLOCK_LINES];
        private final int[] lengths = new int[BLOCK_LINES];
        private final long[] lineNumbers = new long[BLOCK_LINES];
        /** How far the stream had read when each line was read. */
        private final long[] readAfter = new long[BLOCK_LINES];
        private final Object[] parsed = new Object[BLOCK_LINES];

        void add(TextLines line, long bytesRead) {
            if (used + line.length() > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(used + line.length(), bytes.length * 2));
            }
            System.arraycopy(line.bytes(), line.offset(), bytes, used, line.length());
            offsets[size] = used;
            lengths[size] = line.length();
            readAfter[size] = bytesRead;
            lineNumbers[size++] = line.lineNumber();
            used += line.length();
        }

        boolean isFull() {
            return used >= BLOCK_BYTES || size == BLOCK_LINES;
        }

        void parse(Parser<?> parser) {
            for (int i = 0; i < size; i++) {
                parsed[i] = parser.parse(bytes, offsets[i], lengths[i], lineNumbers[i]);
            }
        }

        void clear() {
            Arrays.fill(parsed, 0, size, null);
            if (bytes.length > 4 * BLOCK_BYTES) {
                bytes = new byte[BLOCK_BYTES + 8 * 1024]; // one huge line does not stay in memory
            }
            used = 0;
            size = 0;
        }
    }
}
