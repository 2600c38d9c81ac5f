package dev.forkline.trace.store;

import java.nio.charset.StandardCharsets;

/**
 * Reads what {@link ByteSink} wrote. Every read checks the bounds and the encodings, so damaged bytes end in a
 * {@link MalformedException} instead of an arbitrary exception or an absurd allocation.
 */
final class ByteSource {

    /** The bytes do not hold what the reader expects. */
    static final class MalformedException extends Exception {
        MalformedException(String message) {
            super(message);
        }
    }

    private final byte[] bytes;
    private int position;

    ByteSource(byte[] bytes) {
        this.bytes = bytes;
    }

    int readByte() throws MalformedException {
        need(1);
        return bytes[position++] & 0xFF;
    }

    int readVarInt() throws MalformedException {
        long value = readVarLong();
        if (value > Integer.MAX_VALUE) {
            throw new MalformedException("number " + value + " out of range at byte " + position);
        }
        return (int) value;
    }

    long readVarLong() throws MalformedException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = readByte();
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (value < 0) {
                    throw new MalformedException("negative number at byte " + position);
                }
                return value;
            }
        }
        throw new MalformedException("number too long at byte " + position);
    }

    long readSignedVarLong() throws MalformedException {
        long zigzag = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = readByte();
            zigzag |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return (zigzag >>> 1) ^ -(zigzag & 1);
            }
        }
        throw new MalformedException("number too long at byte " + position);
    }

    /** A count of items that each take at least {@code minimumBytesEach} bytes, so it cannot exceed what is left. */
    int readCount(int minimumBytesEach) throws MalformedException {
        int count = readVarInt();
        if ((long) count * Math.max(1, minimumBytesEach) > remaining()) {
            throw new MalformedException("count " + count + " exceeds the " + remaining() + " bytes left at byte " + position);
        }
        return count;
    }

    void readBytes(byte[] target, int offset, int length) throws MalformedException {
        need(length);
        System.arraycopy(bytes, position, target, offset, length);
        position += length;
    }

    String readString() throws MalformedException {
        int length = readVarInt();
        need(length);
        String text = new String(bytes, position, length, StandardCharsets.UTF_8);
        position += length;
        return text;
    }

    int remaining() {
        return bytes.length - position;
    }

    private void need(int length) throws MalformedException {
        if (length > bytes.length - position) {
            throw new MalformedException("ends at byte " + bytes.length + " where " + length + " more were expected");
        }
    }
}
