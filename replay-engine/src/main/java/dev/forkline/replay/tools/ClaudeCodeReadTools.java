package dev.forkline.replay.tools;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;
import java.util.Optional;

/** Placeholder until the read tools land: re-runs nothing. */
public final class ClaudeCodeReadTools {

    private ClaudeCodeReadTools() {
    }

    public static Optional<String> run(String tool, JsonNode arguments, String root, Map<String, byte[]> files) {
        return Optional.empty();
    }

    public static String comparable(String tool, String output) {
        return output;
    }
}
