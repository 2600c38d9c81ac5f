package dev.forkline.trace.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The connection pool of a team store, and what a failure to connect means for the person at the keyboard: an
 * unreachable or too old server is the environment's ({@link StoreUnavailableException}, exit 4), a refused login or
 * a missing database is theirs to correct ({@link StoreException}, exit 2).
 */
final class PostgresConnections {

    /** PostgreSQL 15 is the oldest Forkline supports (the version Debian 12 ships). */
    static final int OLDEST_MAJOR_VERSION = 15;
    private static final int CONNECT_TIMEOUT_SECONDS = 10;

    private PostgresConnections() {
    }

    /** A pool of at most {@code maxConnections}, its first connection made (and checked) before this returns. */
    static HikariDataSource pool(TeamDatabase database, String password, int maxConnections) throws StoreException {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.jdbcUrl());
        config.setUsername(database.user());
        if (password != null) {
            config.setPassword(password);
        }
        config.setPoolName("forkline-team-store");
        config.setMaximumPoolSize(maxConnections);
        config.setMinimumIdle(1);
        config.setConnectionTimeout(CONNECT_TIMEOUT_SECONDS * 1000L + 5000L);
        config.setInitializationFailTimeout(1);
        config.addDataSourceProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
        config.addDataSourceProperty("loginTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
        config.addDataSourceProperty("ApplicationName", "forkline");
        config.addDataSourceProperty("tcpKeepAlive", "true");
        HikariDataSource pool;
        try {
            pool = new HikariDataSource(config);
        } catch (HikariPool.PoolInitializationException e) {
            throw explain(database, e.getCause() != null ? e.getCause() : e);
        } catch (RuntimeException e) {
            throw explain(database, e);
        }
        try (Connection connection = pool.getConnection()) {
            int major = connection.getMetaData().getDatabaseMajorVersion();
            if (major < OLDEST_MAJOR_VERSION) {
                throw new StoreUnavailableException("the team store " + database + " runs PostgreSQL " + major + ": Forkline needs "
                        + OLDEST_MAJOR_VERSION + " or later");
            }
        } catch (SQLException e) {
            pool.close();
            throw explain(database, e);
        } catch (StoreException e) {
            pool.close();
            throw e;
        }
        return pool;
    }

    /** What a failure to connect or log in means, as one sentence naming the store. */
    static StoreException explain(TeamDatabase database, Throwable failure) {
        String state = failure instanceof SQLException sql && sql.getSQLState() != null ? sql.getSQLState() : "";
        String message = failure.getMessage() == null ? failure.toString() : failure.getMessage().strip();
        String detail = message.endsWith(".") ? message.substring(0, message.length() - 1) : message; // a sentence follows
        if (state.startsWith("28")) {
            return new StoreException("the team store " + database + " refused the login of '" + database.user() + "': " + detail
                    + ". Give the password in " + TeamDatabase.PASSWORD_VARIABLE + ", PGPASSWORD or ~/.pgpass, or ask the"
                    + " store's administrator for a role (forkline team init)", failure);
        }
        if ("3D000".equals(state)) {
            return new StoreException("the team store " + database + " has no database '" + database.database() + "': " + detail, failure);
        }
        if (state.startsWith("08") || state.isEmpty()) {
            return new StoreUnavailableException("cannot reach the team store " + database + ": " + detail
                    + ". Is the server running, and are the host and port right?", failure);
        }
        return new StoreException("cannot open the team store " + database + ": " + detail, failure);
    }
}
