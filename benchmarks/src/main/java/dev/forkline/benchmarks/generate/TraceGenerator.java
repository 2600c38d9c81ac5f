package dev.forkline.benchmarks.generate;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.benchmarks.harness.WorkDirs;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.SplittableRandom;

/**
 * Writes a large, realistic bundle deterministically from a seed: agents taking turns (model call, tool call, tool
 * result with output, now and then a file mutation with its blob, a message, a handoff, a process), a checkpoint of
 * the whole workspace every few hundred events, and a fork from a checkpoint near 60% of the root run.
 */
public final class TraceGenerator {

    /** What was written. */
    public record Generated(Path bundle, String traceId, String rootRun, String forkRun, int events, int blobs,
                            long traceBytes) {
    }

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private static final String ROOT_RUN = "r1";
    private static final String FORK_RUN = "r2";

    private final TraceSpec spec;
    private final SplittableRandom random;
    private final TextMaker text;
    private final EventChain chain = new EventChain();
    private final BundleWriter writer;
    private final String[] paths;
    private final String[] contentHashes;
    private final int[] versions;
    private Instant clock = START;
    private int written;
    private int blobs;
    private int callCounter;
    private int pidCounter = 100;
    private int checkpointCounter;
    private Event lastCheckpoint;

    private TraceGenerator(TraceSpec spec, BundleWriter writer) {
        this.spec = spec;
        this.random = new SplittableRandom(spec.seed());
        this.text = new TextMaker(random);
        this.writer = writer;
        this.paths = new String[spec.workspaceFiles()];
        this.contentHashes = new String[spec.workspaceFiles()];
        this.versions = new int[spec.workspaceFiles()];
    }

    /**
     * Reuses the bundle at {@code target} when an earlier run wrote it from the same spec (its manifest says so),
     * else writes it.
     */
    public static Generated writeOrReuse(TraceSpec spec, Path target) throws IOException {
        Path marker = target.resolveSibling(target.getFileName() + ".spec");
        if (Files.isDirectory(target) && Files.isRegularFile(marker) && Files.readString(marker).equals(spec.toString())) {
            String[] facts = Files.readString(target.resolveSibling(target.getFileName() + ".facts")).strip().split(" ");
            return new Generated(target, facts[0], ROOT_RUN, spec.forkShare() > 0 ? FORK_RUN : null, Integer.parseInt(facts[1]),
                    Integer.parseInt(facts[2]), Files.size(target.resolve(Bundle.EVENTS)));
        }
        if (Files.exists(target)) {
            WorkDirs.deleteTree(target);
        }
        Generated generated = write(spec, target);
        Files.writeString(target.resolveSibling(target.getFileName() + ".facts"),
                generated.traceId() + " " + generated.events() + " " + generated.blobs() + "\n");
        Files.writeString(marker, spec.toString());
        return generated;
    }

    /** Writes the bundle directory {@code target} (which must not exist). */
    public static Generated write(TraceSpec spec, Path target) throws IOException {
        String traceId = "bench-" + spec.events() + "-" + Long.toHexString(spec.seed());
        Manifest manifest = Manifest.of(traceId, "Benchmark trace of " + spec.events() + " events", START, "forkline-benchmarks");
        try (BundleWriter writer = BundleWriter.create(target, manifest)) {
            TraceGenerator generator = new TraceGenerator(spec, writer);
            generator.generate();
            writer.commit();
            return new Generated(target, traceId, ROOT_RUN, spec.forkShare() > 0 ? FORK_RUN : null, generator.written,
                    generator.blobs, Files.size(target.resolve(Bundle.EVENTS)));
        }
    }

    private void generate() throws IOException {
        int forkEvents = (int) (spec.events() * spec.forkShare());
        int rootEvents = spec.events() - forkEvents;
        int forkAt = (int) (rootEvents * 0.6);
        Event forkPoint = null;

        sessionStart();
        initialWorkspace();
        checkpoint(ROOT_RUN, "baseline");
        int sinceCheckpoint = 0;
        while (written < rootEvents - 1) {
            int before = written;
            turn(ROOT_RUN, rootEvents - 1 - written);
            sinceCheckpoint += written - before;
            if (sinceCheckpoint >= spec.checkpointEvery() && written < rootEvents - 1) {
                checkpoint(ROOT_RUN, "auto");
                sinceCheckpoint = 0;
                if (forkPoint == null && written >= forkAt) {
                    forkPoint = lastCheckpoint;
                }
            }
        }
        append(NewEvent.of(ROOT_RUN, "harness", EventType.SESSION_END).touches(StateKind.SESSION)
                .data(object().put("outcome", "success").put("summary", "all agents finished")));

        if (forkEvents > 0) {
            fork(forkPoint != null ? forkPoint : lastCheckpoint, forkEvents);
        }
    }

