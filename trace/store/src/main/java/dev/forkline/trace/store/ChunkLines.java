package dev.forkline.trace.store;

import java.util.zip.CRC32C;

/**
 * A chunk's lines blob: its events' lines, each followed by {@code '\n'}, as they are ({@link LinesEncoding#PLAIN}),
 * with a CRC-32C in the chunk's header so that a blob changed in the database is noticed when it is read.
 */
final class ChunkLines {

    /** The blob as stored and how it is encoded. */
    record Stored(LinesEncoding encoding, byte[] bytes) {
    }

    private ChunkLines() {
    }

    /** The blob for {@code length} bytes of joined lines. */
    static Stored encode(byte[] lines, int length) {
        return new Stored(LinesEncoding.PLAIN, length == lines.length ? lines : java.util.Arrays.copyOf(lines, length));
    }

    static int checksum(byte[] lines) {
        CRC32C checksum = new CRC32C();
        checksum.update(lines, 0, lines.length);
        return (int) checksum.getValue();
    }

    /**
     * The joined lines of a stored chunk, checked against what its header recorded: the stored length, the decoded
     * length and the CRC-32C of the lines.
     */
    static byte[] decodeChecked(ChunkDirectory.Entry chunk, byte[] stored) throws ByteSource.MalformedException {
        if (stored.length != chunk.storedLength()) {
            throw new ByteSource.MalformedException("holds " + stored.length + " bytes where its header says " + chunk.storedLength());
        }
        byte[] lines = switch (chunk.encoding()) {
            case PLAIN -> stored;
        };
        if (lines.length != chunk.linesLength()) {
            throw new ByteSource.MalformedException("holds " + lines.length + " bytes of lines where its header says " + chunk.linesLength());
        }
        if (checksum(lines) != chunk.checksum()) {
            throw new ByteSource.MalformedException("its lines do not match their checksum");
        }
        return lines;
    }
}
