package dev.forkline.trace.store;

import dev.forkline.trace.columns.EventColumns;
import java.util.ArrayList;
import java.util.List;

/** Makes one chunk, ready to insert, from its events' columns, lines and stored-under hashes. */
final class ChunkEncoder {

    /** One chunk, ready to insert. */
    record Chunk(String runId, long firstSeq, long lastSeq, int[] events, byte[] header, byte[] lines,
                 byte[] identityHashes, List<String> blobNames) {
    }

    private ChunkEncoder() {
    }

    /**
     * @param events         indexes into {@code columns}: one run's events in seq order
     * @param lines          their lines (UTF-8, no line break), {@code lines[k]} for {@code events[k]}
     * @param identityHashes the 32 bytes each is stored under, {@code k * 32} for {@code events[k]}
     */
    static Chunk encode(String runId, EventColumns columns, int[] events, byte[][] lines, byte[] identityHashes) {
        int count = events.length;
        int[] lineLengths = new int[count];
        long total = 0;
        for (int k = 0; k < count; k++) {
            lineLengths[k] = lines[k].length;
            total += lineLengths[k] + 1;
        }
        if (total > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("the lines of events from '" + columns.id(events[0]) + "' take " + total + " bytes");
        }
        byte[] joined = new byte[(int) total];
        List<String> blobNames = new ArrayList<>();
        int at = 0;
        for (int k = 0; k < count; k++) {
            System.arraycopy(lines[k], 0, joined, at, lines[k].length);
            at += lines[k].length;
            joined[at++] = '\n';
            blobNames.addAll(columns.blobNames(events[k]));
        }
        ChunkLines.Stored stored = ChunkLines.encode(joined, joined.length);
        byte[] header = ChunkHeaderCodec.encode(new ChunkHeaderCodec.Rows(columns, events, identityHashes, lineLengths),
                stored, ChunkLines.checksum(joined));
        return new Chunk(runId, columns.seq(events[0]), columns.seq(events[count - 1]), events, header, stored.bytes(),
                identityHashes, blobNames);
    }
}