    private void fork(Event forkPoint, int forkEvents) throws IOException {
        chain.startFork(FORK_RUN, forkPoint);
        int target = written + forkEvents;
        append(NewEvent.of(FORK_RUN, "human:reviewer", EventType.RUN_FORK).touches(StateKind.SESSION)
                .data(object().put("parentRun", ROOT_RUN).put("checkpoint", forkPoint.data().path("checkpointId").asText())
                        .put("checkpointEvent", forkPoint.id()).put("reason", "fork").set("edits", Json.MAPPER.createArrayNode())));
        while (written < target - 1) {
            turn(FORK_RUN, target - 1 - written);
        }
        append(NewEvent.of(FORK_RUN, "harness", EventType.SESSION_END).touches(StateKind.SESSION)
                .data(object().put("outcome", "failure").put("summary", "the fork diverged")));
    }

    private void sessionStart() throws IOException {
        ObjectNode data = object().put("title", "Generated benchmark run");
        ObjectNode environment = data.putObject("environment");
        environment.put("image", "forkline/sandbox:1").put("imageDigest", "sha256:" + "0".repeat(64)).put("os", "linux")
                .put("user", "10001:10001").put("cwd", "/workspace");
        environment.putObject("git").put("repository", "https://example.invalid/bench.git").put("branch", "main")
                .put("commit", "0123456789abcdef0123456789abcdef01234567");
        environment.putObject("harness").put("name", "forkline-benchmarks").put("version", "1");
        environment.putObject("isolation").put("network", "none").put("readOnlyRoot", true);
        data.putObject("model").put("provider", "example").put("model", "bench-model").put("version", "1");
        append(NewEvent.of(ROOT_RUN, "harness", EventType.SESSION_START).touches(StateKind.SESSION).data(data));
    }

    private void initialWorkspace() throws IOException {
        for (int i = 0; i < paths.length; i++) {
            paths[i] = "src/" + "module" + (i % 17) + "/File" + i + ".java";
            contentHashes[i] = writer.putBlob(fileContent(i));
            blobs++;
        }
    }

