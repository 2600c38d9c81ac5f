package dev.forkline.views.data;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which stored traces {@code forkline serve} captured while their agent ran (docs/live.md): a Claude Code session's
 * trace ({@code claude-code-live:<session>}), and an OpenTelemetry trace stored from serve's span log
 * ({@code <live folder>/otel/<trace id>/spans.jsonl}; the same spans imported from a file of one's own are not live).
 */
public final class LiveTraces {

    /** The trace id prefix of a Claude Code session captured by hooks (the live module's {@code ClaudeSessions}). */
    public static final String CLAUDE_CODE_PREFIX = "claude-code-live:";
    static final String OTEL_PREFIX = "otel-genai:";
    private static final Pattern OTEL_TRACE_FOLDER = Pattern.compile("[0-9a-f]{32}");

    private LiveTraces() {
    }

    /** Whether the trace's id alone tells that it is live, or that it may be (then its source path decides). */
    public static boolean mayBeLive(String traceId) {
        return traceId.startsWith(CLAUDE_CODE_PREFIX) || traceId.startsWith(OTEL_PREFIX);
    }

    /** @param source the file or folder the store says the trace was stored from */
    public static boolean capturedLive(String traceId, Optional<Path> source) {
        if (traceId.startsWith(CLAUDE_CODE_PREFIX)) {
            return true;
        }
        if (!traceId.startsWith(OTEL_PREFIX) || source.isEmpty()) {
            return false;
        }
        Path log = source.get();
        Path folder = log.getParent();
        Path otel = folder == null ? null : folder.getParent();
        return log.getFileName() != null && log.getFileName().toString().equals("spans.jsonl")
                && folder.getFileName() != null && OTEL_TRACE_FOLDER.matcher(folder.getFileName().toString()).matches()
                && otel != null && otel.getFileName() != null && otel.getFileName().toString().equals("otel");
    }
}
