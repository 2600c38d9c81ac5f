package dev.forkline.trace.store;

import dev.forkline.trace.columns.EventColumns;

/**
 * Finds the first event whose id an earlier event already has, in one pass over the ids: an open-addressing table
 * whose slots hold an id's hash next to its index, so that most probes never touch the id strings (a million ids
 * would otherwise cost a cache miss per string compared).
 */
final class FirstRepeatedId {

    /** Two events with one id: {@code first} is the earlier. */
    record Repeat(int first, int again) {
    }

    private FirstRepeatedId() {
    }

    /** The first repeat in the columns' order, or null when every id is unique. */
    static Repeat in(EventColumns columns) {
        int size = columns.size();
        int capacity = Integer.highestOneBit(Math.max(4, size * 2 - 1)) << 1;
        long[] slots = new long[capacity]; // high 32 bits: the id's hash, low 32 bits: its index + 1 (0 = empty)
        int mask = capacity - 1;
        for (int i = 0; i < size; i++) {
            String id = columns.id(i);
            int hash = id.hashCode();
            int slot = spread(hash) & mask;
            while (true) {
                long held = slots[slot];
                if (held == 0) {
                    slots[slot] = (long) hash << 32 | (i + 1L);
                    break;
                }
                int heldIndex = (int) held - 1;
                if ((int) (held >>> 32) == hash && columns.id(heldIndex).equals(id)) {
                    return new Repeat(heldIndex, i);
                }
                slot = (slot + 1) & mask;
            }
        }
        return null;
    }

    private static int spread(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
