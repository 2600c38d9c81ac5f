package dev.forkline.live;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where {@code forkline serve} keeps what it acknowledged, before and besides the store: {@code otel/<trace id>/spans.jsonl}
 * (the spans received for each OpenTelemetry trace, one OTLP/JSON document per line) and {@code claude-code/<session>/}
 * (a bundle directory per Claude Code session, appended to as hooks report). The store is brought up to date from
 * these; after a crash, the next {@code forkline serve} stores them again.
 *
 * @param directory e.g. {@code ~/.local/share/forkline/live}
 */
public record LiveRoot(Path directory) {

    public LiveRoot {
        directory = directory.toAbsolutePath().normalize();
    }

    /** {@code $XDG_DATA_HOME/forkline/live}, else {@code ~/.local/share/forkline/live}. */
    public static LiveRoot defaultRoot(Map<String, String> environment, String userHome) {
        String xdg = environment.get("XDG_DATA_HOME");
        Path data = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : Path.of(userHome, ".local", "share");
        return new LiveRoot(data.resolve("forkline").resolve("live"));
    }

    public Path otelTraces() {
        return directory.resolve("otel");
    }

    public Path claudeSessions() {
        return directory.resolve("claude-code");
    }

    /** The folder of one OpenTelemetry trace ({@code traceId}: 32 lowercase hex digits, checked before). */
    public Path otelTrace(String traceId) {
        return otelTraces().resolve(traceId);
    }

    /** The bundle directory of one Claude Code session. */
    public Path claudeSession(String sessionId) {
        return claudeSessions().resolve(folderName(sessionId));
    }

    /** Characters other than letters, digits, '.', '_' and '-' become '_'; never empty, never hidden. */
    static String folderName(String id) {
        String name = id.replaceAll("[^A-Za-z0-9._-]", "_");
        if (name.length() > 128) {
            name = name.substring(0, 128);
        }
        return name.isEmpty() || name.startsWith(".") ? "_" + name : name;
    }
}
