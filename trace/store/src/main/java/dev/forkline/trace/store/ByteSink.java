package dev.forkline.trace.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte array written with unsigned LEB128 varints, zigzag varlongs and raw bytes (see {@link ByteSource}). */
final class ByteSink {

    private byte[] bytes;
    private int size;

    ByteSink(int initialCapacity) {
        bytes = new byte[Math.max(16, initialCapacity)];
    }

    void writeByte(int value) {
        ensure(1);
        bytes[size++] = (byte) value;
    }

    /** A non-negative int in 1 to 5 bytes. */
    void writeVarInt(int value) {
        if (value < 0) {
            throw new IllegalArgumentException("negative varint " + value);
        }
        writeVarLong(value);
    }

    /** A non-negative long in 1 to 10 bytes, 7 bits at a time, low bits first. */
    void writeVarLong(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("negative varlong " + value);
        }
        ensure(10);
        while ((value & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        bytes[size++] = (byte) value;
    }

    /** Any long, small magnitudes in few bytes (zigzag: 0, -1, 1, -2, ... become 0, 1, 2, 3, ...). */
    void writeSignedVarLong(long value) {
        long zigzag = (value << 1) ^ (value >> 63);
        ensure(10);
        while ((zigzag & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((zigzag & 0x7F) | 0x80);
            zigzag >>>= 7;
        }
        bytes[size++] = (byte) zigzag;
    }

    void writeBytes(byte[] source, int offset, int length) {
        ensure(length);
        System.arraycopy(source, offset, bytes, size, length);
        size += length;
    }

    /** Its UTF-8 length as a varint, then the UTF-8 bytes. */
    void writeString(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        writeVarInt(utf8.length);
        writeBytes(utf8, 0, utf8.length);
    }

    int size() {
        return size;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
