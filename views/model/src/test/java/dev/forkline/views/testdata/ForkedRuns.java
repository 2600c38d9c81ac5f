package dev.forkline.views.testdata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A run whose failure has a cause that looks normal, and a fork of it that does one thing more, for comparing and for
 * causes. Run r1: the agent asks for {@code rm -rf tests} (exit 0), then {@code python -m pytest -q}, which fails (exit
 * 5, no tests ran), and the session fails. Run r2, forked from the checkpoint before: the same two model calls and
 * commands under new call ids, with {@code git checkout -- tests} between them, so the tests pass.
 */
public final class ForkedRuns {

    public static final String TRACE_ID = "forked-runs";
    public static final Instant T0 = Instant.parse("2026-03-01T09:00:00Z");
    /** r1's events: the rm call, its result, the pytest model call, the pytest call and its failed result. */
    public static final String RM_CALL = "r1.4";
    public static final String RM_RESULT = "r1.5";
    public static final String PYTEST_MODEL = "r1.6";
    public static final String PYTEST_CALL = "r1.7";
    public static final String PYTEST_FAILURE = "r1.8";
    /** r2's extra call, which r1 does not make. */
    public static final String CHECKOUT_CALL = "r2.5";

    private final EventChain chain = new EventChain();
    private final List<Event> events = new ArrayList<>();
    private long second;

    private ForkedRuns() {
    }

    public static Bundle bundle() {
        ForkedRuns runs = new ForkedRuns();
        runs.build();
        Manifest manifest = new Manifest(Manifest.FORMAT_VERSION, TRACE_ID, "Tests deleted, then run", T0, "forkline-tests",
                Manifest.NATIVE_FORMAT);
        int[] lines = new int[runs.events.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = i + 1;
        }
        return new Bundle(TRACE_ID, manifest, runs.events, lines, new MemoryBlobStore());
    }

    /** The same trace written as a bundle directory (for flows that append to it). */
    public static Path writeBundle(Path target) throws IOException {
        try (Bundle bundle = bundle(); BundleWriter writer = BundleWriter.create(target, bundle.manifest())) {
            for (Event event : bundle.events()) {
                writer.write(event);
            }
            return writer.commit();
        }
    }

    private void build() {
        ObjectNode start = Json.object();
        start.put("title", "Tests deleted, then run");
        add(NewEvent.of("r1", "harness", EventType.SESSION_START).touches(StateKind.SESSION).data(start));
        ObjectNode checkpoint = Json.object();
        checkpoint.put("checkpointId", "cp-1");
        checkpoint.put("label", "start");
        checkpoint.putObject("workspace").put("root", "/workspace").putObject("files");
        Event cp = add(NewEvent.of("r1", "harness", EventType.CHECKPOINT).touches(StateKind.WORKSPACE, StateKind.HARNESS).data(checkpoint));
        session("r1", "c1", "c2", null);

        chain.startFork("r2", cp);
        ObjectNode fork = Json.object();
        fork.put("parentRun", "r1");
        fork.put("checkpoint", "cp-1");
        fork.put("checkpointEvent", cp.id());
        fork.put("reason", "fork");
        fork.putArray("edits");
        add(NewEvent.of("r2", "human:alice", EventType.RUN_FORK).touches(StateKind.SESSION).data(fork));
        session("r2", "c9", "c11", "c10");
    }

    /** The model asks for rm; the result; (the checkout, in r2); the model asks for pytest; pytest's result; the end. */
    private void session(String run, String rmId, String pytestId, String checkoutId) {
        Event askRm = add(model(run, rmId, "rm -rf tests", "Clean up the old tests."));
        Event rm = add(call(run, rmId, "rm -rf tests").causes(askRm.id()));
        Event rmResult = add(result(run, rmId, 0, "").causes(rm.id()));
        Event before = rmResult;
        if (checkoutId != null) {
            Event checkout = add(call(run, checkoutId, "git checkout -- tests").causes(rmResult.id()));
            before = add(result(run, checkoutId, 0, "").causes(checkout.id()));
        }
        Event askPytest = add(model(run, pytestId, "python -m pytest -q", "Now run the tests.").causes(before.id()));
        Event pytest = add(call(run, pytestId, "python -m pytest -q").causes(askPytest.id()));
        boolean fails = checkoutId == null;
        add(result(run, pytestId, fails ? 5 : 0, fails ? "no tests ran in 0.01s" : "3 passed").causes(pytest.id()));
        ObjectNode end = Json.object();
        end.put("outcome", fails ? "failure" : "success");
        add(NewEvent.of(run, "harness", EventType.SESSION_END).touches(StateKind.SESSION).data(end));
    }

    private Event add(NewEvent draft) {
        Event event = chain.append(draft.at(T0.plusSeconds(second++)));
        events.add(event);
        return event;
    }

    private static NewEvent model(String run, String callId, String command, String text) {
        ObjectNode data = Json.object();
        data.put("model", "claude-sonnet");
        data.putObject("input").put("summary", "the task");
        ObjectNode output = data.putObject("output");
        output.put("text", text);
        ObjectNode call = output.putArray("toolCalls").addObject();
        call.put("callId", callId);
        call.put("name", "bash");
        call.putObject("arguments").put("command", command);
        return NewEvent.of(run, "agent:coder", EventType.MODEL_CALL).touches(StateKind.SESSION).data(data);
    }

    private static NewEvent call(String run, String callId, String command) {
        ObjectNode data = Json.object();
        data.put("callId", callId);
        data.put("tool", "bash");
        data.putObject("arguments").put("command", command);
        data.put("effect", "workspace");
        return NewEvent.of(run, "agent:coder", EventType.TOOL_CALL).touches(StateKind.HARNESS, StateKind.WORKSPACE).data(data);
    }

    private static NewEvent result(String run, String callId, int exit, String stdout) {
        ObjectNode data = Json.object();
        data.put("callId", callId);
        data.put("exitCode", exit);
        data.put("stdout", stdout);
        if (exit != 0) {
            data.put("isError", true);
        }
        return NewEvent.of(run, "sandbox", EventType.TOOL_RESULT).touches(StateKind.HARNESS).data(data);
    }
}
