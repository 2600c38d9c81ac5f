package dev.forkline.trace.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Small but realistic traces built with the real EventChain: a root run with tool calls, blobs and a checkpoint, and a fork. */
final class SampleTraces {

    static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    final EventChain chain = new EventChain();
    final MemoryBlobStore blobs = new MemoryBlobStore();
    final List<Event> events = new ArrayList<>();
    final String traceId;
    private final String salt;
    private int tick;

    SampleTraces(String traceId) {
        this(traceId, "");
    }

    /** @param salt added to every blob's content, so that traces with different salts share no blob */
    SampleTraces(String traceId, String salt) {
        this.traceId = traceId;
        this.salt = salt;
    }

    /** A root run r1 (9 events, 3 blobs) and a fork r2 from its checkpoint (3 events, 1 more blob). */
    static SampleTraces standard(String traceId) {
        return standard(traceId, "");
    }

    static SampleTraces standard(String traceId, String salt) {
        SampleTraces t = new SampleTraces(traceId, salt);
        t.rootRun();
        t.forkRun();
        return t;
    }

    Event add(NewEvent draft) {
        Event event = chain.append(draft.at(T0.plusMillis(250L * tick++)));
        events.add(event);
        return event;
    }

    String blob(String text) {
        return blobs.put((text + salt).getBytes(StandardCharsets.UTF_8));
    }

    void rootRun() {
        ObjectNode start = Json.object();
        start.put("title", "Fix the failing build");
        start.putObject("environment").put("image", "python:3.12").put("imageDigest",
                "sha256:1111111111111111111111111111111111111111111111111111111111111111");
        add(NewEvent.of("r1", "harness", EventType.SESSION_START).touches(StateKind.SESSION).data(start));

        ObjectNode model = Json.object();
        model.put("model", "claude-x");
        model.putObject("input").put("summary", "Please fix the build");
        model.putObject("output").put("text", "I will run the tests first");
        add(NewEvent.of("r1", "agent:coder", EventType.MODEL_CALL).touches(StateKind.SESSION).data(model));

        ObjectNode call = Json.object();
        call.put("callId", "c1").put("tool", "Bash").put("effect", "process");
        call.putObject("arguments").put("command", "pytest -q tests/");
        Event callEvent = add(NewEvent.of("r1", "agent:coder", EventType.TOOL_CALL).touches(StateKind.PROCESS).data(call));

        ObjectNode result = Json.object();
        result.put("callId", "c1").put("exitCode", 1).put("stdout", "FAILED test_parser.py::test_Unicode");
        result.put("stdoutBlob", blob("full pytest output\n" + "x".repeat(1000)));
        add(NewEvent.of("r1", "sandbox", EventType.TOOL_RESULT).causes(callEvent.id()).touches(StateKind.PROCESS).data(result));

        ObjectNode mutation = Json.object();
        mutation.put("path", "src/parser.py").put("op", "modify");
        mutation.put("before", blob("def parse(): return None\n"));
        mutation.put("after", blob("def parse(): return 42\n"));
        add(NewEvent.of("r1", "agent:coder", EventType.STATE_MUTATION).touches(StateKind.WORKSPACE).data(mutation));

        ObjectNode checkpoint = Json.object();
        checkpoint.put("checkpointId", "cp1").put("label", "after the fix");
        checkpoint.putObject("workspace").put("root", "/workspace").putObject("files")
                .putObject("src/parser.py").put("blob", blob("def parse(): return 42\n")).put("mode", "0644");
        add(NewEvent.of("r1", "harness", EventType.CHECKPOINT).touches(StateKind.WORKSPACE).data(checkpoint));

        ObjectNode message = Json.object();
        message.put("from", "agent:coder").put("to", "agent:reviewer").put("text", "Please review the Parser change");
        add(NewEvent.of("r1", "agent:coder", EventType.AGENT_MESSAGE).touches(StateKind.SESSION).data(message));

        ObjectNode error = Json.object();
        error.put("message", "reviewer timed out").put("kind", "timeout");
        add(NewEvent.of("r1", "harness", EventType.ERROR).data(error));

        ObjectNode end = Json.object();
        end.put("outcome", "failure");
        add(NewEvent.of("r1", "harness", EventType.SESSION_END).touches(StateKind.SESSION).data(end));
    }

    void forkRun() {
        Event checkpoint = events.stream().filter(e -> e.is(EventType.CHECKPOINT)).findFirst().orElseThrow();
        chain.startFork("r2", checkpoint);
        ObjectNode fork = Json.object();
        fork.put("parentRun", "r1").put("checkpoint", "cp1").put("checkpointEvent", checkpoint.id()).put("reason", "replay");
        fork.putArray("edits");
        add(NewEvent.of("r2", "human:ana", EventType.RUN_FORK).touches(StateKind.SESSION).data(fork));

        ObjectNode call = Json.object();
        call.put("callId", "c2").put("tool", "Write").put("effect", "workspace");
        call.putObject("arguments").put("path", "src/lexer.py").put("content", "TOKENS = []");
        Event callEvent = add(NewEvent.of("r2", "agent:coder", EventType.TOOL_CALL).touches(StateKind.WORKSPACE).data(call));

        ObjectNode result = Json.object();
        result.put("callId", "c2").put("exitCode", 0).put("stdout", "wrote 11 bytes");
        result.put("stdoutBlob", blob("wrote src/lexer.py"));
        add(NewEvent.of("r2", "sandbox", EventType.TOOL_RESULT).causes(callEvent.id()).touches(StateKind.WORKSPACE).data(result));
    }

    /** A human decision, as the app would append it. */
    Event decision(String subject) {
        ObjectNode data = Json.object();
        data.put("subject", subject).put("verdict", "approve").put("owner", "human:ana").put("rationale", "looks right");
        return add(NewEvent.of("r2", "human:ana", EventType.APPROVAL_DECISION).causes(subject).data(data));
    }

    /** A decision by {@code owner} ({@code approve} or {@code deny}), stamped with when it was taken. */
    Event decision(String subject, String owner, String verdict, String decidedAt) {
        ObjectNode data = Json.object();
        data.put("subject", subject).put("verdict", verdict).put("owner", owner).put("rationale", owner + " says " + verdict)
                .put("decidedAt", decidedAt);
        return add(NewEvent.of("r2", "human:" + owner, EventType.APPROVAL_DECISION).causes(subject).data(data));
    }

    Manifest manifest() {
        return new Manifest(Manifest.FORMAT_VERSION, traceId, "Fix the failing build", T0, "forkline-test/1", "forkline");
    }

    Bundle bundle() {
        return bundle(events, blobs);
    }

    Bundle bundle(List<Event> someEvents, BlobSource blobSource) {
        int[] lines = new int[someEvents.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = i + 1;
        }
        return new Bundle("test:" + traceId, manifest(), someEvents, lines, blobSource);
    }
}
