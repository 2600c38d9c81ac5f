package dev.forkline.live.support;

import dev.forkline.live.LiveRoot;
import dev.forkline.live.LiveService;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.store.TraceStore;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code forkline serve} as a process of its own, for tests that kill it: the store and live folder of a
 * {@link LiveFixture} on {@code args[0]}, wired as {@code ServeCommand} wires them (store delay 100 ms), listening on a
 * free loopback port that it prints as {@code PORT n}. Runs until it is killed.
 */
public final class ServeProcess {

    private ServeProcess() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        TraceStore store = TraceStore.open(dir.resolve("db/forkline").toAbsolutePath());
        LiveService service = LiveService.start(store, new LiveService.Settings(new LiveRoot(dir.resolve("live")),
                InetAddress.getLoopbackAddress(), 0, null, TrustedKeys::none, project -> Optional.empty(), dir.resolve("home"), 100));
        System.out.println("PORT " + service.port());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
