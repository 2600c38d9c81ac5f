package dev.forkline.trace.store;

import java.io.ByteArrayInputStream;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Binds large byte values (a chunk's lines, a blob pack) to a statement as a stream of the caller's array.
 * {@link PreparedStatement#setBytes} makes H2 copy the whole array before it copies it again into its LOB store, a
 * sixth of the store writer's time and a megabyte of garbage per chunk; a stream is read once, where it is stored. The
 * caller must not change the bytes until the statement has run.
 */
final class ByteParameters {

    private ByteParameters() {
    }

    static void set(PreparedStatement statement, int index, byte[] bytes) throws SQLException {
        set(statement, index, bytes, bytes.length);
    }

    /** Binds the first {@code length} bytes of {@code bytes}. */
    static void set(PreparedStatement statement, int index, byte[] bytes, int length) throws SQLException {
        statement.setBinaryStream(index, new ByteArrayInputStream(bytes, 0, length), length);
    }
}
