package dev.forkline.views.testdata;

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
 * A bundle whose events are parsed from their lines only when asked for (as the store hands out a large trace), and
 * which remembers which lines were read: what the workbench parsed.
 */
public final class LazyBundle implements EventLines {

    private final byte[][] lines;
    private final BitSet read = new BitSet();
    private final Bundle bundle;

    public LazyBundle(Bundle inMemory) {
        List<Event> events = inMemory.events();
        lines = new byte[events.size()][];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = EventCodec.toLine(events.get(i)).getBytes(StandardCharsets.UTF_8);
        }
        EventColumns columns = EventColumns.of(events);
        bundle = new Bundle(inMemory.source(), inMemory.manifest(), new LazyEventList(columns, this), inMemory.lines(),
                inMemory.blobs(), columns);
    }

    public Bundle bundle() {
        return bundle;
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
        return bundle == null ? "memory" : bundle.source();
    }

    @Override
    public long lineNumber(int i) {
        return i + 1L;
    }

    /** The file-order indexes of the events parsed since the last call, which forgets them. */
    public synchronized BitSet takeRead() {
        BitSet taken = (BitSet) read.clone();
        read.clear();
        return taken;
    }
}
