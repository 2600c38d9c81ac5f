package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every connection of the store's pool closes as if its thread were not interrupted, and the thread stays interrupted. */
class InterruptSafePoolTest {

    private final List<Boolean> interruptedAtClose = new ArrayList<>();

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @Test
    void aConnectionIsClosedWithoutTheInterruptWhichIsKept() throws Exception {
        InterruptSafePool pool = new InterruptSafePool(recordingPool(false));

        Thread.currentThread().interrupt();
        pool.getConnection().close();
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
        Thread.interrupted();
        pool.getConnection().close();

        assertThat(interruptedAtClose).containsExactly(false, false);
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void otherCallsKeepTheInterruptAndFailuresPassThroughUnwrapped() throws Exception {
        InterruptSafePool pool = new InterruptSafePool(recordingPool(true));
        Connection connection = pool.getConnection();

        Thread.currentThread().interrupt();
        assertThat(connection.isClosed()).isTrue();
        assertThatThrownBy(connection::close).isInstanceOf(SQLException.class).hasMessage("close failed");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
        assertThat(interruptedAtClose).containsExactly(true, false);
        assertThat(connection.equals(connection)).as("a connection handed out is itself").isTrue();
        assertThat(connection.equals(pool.getConnection())).as("and no other one handed out").isFalse();
        assertThat(connection.hashCode()).isEqualTo(System.identityHashCode(connection));
    }

    private DataSource recordingPool(boolean closeFails) {
        Connection connection = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "close" -> {
                        interruptedAtClose.add(Thread.currentThread().isInterrupted());
                        if (closeFails) {
                            throw new SQLException("close failed");
                        }
                        yield null;
                    }
                    case "isClosed" -> {
                        interruptedAtClose.add(Thread.currentThread().isInterrupted());
                        yield true;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getConnection" -> connection;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
