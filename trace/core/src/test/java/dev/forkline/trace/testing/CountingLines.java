package dev.forkline.trace.testing;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.LazyEventList;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.List;

/**
 * The lines of events held in memory, remembering which ones were read: what code working on a lazily loaded trace
 * (as the store hands out a large one) parsed. For tests of this module and the modules above it.
 */
public final class CountingLines implements EventLines {

    private final byte[][] lines;
    private final String file;
    private final BitSet read = new BitSet();
    private final int[] timesRead;
    private final LazyEventList events;

    public CountingLines(List<Event> inMemory, String file) {
        lines = new byte[inMemory.size()][];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = EventCodec.toLine(inMemory.get(i)).getBytes(StandardCharsets.UTF_8);
        }
        this.file = file;
        this.timesRead = new int[lines.length];
        this.events = new LazyEventList(EventColumns.of(inMemory), this);
    }

    /** The events, parsed from these lines when asked for. */
    public LazyEventList events() {
        return events;
    }

    /** {@code inMemory} with its events replaced by {@link #events()}. */
    public Bundle bundleLike(Bundle inMemory) {
        return new Bundle(inMemory.source(), inMemory.manifest(), events, inMemory.lines(), inMemory.blobs(), events.columns());
    }

    @Override
    public int size() {
        return lines.length;
    }

    @Override
    public synchronized byte[] line(int i) {
        read.set(i);
        timesRead[i]++;
        return lines[i];
    }

    @Override
    public String file() {
        return file;
    }

    @Override
    public long lineNumber(int i) {
        return i + 1L;
    }

    /** How many times line {@code i} was read since these lines were made. */
    public synchronized int timesRead(int i) {
        return timesRead[i];
    }

    /** The file-order indexes of the lines read since the last call, which forgets them. */
    public synchronized BitSet takeRead() {
        BitSet taken = (BitSet) read.clone();
        read.clear();
        return taken;
    }
}
