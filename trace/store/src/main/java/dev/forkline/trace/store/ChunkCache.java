package dev.forkline.trace.store;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decoded chunk lines recently read by loaded traces, least recently used dropped first once they hold more than a
 * fixed number of bytes. Chunks never change once written, so one cache serves every trace loaded from a store.
 * Thread-safe.
 */
final class ChunkCache {

    /** A chunk's identity in the store. */
    /** {@code checksum} (of the chunk's lines) tells a chunk apart from one that replaced it in another process. */
    record Key(String traceId, String runId, long firstSeq, int checksum) {
    }

    private final long maxBytes;
    private final LinkedHashMap<Key, byte[]> chunks = new LinkedHashMap<>(64, 0.75f, true);
    private long bytes;

    ChunkCache(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    synchronized byte[] get(Key key) {
        return chunks.get(key);
    }

    synchronized void put(Key key, byte[] lines) {
        byte[] replaced = chunks.put(key, lines);
        bytes += lines.length - (replaced == null ? 0 : replaced.length);
        var oldest = chunks.entrySet().iterator();
        while (bytes > maxBytes && oldest.hasNext()) {
            Map.Entry<Key, byte[]> entry = oldest.next();
            if (entry.getKey().equals(key)) {
                continue;
            }
            bytes -= entry.getValue().length;
            oldest.remove();
        }
    }

    synchronized long bytes() {
        return bytes;
    }
}
