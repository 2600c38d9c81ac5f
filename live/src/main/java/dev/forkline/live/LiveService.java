package dev.forkline.live;

import dev.forkline.live.claude.ApprovalWaiter;
import dev.forkline.live.claude.ClaudeSessions;
import dev.forkline.live.otlp.OtelLiveTraces;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.Contract;
import dev.forkline.trace.store.TraceStore;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code forkline serve} assembled: the live folders, the store sync, the OpenTelemetry traces, the Claude Code sessions
 * and the HTTP endpoint. On start, everything already in the live folders is stored again (a previous serve may have
 * been killed after acknowledging and before storing).
 */
public final class LiveService implements AutoCloseable {

    /** How serve is set up. */
    public record Settings(LiveRoot root, InetAddress address, int port, String token, Supplier<TrustedKeys> trusted,
                           Function<Path, Optional<Contract>> contracts, Path home, long storeDelayMillis) {
    }

    private final StoreSync sync;
    private final OtelLiveTraces traces;
    private final ClaudeSessions sessions;
    private final LiveServer server;

    private LiveService(StoreSync sync, OtelLiveTraces traces, ClaudeSessions sessions, LiveServer server) {
        this.sync = sync;
        this.traces = traces;
        this.sessions = sessions;
        this.server = server;
    }

    public static LiveService start(TraceStore store, Settings settings) throws IOException {
        StoreSync sync = new StoreSync(store, settings.trusted(), settings.storeDelayMillis());
        try {
            OtelLiveTraces traces = new OtelLiveTraces(settings.root(), sync);
            ClaudeSessions sessions = new ClaudeSessions(settings.root(), sync, settings.contracts(),
                    new ApprovalWaiter(settings.trusted(), Clock.systemUTC()), Clock.systemUTC(), settings.home());
            for (Path log : traces.spanLogs()) {
                sync.mark(new StoreSync.Source(log, true));
            }
            for (Path session : sessionBundles(settings.root())) {
                sync.mark(new StoreSync.Source(session, false));
            }
            LiveServer server = LiveServer.start(settings.address(), settings.port(), settings.token(), traces, sessions,
                    LiveServer.MAX_BODY_BYTES);
            return new LiveService(sync, traces, sessions, server);
        } catch (IOException | RuntimeException e) {
            sync.close();
            throw e;
        }
    }

    private static java.util.List<Path> sessionBundles(LiveRoot root) throws IOException {
        java.util.List<Path> found = new java.util.ArrayList<>();
        if (!Files.isDirectory(root.claudeSessions())) {
            return found;
        }
        try (DirectoryStream<Path> sessions = Files.newDirectoryStream(root.claudeSessions())) {
            for (Path session : sessions) {
                if (!session.getFileName().toString().startsWith(".") && Files.isRegularFile(session.resolve("manifest.json"))) {
                    found.add(session);
                }
            }
        }
        return found;
    }

    public int port() {
        return server.port();
    }

    public StoreSync sync() {
        return sync;
    }

    public OtelLiveTraces traces() {
        return traces;
    }

    public ClaudeSessions sessions() {
        return sessions;
    }

    @Override
    public void close() {
        server.close();
        sync.close();
    }
}
