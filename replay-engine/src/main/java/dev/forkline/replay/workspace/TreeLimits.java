package dev.forkline.replay.workspace;

/**
 * How much a starting tree may hold, so that a hostile or mistaken source (an archive bomb, the wrong directory) is
 * refused with a message instead of exhausting memory: total bytes of file content and number of entries.
 */
record TreeLimits(long maxBytes, int maxEntries) {

    static final TreeLimits DEFAULT = new TreeLimits(2L << 30, 200_000);

    String describeBytes() {
        return maxBytes % (1L << 30) == 0 ? (maxBytes >> 30) + " GiB" : maxBytes + " bytes";
    }
}
