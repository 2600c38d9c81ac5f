package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells subscribers what other processes (and this one) commit to the store, within about a second, without reading
 * the library again: for a window that stays current while teammates import traces and decide escapes, or a live view
 * following the open trace.
 *
 * <ul>
 *   <li>A team store (PostgreSQL): every write transaction sends {@code pg_notify('}{@value #CHANNEL}{@code ', ...)},
 *       delivered when it commits; one background thread ({@value #THREAD_NAME}) listens on a dedicated connection
 *       ({@code PGConnection.getNotifications} with a timeout). After a lost connection it listens again and reports
 *       {@link StoreChange.Kind#RELOAD}.</li>
 *   <li>An embedded store (H2): the same thread reads a three-number change counter (the traces, their events, the
 *       deletions) every {@value #POLL_MILLIS} ms, and only when it moved, which traces changed.</li>
 * </ul>
 * Subscribers are called on that background thread, one change at a time, never on a GUI thread: a window hands the
 * change to its own thread. A subscriber that throws is logged and keeps its subscription. The thread starts with the
 * first subscription and ends when the store closes.
 */
public final class StoreChanges implements AutoCloseable {

    static final String CHANNEL = "forkline_changes";
    static final String THREAD_NAME = "forkline-store-changes";
    static final long POLL_MILLIS = 250;
    private static final Logger LOG = LoggerFactory.getLogger(StoreChanges.class);

    private final InterruptSafePool pool;
    private final Dialect dialect;
    private final List<Consumer<StoreChange>> subscribers = new CopyOnWriteArrayList<>();
    private Thread thread;
    private volatile boolean closed;

    StoreChanges(InterruptSafePool pool, Dialect dialect) {
        this.pool = pool;
        this.dialect = dialect;
    }

    /**
     * Calls {@code subscriber} with every change committed from now on, until the returned handle is closed.
     *
     * @throws IllegalStateException when the store is closed
     */
    public synchronized AutoCloseable subscribe(Consumer<StoreChange> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        if (closed) {
            throw new IllegalStateException("the trace store is closed");
        }
        subscribers.add(subscriber);
        if (thread == null) {
            thread = new Thread(dialect == Dialect.POSTGRESQL ? this::listen : this::poll, THREAD_NAME);
            thread.setDaemon(true);
            thread.start();
        }
        return () -> subscribers.remove(subscriber);
    }

    /** Inside a write transaction of a team store: sends the change, which PostgreSQL delivers when the transaction commits. */
    static void publish(Connection connection, Dialect dialect, StoreChange change) throws SQLException {
        if (dialect == Dialect.POSTGRESQL) {
            try (PreparedStatement notify = connection.prepareStatement("SELECT pg_notify(?, ?)")) {
                notify.setString(1, CHANNEL);
                notify.setString(2, change.payload());
                notify.execute();
            }
        }
    }

    private void listen() {
        boolean first = true;
        while (!closed) {
            try (Connection connection = pool.getConnection()) {
                connection.setAutoCommit(true);
                try (Statement listen = connection.createStatement()) {
                    listen.execute("LISTEN " + CHANNEL);
                }
                if (!first) {
                    deliver(new StoreChange(StoreChange.Kind.RELOAD, null, -1));
                }
                first = false;
                PGConnection notifications = connection.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] arrived = notifications.getNotifications((int) POLL_MILLIS * 2);
                    if (arrived != null) {
                        for (PGNotification notification : arrived) {
                            StoreChange change = StoreChange.parse(notification.getParameter());
                            if (change != null) {
                                deliver(change);
                            }
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (closed) {
                    return;
                }
                LOG.warn("store changes: lost the team store's notifications, listening again in a second", e);
                first = false;
                pause(1000);
            }
        }
    }

    private void poll() {
        Counter last = null;
        Map<String, Long> traces = null;
        while (!closed) {
            try (Connection connection = pool.getConnection()) {
                Counter now = Counter.read(connection);
                if (last == null) {
                    traces = traceCounts(connection);
                } else if (!now.equals(last)) {
                    Map<String, Long> current = traceCounts(connection);
                    for (Map.Entry<String, Long> trace : current.entrySet()) {
                        if (!trace.getValue().equals(traces.get(trace.getKey()))) {
                            deliver(new StoreChange(StoreChange.Kind.STORED, trace.getKey(), trace.getValue()));
                        }
                    }
                    for (String gone : traces.keySet()) {
                        if (!current.containsKey(gone)) {
                            deliver(new StoreChange(StoreChange.Kind.DELETED, gone, 0));
                        }
                    }
                    traces = current;
                }
                last = now;
            } catch (SQLException | RuntimeException e) {
                if (closed) {
                    return;
                }
                LOG.warn("store changes: cannot read the change counter", e);
            }
            pause(POLL_MILLIS);
        }
    }

    /** The cheap part of a poll: how many traces, events and deletions there are. */
    private record Counter(long traces, long events, long deletions) {
        static Counter read(Connection connection) throws SQLException {
            try (Statement query = connection.createStatement();
                 ResultSet row = query.executeQuery("SELECT (SELECT COUNT(*) FROM traces), (SELECT COALESCE(SUM(event_count), 0)"
                         + " FROM traces), (SELECT COUNT(*) FROM trace_deletions)")) {
                row.next();
                return new Counter(row.getLong(1), row.getLong(2), row.getLong(3));
            }
        }
    }

    private static Map<String, Long> traceCounts(Connection connection) throws SQLException {
        Map<String, Long> counts = new HashMap<>();
        try (Statement query = connection.createStatement(); ResultSet rows = query.executeQuery("SELECT trace_id, event_count FROM traces")) {
            while (rows.next()) {
                counts.put(rows.getString(1), rows.getLong(2));
            }
        }
        return counts;
    }

    private void deliver(StoreChange change) {
        for (Consumer<StoreChange> subscriber : subscribers) {
            try {
                subscriber.accept(change);
            } catch (RuntimeException e) {
                LOG.warn("store changes: a subscriber failed on {}", change, e);
            }
        }
    }

    private void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    /** Stops the background thread (the store does this when it closes). */
    @Override
    public void close() {
        Thread running;
        synchronized (this) {
            closed = true;
            running = thread;
        }
        subscribers.clear();
        if (running != null) {
            // Not interrupted: an interrupt during H2's file I/O would close the database's file channel. The loops
            // look at 'closed' at least every second.
            try {
                running.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
