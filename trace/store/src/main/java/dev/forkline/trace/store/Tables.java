package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Whether a table exists, for migrations that can be cut off part way and run again. */
final class Tables {

    private Tables() {
    }

    /** @param name as H2 names it (upper case) */
    static boolean exist(Connection connection, String name) throws SQLException {
        DatabaseMetaData metaData = connection.getMetaData();
        try (ResultSet tables = metaData.getTables(null, "PUBLIC", name, new String[] {"TABLE", "BASE TABLE"})) {
            return tables.next();
        }
    }
}
