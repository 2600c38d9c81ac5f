package dev.forkline.replay.tools;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Small in-memory workspaces and tool inputs for the format tests. */
final class Trees {

    static final String ROOT = "/w/repo";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Trees() {
    }

    /** A tree from alternating paths and contents. */
    static Map<String, byte[]> tree(String... pathsAndContents) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < pathsAndContents.length; i += 2) {
            files.put(pathsAndContents[i], pathsAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
        }
        return files;
    }

    /** A tool input written with single quotes for readability. */
    static JsonNode input(String json) {
        try {
            return JSON.readTree(json.replace('\'', '"'));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("bad test input " + json, e);
        }
    }

    /** The output of a call in {@link #ROOT}, failing when it is not re-run. */
    static String run(String tool, String json, Map<String, byte[]> files) {
        ClaudeCodeReadTools.Outcome outcome = ClaudeCodeReadTools.rerun(tool, input(json), ROOT, ROOT, files);
        return outcome.output().orElseThrow(() -> new AssertionError("not re-run: " + outcome.notRerunBecause()));
    }
}
