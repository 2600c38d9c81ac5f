package dev.forkline.trace.store;

import dev.forkline.trace.columns.EventColumns;
import java.util.Arrays;
import java.util.List;

/**
 * The decoded header of one stored chunk (see {@link ChunkHeaderCodec}): the {@link EventColumns} rows of its events,
 * all of one run and in seq order, the hash each event is stored under, and the length of each event's line in the
 * chunk's lines. Filled in by {@link ChunkHeaderCodec#decode} and not changed afterwards.
 */
final class ChunkHeader {

    static final int HASH_BYTES = HashBytes.LENGTH;

    private final int size;
    final String[] ids;
    final long[] seqs;
    final long[] epochSeconds;
    final int[] nanos;
    final String[] actors;
    final String[] types;
    final byte[] flags;
    final long[] latencyMs;
    final String[] callIds;
    final String[] tools;
    final String[] checkpointIds;
    final String[] labels;
    final int[] causeStart;
    String[] causes;
    final byte[] identityHashes;
    final boolean[] ownHash;
    final int[] blobStart;
    String[] blobNames;
    final int[] lineLengths;
    private final LinesEncoding linesEncoding;
    private final int storedLinesLength;
    private final int linesChecksum;

    ChunkHeader(int size, LinesEncoding linesEncoding, int storedLinesLength, int linesChecksum) {
        this.size = size;
        this.linesEncoding = linesEncoding;
        this.storedLinesLength = storedLinesLength;
        this.linesChecksum = linesChecksum;
        ids = new String[size];
        seqs = new long[size];
        epochSeconds = new long[size];
        nanos = new int[size];
        actors = new String[size];
        types = new String[size];
        flags = new byte[size];
        latencyMs = new long[size];
        callIds = new String[size];
        tools = new String[size];
        checkpointIds = new String[size];
        labels = new String[size];
        causeStart = new int[size + 1];
        causes = new String[0];
        identityHashes = new byte[size * HASH_BYTES];
        ownHash = new boolean[size];
        blobStart = new int[size + 1];
        blobNames = new String[0];
        lineLengths = new int[size];
    }

    int size() {
        return size;
    }

    String id(int k) {
        return ids[k];
    }

    long seq(int k) {
        return seqs[k];
    }

    LinesEncoding linesEncoding() {
        return linesEncoding;
    }

    /** Bytes of the lines blob as stored. */
    int storedLinesLength() {
        return storedLinesLength;
    }

    /** CRC-32C of the decoded lines. */
    int linesChecksum() {
        return linesChecksum;
    }

    /** Bytes of the lines once decoded: every line followed by {@code '\n'}. */
    long linesLength() {
        long total = size;
        for (int length : lineLengths) {
            total += length;
        }
        return total;
    }

    /** The hash event {@code k} is stored under: its own {@code hash}, or for an unhashed event that of its canonical line. */
    String identityHash(int k) {
        return HashBytes.name(identityHashes, k * HASH_BYTES);
    }

    List<String> causes(int k) {
        return slice(causes, causeStart[k], causeStart[k + 1]);
    }

    List<String> blobNames(int k) {
        return slice(blobNames, blobStart[k], blobStart[k + 1]);
    }

    /** The rows as a part of a loaded trace's columns ({@link EventColumns.Builder#append}); {@code run} is the chunk's. */
    EventColumns toColumns(String run) {
        EventColumns.Builder columns = new EventColumns.Builder(size);
        for (int k = 0; k < size; k++) {
            columns.add(ids[k], run, seqs[k], epochSeconds[k], nanos[k], actors[k], types[k], flags[k], latencyMs[k],
                    callIds[k], tools[k], checkpointIds[k], labels[k], causes(k), ownHash[k] ? identityHashes : null,
                    k * HASH_BYTES, blobNames(k));
        }
        return columns.buildPart();
    }

    /** A short immutable copy: most events have no causes or blob names, or one. */
    private static List<String> slice(String[] values, int from, int to) {
        return switch (to - from) {
            case 0 -> List.of();
            case 1 -> List.of(values[from]);
            default -> List.of(Arrays.copyOfRange(values, from, to));
        };
    }
}
