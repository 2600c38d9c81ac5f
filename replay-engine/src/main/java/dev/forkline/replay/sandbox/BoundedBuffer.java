package dev.forkline.replay.sandbox;

import java.io.ByteArrayOutputStream;

/** Keeps the first {@code limit} bytes written to it and remembers whether more came. Thread-safe. */
public final class BoundedBuffer {

    private final int limit;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private boolean truncated;

    public BoundedBuffer(int limit) {
        this.limit = limit;
    }

    public synchronized void write(byte[] chunk) {
        int room = limit - bytes.size();
        if (chunk.length <= room) {
            bytes.write(chunk, 0, chunk.length);
        } else {
            if (room > 0) {
                bytes.write(chunk, 0, room);
            }
            truncated = true;
        }
    }

    public synchronized byte[] toByteArray() {
        return bytes.toByteArray();
    }

    public synchronized boolean truncated() {
        return truncated;
    }
}
