package dev.forkline.live.support;

import dev.forkline.live.LiveRoot;
import dev.forkline.live.LiveService;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.Contract;
import dev.forkline.trace.store.TraceStore;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/** A store and a running {@code forkline serve} in a temporary folder, for tests. */
public final class LiveFixture implements AutoCloseable {

    public final Path dir;
    public final TraceStore store;
    public final LiveRoot root;
    public final LiveService service;
    public final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public LiveFixture(Path dir, Contract contract, Supplier<TrustedKeys> trusted) throws Exception {
        this.dir = dir;
        this.store = TraceStore.open(dir.resolve("db/forkline").toAbsolutePath());
        this.root = new LiveRoot(dir.resolve("live"));
        this.service = LiveService.start(store, new LiveService.Settings(root, InetAddress.getLoopbackAddress(), 0, null, trusted,
                project -> Optional.ofNullable(contract), dir.resolve("home"), 20));
    }

    public String endpoint() {
        return "http://127.0.0.1:" + service.port();
    }

    public HttpResponse<byte[]> post(String path, String contentType, byte[] body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(endpoint() + path)).timeout(Duration.ofMinutes(1))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Override
    public void close() {
        service.close();
        store.close();
    }
}
