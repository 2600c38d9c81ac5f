package dev.forkline.trace.store;

import dev.forkline.trace.testing.ThrowawayPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One throwaway PostgreSQL cluster for the whole test run of the JVM, started when a test class that uses it first
 * runs ({@code @ExtendWith(SharedPostgres.class)}) and thrown away when JUnit finishes the run: starting a cluster
 * costs seconds, a fresh database in it a fraction of one. Nothing is started where PostgreSQL is not installed.
 */
final class SharedPostgres implements BeforeAllCallback {

    private static ThrowawayPostgres cluster;

    @Override
    public void beforeAll(ExtensionContext context) {
        if (ThrowawayPostgres.find().isEmpty()) {
            return;
        }
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).getOrComputeIfAbsent(SharedPostgres.class, key -> {
            ThrowawayPostgres started = cluster();
            return (ExtensionContext.Store.CloseableResource) started::close;
        });
    }

    static synchronized ThrowawayPostgres cluster() {
        if (cluster == null) {
            try {
                cluster = ThrowawayPostgres.start();
            } catch (Exception e) {
                throw new IllegalStateException("cannot start a throwaway PostgreSQL cluster: " + e.getMessage(), e);
            }
        }
        return cluster;
    }

    /** A superuser's connection to the cluster's {@code postgres} database. */
    static Connection admin() throws SQLException {
        return DriverManager.getConnection(cluster().jdbcUrl("postgres"), ThrowawayPostgres.SUPERUSER, null);
    }

    static void createDatabase(String name) {
        try (Connection connection = admin(); Statement sql = connection.createStatement()) {
            sql.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
        }
    }
}
