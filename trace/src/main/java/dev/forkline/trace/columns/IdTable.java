package dev.forkline.trace.columns;

/**
 * Event id to file-order index for the ids in {@link EventColumns}: an open-addressing table of ints (8 bytes per
 * event instead of the ~60 of a {@code HashMap<String, Integer>} entry). The first event with an id wins. Obtained from
 * {@link EventColumns#idTable()}, which builds it once.
 */
public final class IdTable {

    private final EventColumns columns;
    private final int[] slots;
    private final int mask;

    IdTable(EventColumns columns) {
        this.columns = columns;
        int capacity = Integer.highestOneBit(Math.max(4, columns.size() * 2 - 1)) << 1;
        this.slots = new int[capacity];
        this.mask = capacity - 1;
        for (int i = 0; i < columns.size(); i++) {
            String id = columns.id(i);
            int slot = spread(id.hashCode()) & mask;
            while (true) {
                int held = slots[slot];
                if (held == 0) {
                    slots[slot] = i + 1;
                    break;
                }
                if (columns.id(held - 1).equals(id)) {
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
    }

    /** The index of the first event with this id, or -1. */
    public int indexOf(String id) {
        if (id == null) {
            return -1;
        }
        int slot = spread(id.hashCode()) & mask;
        while (true) {
            int held = slots[slot];
            if (held == 0) {
                return -1;
            }
            if (columns.id(held - 1).equals(id)) {
                return held - 1;
            }
            slot = (slot + 1) & mask;
        }
    }

    private static int spread(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
