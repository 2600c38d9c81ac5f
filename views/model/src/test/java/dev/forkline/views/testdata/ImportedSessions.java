package dev.forkline.views.testdata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Imported sessions for the window's tests: a small one written here in the shape importers give (a {@code start}
 * checkpoint whose files the reviewer supplies, recorded edits as state mutations), and the real ones of
 * {@code shared/replay} (skipped with a message where that folder is absent).
 */
public final class ImportedSessions {

    public static final String TRACE_ID = "imported-demo";
    public static final String ROOT = "/home/dev/proj";
    /** The tree the small session started from: {@link #startingTree}. */
    public static final String README = "# proj\n";
    public static final String CONFIG_BEFORE = "debug = false\n";
    public static final String CONFIG_AFTER = "debug = true\n";
    public static final String NOTES = "remember the config\n";

    private ImportedSessions() {
    }

    /**
     * Writes the small imported session as a bundle: session.start, checkpoint start (supplied; the trace suggests
     * branch main and its working directory), a Write creating notes.txt (its mutation {@code r1.6}), an Edit of config.toml
     * made on {@link #CONFIG_BEFORE} (its mutation {@code r1.9}), session.end.
     *
     * @param toolBundles SWE-agent tool bundles its session.start names (none for a Claude Code-like session)
     */
    public static Path writeBundle(Path target, String... toolBundles) throws IOException {
        EventChain chain = new EventChain();
        Instant t0 = Instant.parse("2026-02-01T10:00:00Z");
        try (BundleWriter writer = BundleWriter.create(target, new Manifest(Manifest.FORMAT_VERSION, TRACE_ID,
                "An imported session", t0, "forkline-tests", "claude-code"))) {
            String notes = writer.putBlob(NOTES.getBytes(StandardCharsets.UTF_8));
            String before = writer.putBlob(CONFIG_BEFORE.getBytes(StandardCharsets.UTF_8));
            String after = writer.putBlob(CONFIG_AFTER.getBytes(StandardCharsets.UTF_8));

            ObjectNode start = Json.object();
            start.put("title", "An imported session");
            start.putObject("environment").put("cwd", ROOT);
            if (toolBundles.length > 0) {
                var bundles = ((ObjectNode) start.get("environment")).putObject("sweAgent").putArray("toolBundles");
                for (String bundle : toolBundles) {
                    bundles.add(bundle);
                }
            } else {
                ((ObjectNode) start.get("environment")).putObject("harness").put("name", "claude-code");
            }
            write(writer, chain, NewEvent.of("r1", "harness", EventType.SESSION_START).touches(StateKind.SESSION).data(start), t0, 0);

            ObjectNode checkpoint = Json.object();
            checkpoint.put("checkpointId", "start");
            checkpoint.put("label", "the tree the session started from (supplied at replay with --workspace)");
            ObjectNode workspace = checkpoint.putObject("workspace");
            workspace.put("root", ROOT);
            workspace.put("source", "supplied");
            workspace.putObject("files");
            ObjectNode tree = checkpoint.putObject("startingTree");
            tree.put("format", "claude-code");
            tree.put("branch", "main");
            tree.put("cwd", ROOT);
            tree.put("hint", "Supply the tree that was at " + ROOT + " when the session started, without the session's own changes.");
            write(writer, chain, NewEvent.of("r1", "harness", EventType.CHECKPOINT).touches(StateKind.WORKSPACE, StateKind.HARNESS)
                    .data(checkpoint), t0, 1);

            write(writer, chain, message("read the config"), t0, 2);
            Event write = write(writer, chain, call("c1", "Write", ROOT + "/notes.txt"), t0, 3);
            write(writer, chain, result("c1"), t0, 4);
            write(writer, chain, mutation("notes.txt", "Write", "create", null, notes).causes(write.id()), t0, 5);
            Event edit = write(writer, chain, call("c2", "Edit", ROOT + "/config.toml"), t0, 6);
            write(writer, chain, result("c2"), t0, 7);
            write(writer, chain, mutation("config.toml", "Edit", "modify", before, after).causes(edit.id()), t0, 8);
            ObjectNode end = Json.object();
            end.put("outcome", "success");
            write(writer, chain, NewEvent.of("r1", "harness", EventType.SESSION_END).touches(StateKind.SESSION).data(end), t0, 9);
            return writer.commit();
        }
    }

    /** The tree the small session started from, as a folder: README.md and config.toml ({@code config} its content). */
    public static Path startingTree(Path dir, String config) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("README.md"), README);
        Files.writeString(dir.resolve("config.toml"), config);
        return dir;
    }

    /** A file of {@code shared/replay}, or the test is skipped saying where it was looked for. */
    /** A real session of {@code shared/samples} (the test is skipped with a message where it is absent). */
    public static Path requireSample(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path file = dir.resolve("shared").resolve("samples").resolve(relative);
            if (Files.exists(file)) {
                return file;
            }
            dir = dir.getParent();
        }
        assumeTrue(false, "shared/samples/" + relative + " not found beside the repository: real-session test skipped");
        return null;
    }

    public static Path requireReplay(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        Path root = null;
        while (dir != null && root == null) {
            Path candidate = dir.resolve("shared").resolve("replay");
            root = Files.isDirectory(candidate) ? candidate : null;
            dir = dir.getParent();
        }
        assumeTrue(root != null, "shared/replay not found beside the repository: real-session test skipped");
        Path file = root.resolve(relative);
        assumeTrue(Files.exists(file), "replay file " + file + " is absent: real-session test skipped");
        return file;
    }

    private static Event write(BundleWriter writer, EventChain chain, NewEvent draft, Instant t0, int second) throws IOException {
        Event event = chain.append(draft.at(t0.plusSeconds(second)));
        writer.write(event);
        return event;
    }

    private static NewEvent message(String text) {
        ObjectNode data = Json.object();
        data.put("from", "human:user");
        data.put("to", "agent:claude-code");
        data.put("text", text);
        return NewEvent.of("r1", "human:user", EventType.AGENT_MESSAGE).touches(StateKind.SESSION).data(data);
    }

    private static NewEvent call(String callId, String tool, String filePath) {
        ObjectNode data = Json.object();
        data.put("callId", callId);
        data.put("tool", tool);
        data.put("effect", "workspace");
        data.putObject("arguments").put("file_path", filePath);
        return NewEvent.of("r1", "agent:claude-code", EventType.TOOL_CALL).touches(StateKind.HARNESS).data(data);
    }

    private static NewEvent result(String callId) {
        ObjectNode data = Json.object();
        data.put("callId", callId);
        data.put("isError", false);
        data.put("stdout", "ok");
        return NewEvent.of("r1", "harness", EventType.TOOL_RESULT).touches(StateKind.HARNESS).data(data);
    }

    private static NewEvent mutation(String path, String tool, String op, String before, String after) {
        ObjectNode data = Json.object();
        data.put("path", path);
        data.put("tool", tool);
        data.put("op", op);
        if (before == null) {
            data.putNull("before");
        } else {
            data.put("before", before);
        }
        data.put("after", after);
        return NewEvent.of("r1", "agent:claude-code", EventType.STATE_MUTATION).touches(StateKind.WORKSPACE).data(data);
    }
}
