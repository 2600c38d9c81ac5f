package dev.forkline.benchmarks.generate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * An imported Claude Code session that edits a start tree many times, written as a bundle: a {@code start} checkpoint
 * whose files are supplied at replay (as importers emit it), then for each edit a {@code tool.call}, its
 * {@code tool.result} and the {@code state.mutation} it caused, with the payload the Claude Code importer writes
 * ({@code FileEditMutations}): {@code path}, {@code tool}, the {@code edits} ({@code oldString}/{@code newString}),
 * {@code replaceAll}, {@code op}, and the {@code before}/{@code after} contents as blobs. One edit in twenty is a
 * {@code Write} that creates a new file (no before); the others are {@code Edit}s of one line of a file (one in four
 * also adds a line), spread over a fixed set of files as an agent's edits are. Deterministic from the seed.
 */
public final class EditSessionFixture {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final String ROOT = "/home/dev/project";
    private static final String RUN = "r1";
    private static final String ACTOR = "claude-code";

    /**
     * @param bundle the bundle directory written
     * @param end    the tree after the last edit (path to content), what rebuilding must give
     * @param edits  the number of {@code state.mutation} events
     */
    public record Generated(Path bundle, Map<String, byte[]> end, int edits) {
    }

    private EditSessionFixture() {
    }

    /**
     * Writes the session to {@code target} (which must not exist).
     *
     * @param start       the start tree (path to content, UTF-8 text)
     * @param edits       how many edits
     * @param editedFiles how many of the start tree's files the {@code Edit}s touch
     */
    public static Generated write(Map<String, byte[]> start, int edits, int editedFiles, long seed, Path target) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        TextMaker text = new TextMaker(random);
        Map<String, String> current = new LinkedHashMap<>();
        start.forEach((path, content) -> current.put(path, new String(content, StandardCharsets.UTF_8)));
        List<String> startPaths = new ArrayList<>(start.keySet());
        List<String> editable = new ArrayList<>();
        for (int i = 0; i < editedFiles && i < startPaths.size(); i++) {
            editable.add(startPaths.get((int) ((long) i * startPaths.size() / editedFiles)));
        }
        EventChain chain = new EventChain();
        Instant clock = T0;
        try (BundleWriter writer = BundleWriter.create(target, Manifest.of("bench-edit-session", "A session of " + edits + " edits",
                T0, "forkline-benchmarks"))) {
            writer.write(chain.append(NewEvent.of(RUN, "harness", EventType.SESSION_START).at(clock).touches(StateKind.SESSION)
                    .data(Json.object().put("title", "a session of " + edits + " edits"))));
            ObjectNode checkpoint = Json.object().put("checkpointId", "start").put("label", "the tree the session started from");
            checkpoint.putObject("workspace").put("root", ROOT).put("source", "supplied").putObject("files");
            writer.write(chain.append(NewEvent.of(RUN, "harness", EventType.CHECKPOINT).at(clock).touches(StateKind.WORKSPACE)
                    .data(checkpoint)));
            for (int k = 0; k < edits; k++) {
                clock = clock.plusSeconds(7);
                String callId = "toolu_" + k;
                ObjectNode mutation;
                ObjectNode arguments = Json.object();
                String tool;
                if (k % 20 == 19) {
                    tool = "Write";
                    String path = "src/new/written" + k + ".txt";
                    String content = text.code(2_000 + random.nextInt(8_000));
                    arguments.put("file_path", ROOT + "/" + path).put("content", content);
                    mutation = Json.object().put("path", path).put("tool", tool).put("op", "create").putNull("before")
                            .put("after", writer.putBlob(bytes(content)));
                    current.put(path, content);
                    editable.add(path);
                } else {
                    tool = "Edit";
                    String path = editable.get(random.nextInt(editable.size()));
                    String before = current.get(path);
                    String oldLine = uniqueLine(before, random);
                    String newLine = oldLine + " // edited " + k + (random.nextInt(4) == 0 ? "\n    added_" + k + " = " + text.words(4) + ";" : "");
                    int at = before.indexOf(oldLine);
                    String after = before.substring(0, at) + newLine + before.substring(at + oldLine.length());
                    arguments.put("file_path", ROOT + "/" + path).put("old_string", oldLine).put("new_string", newLine);
                    mutation = Json.object().put("path", path).put("tool", tool);
                    mutation.putArray("edits").addObject().put("oldString", oldLine).put("newString", newLine);
                    mutation.put("replaceAll", false).put("op", "modify").put("before", writer.putBlob(bytes(before)))
                            .put("after", writer.putBlob(bytes(after)));
                    current.put(path, after);
                }
                var call = chain.append(NewEvent.of(RUN, ACTOR, EventType.TOOL_CALL).at(clock).touches(StateKind.SESSION)
                        .data(Json.object().put("callId", callId).put("tool", tool).put("effect", "workspace").set("arguments", arguments)));
                writer.write(call);
                writer.write(chain.append(NewEvent.of(RUN, ACTOR, EventType.TOOL_RESULT).at(clock.plusSeconds(1)).causes(call.id())
                        .touches(StateKind.SESSION).data(Json.object().put("callId", callId).put("isError", false)
                                .put("stdout", "The file " + ROOT + "/" + mutation.path("path").asText() + " has been updated."))));
                writer.write(chain.append(NewEvent.of(RUN, ACTOR, EventType.STATE_MUTATION).at(clock.plusSeconds(1)).causes(call.id())
                        .touches(StateKind.WORKSPACE).data(mutation)));
            }
            writer.write(chain.append(NewEvent.of(RUN, "harness", EventType.SESSION_END).at(clock.plusSeconds(2)).touches(StateKind.SESSION)
                    .data(Json.object().put("outcome", "success").put("summary", edits + " edits"))));
            Path bundle = writer.commit();
            Map<String, byte[]> end = new LinkedHashMap<>();
            current.forEach((path, content) -> end.put(path, bytes(content)));
            return new Generated(bundle, end, edits);
        }
    }

    /** A non-blank line of {@code text} that occurs in it exactly once (as an Edit's old string must). */
    private static String uniqueLine(String text, SplittableRandom random) {
        String[] lines = text.split("\n");
        for (int attempt = 0; attempt < 100; attempt++) {
            String line = lines[random.nextInt(lines.length)];
            if (!line.isBlank() && text.indexOf(line) == text.lastIndexOf(line)) {
                return line;
            }
        }
        throw new IllegalStateException("no line occurs once in a file of " + text.length() + " characters");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
