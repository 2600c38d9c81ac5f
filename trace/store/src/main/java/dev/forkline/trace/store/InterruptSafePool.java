package dev.forkline.trace.store;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The store's connection pool, handing out connections that close with the closing thread's interrupt flag cleared
 * (and set again afterwards). Reads run on window tasks, which are interrupted when cancelled or when the window
 * closes; when such a task closes the database's last connection, H2 closes its files on that thread, and an interrupt
 * during H2's file I/O closes the file channel under it: the database then never finishes closing and keeps its file
 * locked (h2database#1076).
 */
final class InterruptSafePool implements DataSource {

    private final DataSource pool;

    InterruptSafePool(DataSource pool) {
        this.pool = pool;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return closingUninterrupted(pool.getConnection());
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        return closingUninterrupted(pool.getConnection(user, password));
    }

    private static Connection closingUninterrupted(Connection connection) {
        return (Connection) Proxy.newProxyInstance(InterruptSafePool.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("equals") && method.getParameterCount() == 1) {
                        return proxy == args[0];
                    }
                    if (method.getName().equals("hashCode") && method.getParameterCount() == 0) {
                        return System.identityHashCode(proxy);
                    }
                    boolean closing = method.getName().equals("close") && method.getParameterCount() == 0;
                    boolean interrupted = closing && Thread.interrupted();
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    } finally {
                        if (interrupted) {
                            Thread.currentThread().interrupt();
                        }
                    }
                });
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return pool.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        pool.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        pool.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return pool.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return pool.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return type.isInstance(pool) ? type.cast(pool) : pool.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return type.isInstance(pool) || pool.isWrapperFor(type);
    }
}
