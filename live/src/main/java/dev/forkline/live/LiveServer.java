package dev.forkline.live;

import com.sun.net.httpserver.HttpServer;
import dev.forkline.live.claude.ClaudeSessions;
import dev.forkline.live.claude.HookHandler;
import dev.forkline.live.claude.HookSettings;
import dev.forkline.live.http.Access;
import dev.forkline.live.http.Responses;
import dev.forkline.live.otlp.OtelLiveTraces;
import dev.forkline.live.otlp.OtlpTracesHandler;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code forkline serve}'s HTTP endpoint, on the JDK's HTTP server: {@code POST /v1/traces} (OTLP/HTTP),
 * {@code POST /v1/hooks/claude-code} (Claude Code hooks) and {@code GET /v1/health}. Each request runs on its own
 * virtual thread, so hook calls waiting for the owner hold no platform thread. Listens on loopback unless an address
 * and a token are given.
 */
public final class LiveServer implements AutoCloseable {

    public static final int DEFAULT_PORT = 4318;
    public static final long MAX_BODY_BYTES = 32L << 20;
    public static final int MAX_IN_FLIGHT = 64;

    private final HttpServer server;
    private final ExecutorService executor;

    private LiveServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /**
     * @param address where to listen; a non-loopback address needs a token
     * @param port    0 picks a free port
     * @param token   required in {@code Authorization: Bearer} when not null
     */
    public static LiveServer start(InetAddress address, int port, String token, OtelLiveTraces traces, ClaudeSessions sessions,
                                   long maxBodyBytes) throws IOException {
        if (!address.isLoopbackAddress() && (token == null || token.isBlank())) {
            throw new IllegalArgumentException("listening on " + address.getHostAddress() + " needs a token (--token): "
                    + "anyone who reaches the port could write traces");
        }
        Access access = token == null ? Access.loopbackOnly() : new Access(token);
        HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 128);
        server.createContext("/v1/traces", new OtlpTracesHandler(traces, access, maxBodyBytes, MAX_IN_FLIGHT));
        server.createContext(HookSettings.PATH, new HookHandler(sessions, access, maxBodyBytes));
        server.createContext("/v1/health", exchange -> {
            Responses.discardBody(exchange);
            Responses.text(exchange, 200, "forkline serve");
        });
        server.createContext("/", exchange -> {
            Responses.discardBody(exchange);
            Responses.text(exchange, 404, "unknown path " + exchange.getRequestURI().getPath()
                    + " (POST /v1/traces or /v1/hooks/claude-code)");
        });
        ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(executor);
        server.start();
        return new LiveServer(server, executor);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    @Override
    public void close() {
        server.stop(1);
        executor.shutdownNow();
    }
}
