package dev.forkline.trace.columns;

/**
 * Event id to file-order index for the ids in {@link EventColumns}: an open-addressing table whose slots hold an id's
 * hash next to its index (16 bytes per event instead of the ~60 of a {@code HashMap<String, Integer>} entry), so that
 * most probes never touch the id strings (a million ids would otherwise cost a cache miss per string compared). The
 * first event with an id wins; the first repeat is remembered. Obtained from {@link EventColumns#idTable()}, which
 * builds it once.
 */
public final class IdTable {

    /** Two events with one id: {@code first} is the earlier. */
    public record Repeat(int first, int again) {
    }

    private final EventColumns columns;
    private final long[] slots; // high 32 bits: the id's hash, low 32 bits: its index + 1 (0 = empty)
    private final int mask;
    private final Repeat firstRepeat;

    IdTable(EventColumns columns) {
        this.columns = columns;
        int capacity = Integer.highestOneBit(Math.max(4, columns.size() * 2 - 1)) << 1;
        this.slots = new long[capacity];
        this.mask = capacity - 1;
        Repeat repeat = null;
        for (int i = 0; i < columns.size(); i++) {
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
                    if (repeat == null) {
                        repeat = new Repeat(heldIndex, i);
                    }
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
        this.firstRepeat = repeat;
    }

    /** The index of the first event with this id, or -1. */
    public int indexOf(String id) {
        if (id == null) {
            return -1;
        }
        int hash = id.hashCode();
        int slot = spread(hash) & mask;
        while (true) {
            long held = slots[slot];
            if (held == 0) {
                return -1;
            }
            int heldIndex = (int) held - 1;
            if ((int) (held >>> 32) == hash && columns.id(heldIndex).equals(id)) {
                return heldIndex;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The first event (in file order) whose id an earlier event already has, or null when every id is unique. */
    public Repeat firstRepeat() {
        return firstRepeat;
    }

    private static int spread(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
