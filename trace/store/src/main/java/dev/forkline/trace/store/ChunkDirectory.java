package dev.forkline.trace.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where each event of a loaded trace is stored: its chunk (by load-order index) and the span of its line in the
 * chunk's decoded lines. Four bytes per event and one small record per chunk.
 */
final class ChunkDirectory {

    /** What is needed to fetch and check one chunk's lines. */
    record Entry(String runId, long firstSeq, int firstIndex, int eventCount, LinesEncoding encoding, int storedLength,
                 int checksum, long linesLength) {

        /** Names the chunk in messages. */
        String describe() {
            return "the chunk of run '" + runId + "' from seq " + firstSeq;
        }
    }

    private final Entry[] entries;
    private final int[] firstIndexes;
    private final int[] lineEnds;

    private ChunkDirectory(Entry[] entries, int[] lineEnds) {
        this.entries = entries;
        this.firstIndexes = Arrays.stream(entries).mapToInt(Entry::firstIndex).toArray();
        this.lineEnds = lineEnds;
    }

    int size() {
        return lineEnds.length;
    }

    int chunkCount() {
        return entries.length;
    }

    Entry chunk(int chunk) {
        return entries[chunk];
    }

    /** The chunk holding event {@code i}. */
    int chunkOf(int i) {
        if (i < 0 || i >= lineEnds.length) {
            throw new IndexOutOfBoundsException(i);
        }
        int found = Arrays.binarySearch(firstIndexes, i);
        return found >= 0 ? found : -found - 2;
    }

    /** Where event {@code i}'s line starts in its chunk's decoded lines. */
    int lineStart(int i) {
        int chunk = chunkOf(i);
        return i == entries[chunk].firstIndex() ? 0 : lineEnds[i - 1] + 1;
    }

    /** Where event {@code i}'s line ends (exclusive; its {@code '\n'} follows) in its chunk's decoded lines. */
    int lineEnd(int i) {
        return lineEnds[i];
    }

    /** Collects the directory chunk by chunk, in load order. */
    static final class Builder {
        private final List<Entry> entries = new ArrayList<>();
        private int[] lineEnds;
        private int size;

        Builder(int expectedSize) {
            lineEnds = new int[Math.max(16, expectedSize)];
        }

        void add(StoredChunk chunk) {
            ChunkHeader header = chunk.header();
            if (chunk.firstIndex() != size) {
                throw new IllegalArgumentException("chunk at " + chunk.firstIndex() + " added after " + size + " events");
            }
            entries.add(chunk.entry());
            if (size + header.size() > lineEnds.length) {
                lineEnds = Arrays.copyOf(lineEnds, Math.max(lineEnds.length * 2, size + header.size()));
            }
            int start = 0;
            for (int k = 0; k < header.size(); k++) {
                int end = start + header.lineLengths[k];
                lineEnds[size++] = end;
                start = end + 1;
            }
        }

        ChunkDirectory build() {
            return new ChunkDirectory(entries.toArray(Entry[]::new), Arrays.copyOf(lineEnds, size));
        }
    }
}
