package dev.forkline.replay.engine;

import dev.forkline.trace.payload.SessionStartData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.index.TraceIndex;

import java.util.Locale;
import java.util.Optional;

/**
 * What a trace says of a session Forkline did not record (an import): the format it came from, the environment its
 * session.start records, and the directory it worked in.
 *
 * @param format      the importer's format name ({@code claude-code}, {@code swe-agent}, ...)
 * @param environment session.start {@code data.environment}
 * @param root        the absolute directory the session worked in, or null when the trace does not say
 * @param imported    session.start {@code data.imported}: what the importer says of the source (format version,
 *                    environment name ...)
 */
record ImportedSession(String format, JsonNode environment, String root, JsonNode imported) {

    ImportedSession(String format, JsonNode environment, String root) {
        this(format, environment, root, dev.forkline.trace.Json.object());
    }

    /** The imported session of {@code run}'s lineage, or empty for a run Forkline recorded itself. */
    static Optional<ImportedSession> of(TraceIndex index, String run, Event checkpoint) {
        for (Event event : index.lineage(run)) {
            if (event.is(EventType.SESSION_START)) {
                JsonNode imported = event.data().path(SessionStartData.IMPORTED);
                if (!imported.isObject()) {
                    return Optional.empty();
                }
                String root = SuppliedCheckpoint.isSupplied(checkpoint) ? SuppliedCheckpoint.root(checkpoint) : null;
                return Optional.of(new ImportedSession(imported.path(SessionStartData.IMPORTED_FORMAT).asText("unknown"), event.data().path(SessionStartData.ENVIRONMENT), root,
                        imported));
            }
        }
        return Optional.empty();
    }

    boolean isSweAgent() {
        return format.equals("swe-agent");
    }

    boolean isClaudeCode() {
        return format.equals("claude-code");
    }

    /**
     * The operating system the session ran on when the trace says or shows it ({@code macOS}, {@code Windows}), null
     * when it says nothing or it was Linux (where replays run).
     */
    String foreignPlatform() {
        String os = environment.path(SessionStartData.ENVIRONMENT_OS).asText(environment.path(SessionStartData.ENVIRONMENT_PLATFORM).asText("")).toLowerCase(Locale.ROOT);
        if (os.contains("darwin") || os.contains("mac")) {
            return "macOS";
        }
        if (os.contains("win")) {
            return "Windows";
        }
        if (root != null && root.startsWith("/Users/")) {
            return "macOS";
        }
        String cwd = environment.path(SessionStartData.ENVIRONMENT_CWD).asText("");
        if (cwd.startsWith("/Users/")) {
            return "macOS";
        }
        if (cwd.matches("^[A-Za-z]:\\\\.*")) {
            return "Windows";
        }
        return null;
    }
}
