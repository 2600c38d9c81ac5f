package dev.forkline.trace.bundle;

import dev.forkline.trace.columns.EventColumns;
import java.util.Arrays;

/**
 * A run of consecutive events of a {@code trace.jsonl} as the reader has just read and checked them: their columns and
 * their lines as written, which lie in {@code bytes} (a block of the file). Handed to an {@link EventBatchSink} in file
 * order, so that storing can start before reading ends.
 *
 * @param firstIndex  the index in the whole trace of the batch's first event
 * @param columns     the batch's events' columns, row {@code k} for event {@code firstIndex + k}
 * @param bytes       the block of the file the lines are in; not to be changed
 * @param fileOffset  where {@code bytes[0]} lies in the file
 * @param starts      where event {@code k}'s line starts in {@code bytes}
 * @param lengths     its length in bytes (no line break)
 * @param lineNumbers its 1-based line in the file
 */
public record EventBatch(int firstIndex, EventColumns columns, byte[] bytes, long fileOffset, int[] starts, int[] lengths,
                         long[] lineNumbers) {

    public EventBatch {
        int n = columns.size();
        if (starts.length < n || lengths.length < n || lineNumbers.length < n) {
            throw new IllegalArgumentException("a batch of " + n + " events with " + starts.length + " line starts");
        }
    }

    public int size() {
        return columns.size();
    }

    /** Event {@code k}'s line as written (UTF-8, no line break), copied. */
    public byte[] line(int k) {
        return Arrays.copyOfRange(bytes, starts[k], starts[k] + lengths[k]);
    }
}
