package dev.forkline.importers;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.LazyEventList;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * The events an import appends, with bounded memory: held as objects up to {@link #IN_MEMORY_LIMIT}, then each
 * written as its canonical line to a temporary file and kept only as a row of {@link EventColumns}. {@link #finished()}
 * hands them out as they are (a small import) or as a {@link LazyEventList} over that file, which parses an event when
 * it is looked at, as {@code BundleReader} does for a large bundle. The file is deleted when the list is no longer
 * reachable, at the latest when the program exits.
 */
final class SpilledEvents extends AbstractList<Event> implements RandomAccess {

    /** Events held as objects before they go to the file: small imports (every sample) never touch the disk. */
    static final int IN_MEMORY_LIMIT = 50_000;

    private static final Cleaner CLEANER = Cleaner.create();

    private final String source;
    private final int inMemoryLimit;
    private List<Event> memory = new ArrayList<>();
    private SpillFile spill;
    private EventColumns.Builder columns;
    private Event first;
    private Event last;
    private int size;

    SpilledEvents(String source) {
        this(source, IN_MEMORY_LIMIT);
    }

    SpilledEvents(String source, int inMemoryLimit) {
        this.source = source;
        this.inMemoryLimit = inMemoryLimit;
    }

    @Override
    public boolean add(Event event) {
        if (size == 0) {
            first = event;
        }
        last = event;
        size++;
        if (spill == null) {
            memory.add(event);
            if (memory.size() > inMemoryLimit) {
                spillAll();
            }
        } else {
            spill.write(event);
            columns.add(event);
        }
        return true;
    }

    private void spillAll() {
        spill = SpillFile.create(source);
        columns = new EventColumns.Builder(inMemoryLimit * 4);
        for (Event event : memory) {
            spill.write(event);
            columns.add(event);
        }
        memory = null;
    }

    @Override
    public Event get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        if (spill == null) {
            return memory.get(index);
        }
        if (index == size - 1) {
            return last;
        }
        return index == 0 ? first : spill.read(index);
    }

    @Override
    public int size() {
        return size;
    }

    /** Whether the events went to a file. */
    boolean spilled() {
        return spill != null;
    }

    /** The events, all appended: this list's objects, or a lazy list over the file (which then takes no more events). */
    List<Event> finished() {
        if (spill == null) {
            return memory;
        }
        spill.finish();
        return new LazyEventList(columns.build(), spill);
    }

    /** The temporary file of lines, with where each line lies. */
    private static final class SpillFile implements EventLines, Closeable {
        private final Path path;
        private final String source;
        private final OutputStream out;
        private long[] offsets = new long[1024];
        private int[] lengths = new int[1024];
        private int count;
        private long written;
        private boolean finished;
        private FileChannel channel;

        private SpillFile(Path path, String source) throws IOException {
            this.path = path;
            this.source = source;
            this.out = new BufferedOutputStream(Files.newOutputStream(path, StandardOpenOption.WRITE), 1 << 16);
        }

        static SpillFile create(String source) {
            try {
                Path path = Files.createTempFile("forkline-import-", ".jsonl");
                path.toFile().deleteOnExit();
                SpillFile file = new SpillFile(path, source);
                CLEANER.register(file, new Deletion(path));
                return file;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create a temporary file for the import's events: " + e.getMessage(), e);
            }
        }

        /** Deletes the file once its {@link SpillFile} is unreachable (holds no reference to it). */
        private record Deletion(Path path) implements Runnable {
            @Override
            public void run() {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException ignored) {
                    // deleteOnExit tries again
                }
            }
        }

        void write(Event event) {
            byte[] line = EventCodec.toLine(event).getBytes(StandardCharsets.UTF_8);
            if (count == offsets.length) {
                offsets = Arrays.copyOf(offsets, count * 2);
                lengths = Arrays.copyOf(lengths, count * 2);
            }
            offsets[count] = written;
            lengths[count] = line.length;
            count++;
            try {
                out.write(line);
                out.write('\n');
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the import's events to " + path + ": " + e.getMessage(), e);
            }
            written += line.length + 1L;
        }

        synchronized void finish() {
            if (!finished) {
                finished = true;
                flush();
                offsets = Arrays.copyOf(offsets, count);
                lengths = Arrays.copyOf(lengths, count);
            }
        }

        private void flush() {
            try {
                out.flush();
                if (finished) {
                    out.close();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the import's events to " + path + ": " + e.getMessage(), e);
            }
        }

        /** An event appended earlier, while the import still appends (rare: importers look back at the first or last). */
        synchronized Event read(int index) {
            if (!finished) {
                flush();
            }
            try {
                return EventCodec.parseLine(new String(line(index), StandardCharsets.UTF_8), path.toString(), index + 1L);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read back event " + (index + 1) + " from " + path + ": " + e.getMessage(), e);
            } catch (TraceFormatException e) {
                throw new IllegalStateException("event " + (index + 1) + " written to " + path + " does not read back: " + e.getMessage(), e);
            }
        }

        @Override
        public int size() {
            return count;
        }

        @Override
        public byte[] line(int i) throws IOException {
            byte[] line = new byte[lengths[i]];
            ByteBuffer buffer = ByteBuffer.wrap(line);
            FileChannel open = channel();
            long position = offsets[i];
            while (buffer.hasRemaining()) {
                int read = open.read(buffer, position + buffer.position());
                if (read < 0) {
                    throw new EOFException(path + " ends before event " + (i + 1));
                }
            }
            return line;
        }

        private synchronized FileChannel channel() throws IOException {
            if (channel == null || !channel.isOpen()) {
                channel = FileChannel.open(path, StandardOpenOption.READ);
            }
            return channel;
        }

        @Override
        public String file() {
            return path + " (the events read from " + source + ")";
        }

        @Override
        public long lineNumber(int i) {
            return i + 1L;
        }

        @Override
        public synchronized void close() throws IOException {
            if (channel != null) {
                channel.close();
                channel = null;
            }
        }
    }
}
