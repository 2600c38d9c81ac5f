package dev.forkline.trace.state;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.LazyEventList;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.List;

/** The lines of events held in memory, remembering which ones were read: what a lazily loaded trace parsed. */
final class CountingLines implements EventLines {

    private final byte[][] lines;
    private final BitSet read = new BitSet();

    private CountingLines(List<Event> events) {
        lines = new byte[events.size()][];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = EventCodec.toLine(events.get(i)).getBytes(StandardCharsets.UTF_8);
        }
    }

    /** The events as a lazily parsed list over counted lines. */
    static LazyEventList lazy(List<Event> events, CountingLines[] linesOut) {
        CountingLines lines = new CountingLines(events);
        linesOut[0] = lines;
        return new LazyEventList(EventColumns.of(events), lines);
    }

    @Override
    public int size() {
        return lines.length;
    }

    @Override
    public synchronized byte[] line(int i) {
        read.set(i);
        return lines[i];
    }

    @Override
    public String file() {
        return "memory";
    }

    @Override
    public long lineNumber(int i) {
        return i + 1L;
    }

    /** The indexes of the lines read since the last call, which forgets them. */
    synchronized BitSet takeRead() {
        BitSet taken = (BitSet) read.clone();
        read.clear();
        return taken;
    }
}
