package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Whether a table exists, for migrations that can be cut off part way and run again. */
final class Tables {

    private Tables() {
    }

    /** @param name as H2 names it (upper case); looked up as the connection's database spells it */
    static boolean exist(Connection connection, String name) throws SQLException {
        Dialect dialect = Dialect.of(connection);
        DatabaseMetaData metaData = connection.getMetaData();
        try (ResultSet tables = metaData.getTables(null, dialect.schema(), dialect.metadataName(name),
                new String[] {"TABLE", "BASE TABLE"})) {
            return tables.next();
        }
    }

    /** Whether {@code table} has {@code column}; both as H2 names them, looked up as the connection's database spells them. */
    static boolean haveColumn(Connection connection, String table, String column) throws SQLException {
        Dialect dialect = Dialect.of(connection);
        try (ResultSet columns = connection.getMetaData().getColumns(null, dialect.schema(), dialect.metadataName(table),
                dialect.metadataName(column))) {
            return columns.next();
        }
    }
}
