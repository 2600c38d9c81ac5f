package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An interrupted read closes its connection as if it were not interrupted, and stays interrupted. */
class ReadConnectionTest {

    @Test
    void theConnectionIsClosedWithoutTheInterruptWhichIsKept() throws Exception {
        List<Boolean> interruptedAtClose = new ArrayList<>();
        Connection connection = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("close")) {
                        interruptedAtClose.add(Thread.currentThread().isInterrupted());
                    }
                    return null;
                });
        try {
            Thread.currentThread().interrupt();
            new ReadConnection(connection).close();
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
        new ReadConnection(connection).close();

        assertThat(interruptedAtClose).containsExactly(false, false);
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
