package dev.forkline.replay.tools;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/** A real Claude Code session from {@code shared/replay}: its tool calls with their recorded results, and its tree. */
final class RecordedSession {

    /** One tool call and what the transcript recorded for it. */
    record Call(int line, String tool, JsonNode input, String result, boolean error) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private RecordedSession() {
    }

    /** {@code shared/replay} beside the repository, or the test is skipped saying where it was looked for. */
    static Path replayRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve("shared").resolve("replay");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
            dir = dir.getParent();
        }
        assumeTrue(false, "shared/replay not found in any folder above " + Path.of("").toAbsolutePath()
                + ": real-session test skipped");
        return null;
    }

    /** The tool calls of a transcript in order, each joined with its tool_result (null result when none came). */
    static List<Call> calls(Path transcript) throws IOException {
        Map<String, JsonNode> uses = new LinkedHashMap<>();
        Map<String, Integer> lines = new HashMap<>();
        Map<String, JsonNode> results = new HashMap<>();
        try (BufferedReader reader = Files.newBufferedReader(transcript, StandardCharsets.UTF_8)) {
            String text;
            int number = 0;
            while ((text = reader.readLine()) != null) {
                number++;
                JsonNode content = JSON.readTree(text).path("message").path("content");
                for (JsonNode block : content) {
                    String type = block.path("type").asText();
                    if (type.equals("tool_use")) {
                        uses.put(block.path("id").asText(), block);
                        lines.put(block.path("id").asText(), number);
                    } else if (type.equals("tool_result")) {
                        results.put(block.path("tool_use_id").asText(), block);
                    }
                }
            }
        }
        List<Call> calls = new ArrayList<>();
        for (Map.Entry<String, JsonNode> use : uses.entrySet()) {
            JsonNode result = results.get(use.getKey());
            calls.add(new Call(lines.get(use.getKey()), use.getValue().path("name").asText(),
                    use.getValue().path("input"), result == null ? null : text(result.path("content")),
                    result != null && result.path("is_error").asBoolean(false)));
        }
        return calls;
    }

    /** The regular files of a {@code .tar.gz} under {@code prefix}, keyed by path after it, placed under {@code into}. */
    static void addTree(Path tarGz, String prefix, String into, Map<String, byte[]> files) throws IOException {
        try (InputStream in = Files.newInputStream(tarGz);
                TarArchiveInputStream tar = new TarArchiveInputStream(new GzipCompressorInputStream(in))) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                if (!entry.isFile() || !entry.getName().startsWith(prefix)) {
                    continue;
                }
                files.put(into + entry.getName().substring(prefix.length()), tar.readAllBytes());
            }
        }
    }

    private static String text(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        List<String> texts = new ArrayList<>();
        for (JsonNode block : content) {
            texts.add(block.path("text").asText());
        }
        return String.join("\n", texts);
    }
}
