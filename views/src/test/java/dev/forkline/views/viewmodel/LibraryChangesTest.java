package dev.forkline.views.viewmodel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.data.TraceLibrary;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class LibraryChangesTest {

    @Test
    void eachChangeFromOutsideReloadsOnTheUiThreadAndClosingStopsFollowing() throws Exception {
        AtomicReference<Runnable> listener = new AtomicReference<>();
        TraceLibrary inMemory = new InMemoryTraceLibrary();
        TraceLibrary library = (TraceLibrary) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {TraceLibrary.class}, (proxy, method, args) -> {
                    if (method.getName().equals("onChange")) {
                        listener.set((Runnable) args[0]);
                        return (AutoCloseable) () -> listener.set(null);
                    }
                    return method.invoke(inMemory, args);
                });
        AtomicInteger reloads = new AtomicInteger();

        AutoCloseable following = LibraryChanges.follow(library, new SameThreadTaskExecutor(), reloads::incrementAndGet);
        listener.get().run();
        listener.get().run();

        assertThat(reloads).hasValue(2);
        following.close();
        assertThat(listener.get()).isNull();
    }
}
