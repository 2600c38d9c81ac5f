package dev.forkline.trace;

/**
 * The ids of a trace's events, for the question every append asks: is this id taken? An open-addressing table that
 * keeps each id's hash in an array of its own, so that an id not taken (the answer for almost every event) is known
 * from that array alone. With a million ids, a {@code HashSet} lookup followed its table to an entry, the entry to
 * the id and the id to its bytes: three cache misses per event, which an import paid twice (its id chosen, then placed).
 */
final class IdSet {

    /** A free slot in {@link #hashes}; a stored hash always has its lowest bit set. */
    private static final int FREE = 0;

    private int[] hashes = new int[64];
    private String[] ids = new String[64];
    private int size;

    /** Adds the id; false when it was there already. */
    boolean add(String id) {
        if (2 * (size + 1) > hashes.length) {
            grow();
        }
        int hash = stored(id);
        int at = slotOf(id, hash);
        if (hashes[at] != FREE) {
            return false;
        }
        hashes[at] = hash;
        ids[at] = id;
        size++;
        return true;
    }

    /** Whether the id is there; null, which no event has, never is. */
    boolean contains(String id) {
        return id != null && hashes[slotOf(id, stored(id))] != FREE;
    }

    int size() {
        return size;
    }

    private static int stored(String id) {
        return id.hashCode() | 1;
    }

    /** The slot holding the id, or the free slot where it would go. */
    private int slotOf(String id, int hash) {
        int mask = hashes.length - 1;
        for (int at = slot(hash); ; at = (at + 1) & mask) {
            if (hashes[at] == FREE || (hashes[at] == hash && ids[at].equals(id))) {
                return at;
            }
        }
    }

    /** Fibonacci hashing: the high bits of the product, so that ids differing only in their last characters spread. */
    private int slot(int hash) {
        return (hash * 0x9E3779B9) >>> (Integer.numberOfLeadingZeros(hashes.length) + 1);
    }

    private void grow() {
        int[] oldHashes = hashes;
        String[] oldIds = ids;
        hashes = new int[oldHashes.length * 2];
        ids = new String[oldIds.length * 2];
        for (int i = 0; i < oldHashes.length; i++) {
            if (oldHashes[i] != FREE) {
                int at = slotOf(oldIds[i], oldHashes[i]);
                hashes[at] = oldHashes[i];
                ids[at] = oldIds[i];
            }
        }
    }
}
