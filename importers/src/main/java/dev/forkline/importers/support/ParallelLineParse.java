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
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
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
 * megabytes whatever the file's size. A second pass, which builds events from whole trees, pulls them the same way
 * ({@link Ahead}, behind {@link RecordStream#parsedAhead}).
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
        readUntil(stream, parsers, taker, () -> false, reading);
    }

    /**
     * As {@link #read}, ending once {@code enough} (asked before each line) says the lines taken hold all the pass
     * looks for; the blocks parsed ahead are dropped.
     */
    public static <T> void readUntil(RecordStream stream, Supplier<? extends Parser<? extends T>> parsers, Taker<? super T> taker,
                                     BooleanSupplier enough, BytesRead reading) throws IOException {
        BytesRead told = reading.growingOnly();
        try (Ahead<T> ahead = new Ahead<>(stream::nextUnparsed, stream::bytesRead, parsers)) {
            while (!enough.getAsBoolean() && ahead.advance()) {
                T parsed = ahead.parsed();
                if (parsed != null) {
                    taker.take(parsed, ahead.lineNumber());
                }
                told.read(ahead.readAfter());
            }
        }
    }

    /** The lines a pass reads, one at a time; null at the end. The returned lines are valid until the next call. */
    @FunctionalInterface
    interface LineSource {
        TextLines next() throws IOException;
    }

    /**
     * The lines of a source and their parses, pulled one at a time in file order while the parse threads parse the
     * blocks that follow: a line's bytes and parse stay as they are until {@link #advance} moves past its block.
     */
    static final class Ahead<T> implements AutoCloseable {
        private final LineSource lines;
        private final LongSupplier bytesRead;
        private final Supplier<? extends Parser<? extends T>> parsers;
        private final Deque<Future<Block>> inFlight = new ArrayDeque<>();
        private final Deque<Block> free = new ArrayDeque<>();
        private Block current;
        private int index;
        private boolean linesEnded;

        Ahead(LineSource lines, LongSupplier bytesRead, Supplier<? extends Parser<? extends T>> parsers) {
            this.lines = lines;
            this.bytesRead = bytesRead;
            this.parsers = parsers;
        }

        /** Moves to the next line, false at the end. */
        boolean advance() throws IOException {
            if (current != null && ++index < current.size) {
                return true;
            }
            if (current != null) {
                current.clear();
                free.add(current);
                current = null;
            }
            fill();
            if (inFlight.isEmpty()) {
                return false;
            }
            current = await(inFlight.poll());
            index = 0;
            return current.size > 0;
        }

        /** Reads lines into blocks and hands them to the parse threads until as many as may be are in flight. */
        private void fill() throws IOException {
            while (!linesEnded && inFlight.size() < IN_FLIGHT) {
                Block filling = free.isEmpty() ? new Block() : free.poll();
                for (TextLines line = lines.next(); ; line = lines.next()) {
                    if (line == null) {
                        linesEnded = true;
                        break;
                    }
                    filling.add(line, bytesRead.getAsLong());
                    if (filling.isFull()) {
                        break;
                    }
                }
                if (filling.size > 0) {
                    inFlight.add(parse(filling, parsers));
                }
            }
        }

        @SuppressWarnings("unchecked")
        T parsed() {
            return (T) current.parsed[index];
        }

        long lineNumber() {
            return current.lineNumbers[index];
        }

        /** How far the source had read when this line was read. */
        long readAfter() {
            return current.readAfter[index];
        }

        byte[] bytes() {
            return current.bytes;
        }

        int offset() {
            return current.offsets[index];
        }

        int length() {
            return current.lengths[index];
        }

        @Override
        public void close() {
            inFlight.forEach(left -> left.cancel(false));
            inFlight.clear();
        }
    }

    private static <T> Future<Block> parse(Block block, Supplier<? extends Parser<? extends T>> parsers) {
        return THREADS.submit(() -> {
            block.parse(parsers.get());
            return block;
        });
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
