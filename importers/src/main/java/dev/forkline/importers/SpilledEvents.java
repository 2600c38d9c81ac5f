package dev.forkline.importers;

import dev.forkline.trace.CanonicalEvent;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.HeldEventList;
import dev.forkline.trace.columns.KnownRun;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.payload.SessionEndData;
import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The events an import appends, with bounded memory: held as objects with their canonical lines up to
 * {@link #IN_MEMORY_LIMIT} events or {@link #IN_MEMORY_BYTES} of lines, whichever comes first, then each kept only as a
 * row of {@link EventColumns}, its canonical line written to a temporary file, or not at all where the store the events
 * are handed to writes them while they are read and gives their lines back ({@link #linesKeptElsewhere}). {@link #finished} hands them out as they are (a small import: a
 * {@link HeldEventList}, whose lines the store takes as they are) or as a {@link LazyEventList} over that file or those
 * lines, which parses an event when it is looked at, as {@code BundleReader} does for a large bundle. The file is gone
 * from its folder from the moment it is created (see {@link SpillFile}), so no import, however it ends, leaves one
 * behind. Appending is for the one thread that imports; the finished list may be read from any thread.
 */
final class SpilledEvents extends AbstractList<Event> implements RandomAccess {

    /** Events held as objects before they go to the file: small imports (every sample) never touch the disk. */
    static final int IN_MEMORY_LIMIT = 50_000;
    /**
     * Bytes of canonical lines held as objects before the events go to the file: events of a few hundred bytes reach
     * the count first, those of formats that repeat whole conversations in every model call (an Inspect sample's
     * model events, tens of kilobytes each) this, whose trees would otherwise fill a 1 GB heap.
     */
    static final long IN_MEMORY_BYTES = 32L << 20;

    private final String source;
    private final int inMemoryLimit;
    private final long inMemoryBytes;
    private final Path directory;
    private List<CanonicalEvent.Hashed> memory = new ArrayList<>();
    private long heldBytes;
    private SpillFile spill;
    /** Whether the lines of events beyond the limit are kept by whoever the events were handed to, not in a file. */
    private boolean keptElsewhere;
    private boolean pastLimit;
    private EventColumns.Builder columns;
    /** Whether the column rows come in parts ({@link #addColumns}) instead of being made here from each event. */
    private boolean columnsInParts;
    private EventColumns finishedColumns;
    private Event first;
    private Event last;
    /**
     * The outcome of each run's last session.end appended, as the finished lazy list knows it: indexing the events for
     * the import's checks then reads no chunk per run (a trace of thousands of runs).
     */
    private final Map<String, KnownRun> ends = new HashMap<>();
    private int size;
    private boolean finished;

    SpilledEvents(String source) {
        this(source, IN_MEMORY_LIMIT, IN_MEMORY_BYTES, null);
    }

    /** Events beyond {@code inMemoryLimit} go to a file in {@code directory} (the system's temporary folder when null). */
    SpilledEvents(String source, int inMemoryLimit, Path directory) {
        this(source, inMemoryLimit, IN_MEMORY_BYTES, directory);
    }

    /** As {@link #SpilledEvents(String, int, Path)}, the events going to the file beyond {@code inMemoryBytes} of lines too. */
    SpilledEvents(String source, int inMemoryLimit, long inMemoryBytes, Path directory) {
        this.source = source;
        this.inMemoryLimit = inMemoryLimit;
        this.inMemoryBytes = inMemoryBytes;
        this.directory = directory;
    }

    /**
     * Events beyond the in-memory limit are not written to a file: their lines are kept by the store the events are
     * handed to while they are read, and {@link #finished} reads them back from it. Before that, only the first and
     * the last event appended can be looked at.
     */
    void linesKeptElsewhere() {
        if (!columnsInParts) {
            throw new IllegalStateException("lines are kept elsewhere only for events handed on as they are appended");
        }
        keptElsewhere = true;
    }

    /** Appends an event with the canonical line it was hashed as, which is what is stored. */
    void add(CanonicalEvent.Hashed hashed) {
        if (finished) {
            throw new IllegalStateException("the import's events are finished; no more can be appended");
        }
        Event event = hashed.event();
        if (size == 0) {
            first = event;
        }
        last = event;
        size++;
        if (event.is(EventType.SESSION_END)) {
            ends.put(event.run(), new KnownRun(RunInfo.outcomeOf(event.text(SessionEndData.OUTCOME)), null));
        }
        if (!pastLimit) {
            memory.add(hashed);
            heldBytes += hashed.line().length;
            if (memory.size() > inMemoryLimit || heldBytes > inMemoryBytes) {
                pastLimit = true;
                if (keptElsewhere) {
                    memory = null;
                } else {
                    spillAll();
                }
            }
        } else if (!keptElsewhere) {
            spill.write(hashed.line());
            if (!columnsInParts) {
                columns.add(event);
            }
        }
    }

    /**
     * From now on the events' column rows are handed in as parts ({@link #addColumns}), which the caller builds anyway
     * (an import stored while it is read: {@link StreamedEvents}), in place of a row made here from each event.
     */
    void takeColumnsInParts() {
        if (size > 0) {
            throw new IllegalStateException("column rows come in parts from the first event on: " + size + " added already");
        }
        columnsInParts = true;
        columns = new EventColumns.Builder(1024);
    }

    /** The column rows of the events added next after those whose rows came before, in order. */
    void addColumns(EventColumns part) {
        columns.append(part);
    }

    private void spillAll() {
        spill = SpillFile.create(directory, source);
        if (!columnsInParts) {
            columns = new EventColumns.Builder(memory.size() * 4);
        }
        for (CanonicalEvent.Hashed hashed : memory) {
            spill.write(hashed.line());
            if (!columnsInParts) {
                columns.add(hashed.event());
            }
        }
        memory = null;
    }

    /** Event {@code index} with its line, as appended (the events are not {@link #spilled}). */
    CanonicalEvent.Hashed held(int index) {
        return memory.get(index);
    }

    @Override
    public Event get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        if (!pastLimit) {
            return memory.get(index).event();
        }
        if (index == size - 1) {
            return last;
        }
        if (index == 0) {
            return first;
        }
        if (keptElsewhere) {
            throw new IllegalStateException("event " + (index + 1) + " of " + source + " is with the store until the import ends: only the first"
                    + " and the last can be looked at before");
        }
        return spill.read(index);
    }

    @Override
    public int size() {
        return size;
    }

    /** Whether the events are past the in-memory limit: no longer held as objects, in a file or kept elsewhere. */
    boolean spilled() {
        return pastLimit;
    }

    /**
     * The events, all appended: this list's objects, or a lazy list over the file or over the lines {@code keptBy} gives
     * back (the sink the events were handed to, which {@link #linesKeptElsewhere} says keeps them; ended by this call).
     * No more events can be appended.
     *
     * @throws IOException when the sink cannot give the lines back
     */
    List<Event> finished(EventBatchSink keptBy) throws IOException {
        finished = true;
        if (!pastLimit) {
            finishedColumns = columnsInParts ? allColumns() : null;
            return new HeldEventList(memory, source);
        }
        finishedColumns = allColumns();
        if (keptElsewhere) {
            return LazyEventList.hashedHere(finishedColumns, keptBy.linesKept(finishedColumns), ends);
        }
        spill.finish();
        return LazyEventList.hashedHere(finishedColumns, spill, ends);
    }

    /**
     * The finished events' columns where this list kept them (the events went to the file, or their rows were handed
     * in parts); null where they are to be made from the events held.
     */
    EventColumns finishedColumns() {
        return finishedColumns;
    }

    private EventColumns allColumns() {
        if (columns.size() != size) {
            throw new IllegalStateException(columns.size() + " column rows for " + size + " events of " + source);
        }
        return columns.build();
    }

    /**
     * The temporary file of lines, with where each line lies: an {@link UnlinkedTempFile}, closed when this object
     * becomes unreachable. Reads are positional on the one open file and never close it (a {@link RandomAccessFile}
     * is not closed by an interrupt, unlike a {@code FileChannel}); every method is synchronized, so the finished list
     * may be read from several threads.
     */
    private static final class SpillFile implements EventLines {
        private static final int BUFFER = 1 << 16;

        private final RandomAccessFile file;
        private final String name;
        private final String source;
        private final byte[] buffer = new byte[BUFFER];
        private int buffered;
        private long flushed;
        private long[] offsets = new long[1024];
        private int[] lengths = new int[1024];
        private int count;
        private boolean finished;

        private SpillFile(RandomAccessFile file, String name, String source) {
            this.file = file;
            this.name = name;
            this.source = source;
        }

        static SpillFile create(Path directory, String source) {
            UnlinkedTempFile file;
            try {
                file = UnlinkedTempFile.create(directory, ".jsonl", "the import's events");
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
            SpillFile spill = new SpillFile(file.file(), file.name(), source);
            file.closeWhenUnreachable(spill);
            return spill;
        }

        /** Appends a line; {@link SpilledEvents#add} refuses appends once the events are finished. */
        synchronized void write(byte[] line) {
            if (count == offsets.length) {
                offsets = Arrays.copyOf(offsets, count * 2);
                lengths = Arrays.copyOf(lengths, count * 2);
            }
            offsets[count] = flushed + buffered;
            lengths[count] = line.length;
            count++;
            if (buffered + line.length + 1 > BUFFER) {
                flush();
            }
            try {
                if (line.length + 1 > BUFFER) {
                    file.seek(flushed);
                    file.write(line);
                    file.write('\n');
                    flushed += line.length + 1L;
                    return;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the import's events to " + name + ": " + e.getMessage(), e);
            }
            System.arraycopy(line, 0, buffer, buffered, line.length);
            buffer[buffered + line.length] = '\n';
            buffered += line.length + 1;
        }

        private void flush() {
            if (buffered == 0) {
                return;
            }
            try {
                file.seek(flushed);
                file.write(buffer, 0, buffered);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the import's events to " + name + ": " + e.getMessage(), e);
            }
            flushed += buffered;
            buffered = 0;
        }

        synchronized void finish() {
            if (!finished) {
                finished = true;
                flush();
                offsets = Arrays.copyOf(offsets, count);
                lengths = Arrays.copyOf(lengths, count);
            }
        }

        /** An event appended earlier, while the import still appends (rare: importers look back at the first or last). */
        Event read(int index) {
            try {
                byte[] bytes = line(index);
                return EventCodec.parseLine(bytes, 0, bytes.length, name, index + 1L);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read back event " + (index + 1) + " from " + name + ": " + e.getMessage(), e);
            } catch (TraceFormatException e) {
                throw new IllegalStateException("event " + (index + 1) + " written to " + name + " does not read back: " + e.getMessage(), e);
            }
        }

        @Override
        public synchronized int size() {
            return count;
        }

        @Override
        public synchronized byte[] line(int i) throws IOException {
            Objects.checkIndex(i, count);
            byte[] line = new byte[lengths[i]];
            readAt(offsets[i], line);
            return line;
        }

        /** Neighbouring events (consecutive indexes, as the store asks for them) come with one read. */
        @Override
        public synchronized byte[][] lines(int[] indexes) throws IOException {
            byte[][] lines = new byte[indexes.length][];
            int k = 0;
            while (k < indexes.length) {
                int first = Objects.checkIndex(indexes[k], count);
                int end = k + 1;
                while (end < indexes.length && indexes[end] == indexes[end - 1] + 1 && indexes[end] < count
                        && offsets[indexes[end]] + lengths[indexes[end]] - offsets[first] <= BUFFER * 64L) {
                    end++;
                }
                int last = indexes[end - 1];
                byte[] span = new byte[Math.toIntExact(offsets[last] + lengths[last] - offsets[first])];
                readAt(offsets[first], span);
                for (int j = k; j < end; j++) {
                    int from = (int) (offsets[indexes[j]] - offsets[first]);
                    lines[j] = Arrays.copyOfRange(span, from, from + lengths[indexes[j]]);
                }
                k = end;
            }
            return lines;
        }

        private void readAt(long position, byte[] into) throws IOException {
            if (position + into.length > flushed) {
                flush();
            }
            file.seek(position);
            try {
                file.readFully(into);
            } catch (EOFException e) {
                throw new EOFException(name + " ends before the event at byte " + position + " (the temporary file was changed)");
            }
        }

        @Override
        public String file() {
            return name + " (the events read from " + source + ")";
        }

        @Override
        public long lineNumber(int i) {
            return i + 1L;
        }
    }
}
