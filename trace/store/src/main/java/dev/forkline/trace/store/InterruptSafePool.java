package dev.forkline.trace.store;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The store's connection pool as its reads use it, handing out connections that close with the closing thread's
 * interrupt flag cleared (and set again afterwards). Reads run on window tasks, which are interrupted when cancelled or
 * when the window closes; when such a task closes the database's last connection, H2 closes its files on that thread,
 * and an interrupt during H2's file I/O closes the file channel under it: the database then never finishes closing and
 * keeps its file locked (h2database#1076). Not a {@link DataSource} itself: that would drag in
 * {@code java.util.logging} (its parent logger), which the code base keeps out.
 */
final class InterruptSafePool {

    private final DataSource pool;

    InterruptSafePool(DataSource pool) {
        this.pool = pool;
    }

    Connection getConnection() throws SQLException {
        return closingUninterrupted(pool.getConnection());
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
}
