package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Reads Flyway's schema history table directly (one query, no classpath scan) to tell whether a database is already at
 * this Forkline's schema.
 */
final class SchemaHistory {

    private SchemaHistory() {
    }

    /**
     * Whether the history records each of {@code versions}, every one successful, and no other version. False when the
     * table is missing or unreadable (a new or foreign database): Flyway then decides, as it always did.
     */
    static boolean recordsExactly(DataSource dataSource, List<String> versions) {
        try (Connection connection = dataSource.getConnection()) {
            return recordsExactly(connection, versions);
        } catch (SQLException e) {
            return false;
        }
    }

    static boolean recordsExactly(Connection connection, List<String> versions) {
        Set<String> recorded = new HashSet<>();
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT \"version\", \"success\" FROM \"" + Schema.HISTORY_TABLE
                     + "\" WHERE \"version\" IS NOT NULL")) {
            while (rows.next()) {
                if (!rows.getBoolean(2) || !recorded.add(rows.getString(1))) {
                    return false;
                }
            }
        } catch (SQLException e) {
            return false;
        }
        return recorded.equals(Set.copyOf(versions));
    }
}
