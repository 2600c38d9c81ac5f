package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.harness.WorkDirs;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The cost of H2 itself storing a trace's bytes durably: {@code trace.jsonl} cut into 1 MB BLOB rows of a fresh file
 * database, inserted and committed in one transaction. Whatever a store keeps, it writes at least these bytes.
 */
final class H2WriteFloor {

    private static final int PIECE = 1 << 20;

    private H2WriteFloor() {
    }

    static void write(Path jsonLines, Path scratch) throws IOException, SQLException {
        WorkDirs.deleteTree(scratch);
        Files.createDirectories(scratch);
        try (Connection connection = DriverManager.getConnection("jdbc:h2:file:" + scratch.resolve("floor").toAbsolutePath(), "floor", "");
             InputStream in = Files.newInputStream(jsonLines)) {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("CREATE TABLE pieces (ordinal INTEGER PRIMARY KEY, content BLOB NOT NULL)");
            }
            connection.setAutoCommit(false);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO pieces VALUES (?, ?)")) {
                int ordinal = 0;
                byte[] piece;
                while ((piece = in.readNBytes(PIECE)).length > 0) {
                    insert.setInt(1, ordinal++);
                    insert.setBytes(2, piece);
                    insert.executeUpdate();
                }
            }
            connection.commit();
        } finally {
            WorkDirs.deleteTree(scratch);
        }
    }
}