    private byte[] fileContent(int file) {
        return ("// " + paths[file] + " version " + versions[file] + "\n" + text.code(400 + random.nextInt(1600)))
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** One agent turn: 3 to 8 events, never more than {@code room}. */
    private void turn(String run, int room) throws IOException {
        if (room < 3) {
            for (int i = 0; i < room; i++) {
                note(run);
            }
            return;
        }
        String agent = "agent:a" + random.nextInt(spec.agents());
        int roll = random.nextInt(100);
        String callId = "call-" + (++callCounter);
        Event model = modelCall(run, agent, callId);
        Event call = toolCall(run, agent, callId, model);
        toolResult(run, callId, call);
        int left = room - 3;
        if (left > 0 && roll < 15) {
            mutation(run, agent, call);
            left--;
        }
        if (left > 0 && roll >= 15 && roll < 22) {
            append(NewEvent.of(run, agent, EventType.AGENT_MESSAGE).touches(StateKind.SESSION).data(object()
                    .put("from", agent).put("to", "agent:a" + random.nextInt(spec.agents())).put("text", text.words(12 + random.nextInt(30)))));
            left--;
        }
        if (left > 0 && roll >= 22 && roll < 25) {
            append(NewEvent.of(run, agent, EventType.AGENT_HANDOFF).touches(StateKind.HARNESS).data(object()
                    .put("from", agent).put("to", "agent:a" + random.nextInt(spec.agents())).put("reason", text.words(6))));
            left--;
        }
        if (left > 1 && roll >= 25 && roll < 29) {
            int pid = ++pidCounter;
            ArrayNode argv = Json.MAPPER.createArrayNode().add("python3").add("-m").add("http.server");
            ObjectNode start = object().put("pid", pid).put("name", "python3");
            start.set("argv", argv);
            append(NewEvent.of(run, "sandbox", EventType.PROCESS_START).touches(StateKind.PROCESS).causes(call.id()).data(start));
            append(NewEvent.of(run, "sandbox", EventType.PROCESS_EXIT).touches(StateKind.PROCESS)
                    .data(object().put("pid", pid).put("exitCode", 0)));
        }
    }

    private Event modelCall(String run, String agent, String callId) throws IOException {
        ObjectNode data = object().put("model", "bench-model").put("provider", "example");
        data.putObject("input").put("summary", text.words(10 + random.nextInt(20)));
        ObjectNode output = data.putObject("output").put("text", text.words(20 + random.nextInt(60)));
        ObjectNode toolCall = output.putArray("toolCalls").addObject().put("callId", callId).put("name", "bash");
        toolCall.putObject("arguments").put("cmd", "make test TARGET=" + text.words(1));
        data.putObject("usage").put("inputTokens", 1000 + random.nextInt(30000)).put("outputTokens", 50 + random.nextInt(900))
                .put("cacheReadTokens", random.nextInt(20000)).put("cacheWriteTokens", random.nextInt(2000));
        data.put("costUsd", (random.nextInt(5000) + 1) / 100000.0).put("latencyMs", 300 + random.nextInt(4000));
        return append(NewEvent.of(run, agent, EventType.MODEL_CALL).touches(StateKind.SESSION).data(data));
    }

    private Event toolCall(String run, String agent, String callId, Event model) throws IOException {
        String command = "make test TARGET=" + text.words(1);
        ObjectNode data = object().put("callId", callId).put("tool", "bash");
        data.putObject("arguments").put("cmd", command);
        data.put("effect", random.nextInt(10) == 0 ? "read" : "workspace");
        ObjectNode exec = data.putObject("exec");
        exec.putArray("argv").add("sh").add("-c").add(command);
        exec.put("cwd", "/workspace").put("timeoutMs", 60000);
        exec.putObject("env").put("CI", "1");
        return append(NewEvent.of(run, agent, EventType.TOOL_CALL).causes(model.id())
                .touches(StateKind.WORKSPACE, StateKind.PROCESS).data(data));
    }

    private void toolResult(String run, String callId, Event call) throws IOException {
        boolean failed = random.nextInt(12) == 0;
        ObjectNode data = object().put("callId", callId).put("exitCode", failed ? 2 : 0);
        if (random.nextInt(20) == 0) {
            data.put("stdoutBlob", writer.putBlob(text.log(4000 + random.nextInt(12000)).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            blobs++;
            data.put("stdout", "(see blob)");
        } else {
            data.put("stdout", text.log(100 + random.nextInt(500)));
        }
        data.put("stderr", failed ? "error: " + text.words(8) : "");
        data.put("durationMs", 20 + random.nextInt(5000));
        append(NewEvent.of(run, "sandbox", EventType.TOOL_RESULT).causes(call.id())
                .touches(StateKind.WORKSPACE, StateKind.PROCESS).data(data));
    }

    private void mutation(String run, String agent, Event call) throws IOException {
        int file = random.nextInt(paths.length);
        versions[file]++;
        String before = contentHashes[file];
        String after = writer.putBlob(fileContent(file));
        blobs++;
        contentHashes[file] = after;
        append(NewEvent.of(run, "sandbox", EventType.STATE_MUTATION).causes(call.id()).touches(StateKind.WORKSPACE)
                .data(object().put("path", paths[file]).put("op", "modify").put("before", before).put("after", after).put("mode", "0644")));
    }

    private void note(String run) throws IOException {
        append(NewEvent.of(run, "harness", EventType.NOTE).data(object().put("text", text.words(8))));
    }

    private void checkpoint(String run, String label) throws IOException {
        ObjectNode data = object().put("checkpointId", "cp-" + (++checkpointCounter)).put("label", label);
        ObjectNode workspace = data.putObject("workspace").put("root", "/workspace");
        ObjectNode files = workspace.putObject("files");
        for (int i = 0; i < paths.length; i++) {
            files.putObject(paths[i]).put("blob", contentHashes[i]).put("mode", "0644");
        }
        data.putObject("harness").putArray("pending");
        data.putArray("processes");
        lastCheckpoint = append(NewEvent.of(run, "harness", EventType.CHECKPOINT)
                .touches(StateKind.WORKSPACE, StateKind.HARNESS, StateKind.PROCESS).data(data));
    }

    private Event append(NewEvent draft) throws IOException {
        clock = clock.plusMillis(10 + random.nextInt(2000));
        Event event = chain.append(draft.at(clock));
        writer.write(event);
        written++;
        return event;
    }

    private static ObjectNode object() {
        return Json.object();
    }
}
