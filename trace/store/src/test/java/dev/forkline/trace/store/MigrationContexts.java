package dev.forkline.trace.store;

import java.sql.Connection;
import org.flywaydb.core.api.configuration.Configuration;
import org.flywaydb.core.api.migration.Context;

/** For running a Java migration by hand on a connection, as Flyway would (tests that cut a migration off part way). */
final class MigrationContexts {

    private MigrationContexts() {
    }

    static Context of(Connection connection) {
        return new Context() {
            @Override
            public Configuration getConfiguration() {
                throw new UnsupportedOperationException();
            }

            @Override
            public Connection getConnection() {
                return connection;
            }
        };
    }
}
