package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.LazyEventList;
import java.util.List;

/** Lines held in memory, as a reader of a trace file would hand them out: for lazy bundles in tests. */
class TestEventLines implements EventLines {

    private final List<byte[]> lines;

    TestEventLines(List<byte[]> lines) {
        this.lines = List.copyOf(lines);
    }

    /** A lazy list of {@code events} whose lines are {@code lines} (each must parse as its event). */
    static LazyEventList lazy(List<Event> events, List<byte[]> lines) {
        return new LazyEventList(EventColumns.of(events), new TestEventLines(lines));
    }

    @Override
    public int size() {
        return lines.size();
    }

    @Override
    public byte[] line(int i) throws java.io.IOException {
        return lines.get(i).clone();
    }

    @Override
    public String file() {
        return "test/trace.jsonl";
    }

    @Override
    public long lineNumber(int i) {
        return i + 1L;
    }
}
