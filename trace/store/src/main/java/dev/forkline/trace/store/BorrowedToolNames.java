package dev.forkline.trace.store;

import java.util.Arrays;
import java.util.Objects;

/**
 * The tool names ({@link SearchToolNames}) of a chunk's events that differ when the chunk is read without the rest of
 * its trace: results answering a call of an earlier chunk, whose name the whole trace gives and the chunk alone does
 * not (or gives another call's). Kept with the chunk's trigram filter, so that a search reading only the chunks the
 * filters let through finds every event by the same search text as a search of the whole trace.
 */
final class BorrowedToolNames {

    static final BorrowedToolNames NONE = new BorrowedToolNames(new int[0], new String[0]);

    private final int[] offsets;
    private final String[] names;

    /**
     * @param offsets the events' places in the chunk, increasing
     * @param names   each one's name in the whole trace (null for none)
     */
    BorrowedToolNames(int[] offsets, String[] names) {
        if (offsets.length != names.length) {
            throw new IllegalArgumentException(offsets.length + " offsets for " + names.length + " names");
        }
        for (int k = 1; k < offsets.length; k++) {
            if (offsets[k] <= offsets[k - 1]) {
                throw new IllegalArgumentException("offsets do not increase at " + offsets[k]);
            }
        }
        this.offsets = offsets;
        this.names = names;
    }

    /** Where {@code alone} (the chunk's names read alone) differs from {@code whole} (the trace's, the chunk's from {@code from}). */
    static BorrowedToolNames of(String[] whole, int from, String[] alone) {
        int[] offsets = new int[alone.length];
        String[] names = new String[alone.length];
        int count = 0;
        for (int k = 0; k < alone.length; k++) {
            if (!Objects.equals(whole[from + k], alone[k])) {
                offsets[count] = k;
                names[count++] = whole[from + k];
            }
        }
        return count == 0 ? NONE : new BorrowedToolNames(Arrays.copyOf(offsets, count), Arrays.copyOf(names, count));
    }

    /** Puts the whole trace's names into {@code names}, which holds the chunk's names read alone from {@code from} on. */
    void applyTo(String[] names, int from) {
        for (int k = 0; k < offsets.length; k++) {
            names[from + offsets[k]] = this.names[k];
        }
    }

    int size() {
        return offsets.length;
    }

    int offset(int k) {
        return offsets[k];
    }

    String name(int k) {
        return names[k];
    }
}
