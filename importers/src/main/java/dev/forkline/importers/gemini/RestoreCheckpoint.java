package dev.forkline.importers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.JsonDocuments;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A {@code /restore} checkpoint ({@code ~/.gemini/tmp/<project_hash>/checkpoints/<time>-<file>-<tool>.json}), written
 * with checkpointing on just before an edit tool ran: the tool call about to run ({@code toolCall {name, args}}), the
 * commit of Gemini CLI's shadow git repository that snapshots the project at that moment ({@code commitHash}), the
 * model's history then ({@code clientHistory}) and the prompt id ({@code messageId}). {@code /restore <name>} resets the
 * project to that commit.
 *
 * @param name the file name without {@code .json}: what {@code /restore} is given
 */
record RestoreCheckpoint(String name, String commitHash, String toolName, JsonNode toolArgs, String messageId, JsonNode document) {

    /** Whether {@code document} has the shape of a restore checkpoint. */
    static boolean isOne(JsonNode document) {
        return document != null && document.isObject() && document.path("toolCall").isObject()
                && document.get("toolCall").path("name").isTextual();
    }

    static RestoreCheckpoint of(String name, JsonNode document) {
        JsonNode call = document.get("toolCall");
        return new RestoreCheckpoint(name, JsonFields.text(document, "commitHash"), call.get("name").asText(), call.get("args"),
                JsonFields.text(document, "messageId"), document);
    }

    /** Whether this checkpoint was taken before {@code tool} with {@code args} ran. */
    boolean precedes(String tool, JsonNode args) {
        return toolName.equals(tool) && (toolArgs == null || toolArgs.equals(args));
    }

    /**
     * The restore checkpoints of a project folder ({@code <project>/checkpoints/*.json}), sorted by name (their names
     * begin with the time they were taken). Files that are not checkpoints are counted in {@code unreadable}.
     */
    static List<RestoreCheckpoint> inProject(Path projectDir, int[] unreadable) throws IOException {
        Path dir = projectDir == null ? null : projectDir.resolve("checkpoints");
        List<RestoreCheckpoint> checkpoints = new ArrayList<>();
        if (dir == null || !Files.isDirectory(dir)) {
            return checkpoints;
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(file -> file.getFileName().toString().endsWith(".json") && Files.isRegularFile(file)).sorted().toList();
        }
        for (Path file : files) {
            try {
                JsonNode document = JsonDocuments.read(file);
                if (isOne(document)) {
                    String name = file.getFileName().toString();
                    checkpoints.add(of(name.substring(0, name.length() - ".json".length()), document));
                    continue;
                }
            } catch (TraceFormatException | IOException unreadableFile) {
                // counted below
            }
            unreadable[0]++;
        }
        return checkpoints;
    }
}
