package dev.forkline.views.testdata;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;

import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.DecisionSigner;
import dev.forkline.trace.decision.OwnerKey;
import dev.forkline.trace.decision.Verdict;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A small but complete trace for tests and screenshots: two agents, the harness, the sandbox and a human; tool and model
 * calls, file mutations, two checkpoints, an escape attempt, an approval, an external call with no recorded outcome, a
 * failing test run and a failed session end; then a fork from the second checkpoint with an edit that succeeds.
 */
public final class DemoTrace {

    public static final Instant T0 = Instant.parse("2026-11-29T14:03:00Z");
    public static final String ROOT = "r1";
    public static final String FORK = "r2";
    /** The hand-written sample bundle on main (relative to the views module). */
    public static final java.nio.file.Path HAND_WRITTEN_SAMPLE = dev.forkline.trace.testing.RepositoryFiles.resolve("sample-traces", "hand-written", "wrong-directory-deleted");

    /** Alice's signing key, the same in every run (seeded), so pictures and fingerprints stay stable. */
    public static final OwnerKey ALICE = seededKey("alice");

    private final EventChain chain = new EventChain();
    private final List<Event> events = new ArrayList<>();
    private final MemoryBlobStore blobs = new MemoryBlobStore();

    /**
     * A long synthetic run: {@code calls} tool calls spread over three agents with results, model calls, a checkpoint
     * every 500 calls, a failure every 397, an escape attempt every 1013 and an external call without result every 911.
     */
    public static Bundle dense(int calls) {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        Instant t0 = T0;
        events.add(chain.append(NewEvent.of("dense", "harness", EventType.SESSION_START).at(t0).data(Json.object())));
        for (int i = 0; i < calls; i++) {
            String agent = "agent:" + new String[]{"planner", "coder", "tester"}[i % 3];
            Instant at = t0.plusMillis(200L + i * 150L + (i % 7) * 20L);
            if (i % 5 == 0) {
                ObjectNode model = Json.object();
                model.put("model", "claude-sonnet");
                model.put("latencyMs", 90);
                events.add(chain.append(NewEvent.of("dense", agent, EventType.MODEL_CALL).at(at).data(model)));
                at = at.plusMillis(100);
            }
            ObjectNode call = Json.object();
            call.put("callId", "c" + i);
            call.put("tool", "bash");
            call.put("effect", i % 911 == 0 ? "external" : "process");
            call.putObject("arguments").put("command", "make step-" + i);
            Event c = chain.append(NewEvent.of("dense", agent, EventType.TOOL_CALL).at(at).data(call));
            events.add(c);
            if (i % 1013 == 0) {
                ObjectNode escape = Json.object();
                escape.put("boundary", "network");
                escape.put("blocked", true);
                events.add(chain.append(NewEvent.of("dense", "sandbox", EventType.ESCAPE_ATTEMPT).at(at.plusMillis(5)).data(escape)));
            }
            if (i % 911 != 0) {
                ObjectNode result = Json.object();
                result.put("callId", "c" + i);
                result.put("exitCode", i % 397 == 0 ? 2 : 0);
                events.add(chain.append(NewEvent.of("dense", "sandbox", EventType.TOOL_RESULT).at(at.plusMillis(30 + (i % 11) * 12L))
                        .causes(c.id()).data(result)));
            }
            if (i % 500 == 499) {
                ObjectNode checkpoint = Json.object();
                checkpoint.put("checkpointId", "cp-" + i);
                checkpoint.put("label", "after " + (i + 1) + " calls");
                events.add(chain.append(NewEvent.of("dense", "harness", EventType.CHECKPOINT).at(at.plusMillis(140)).data(checkpoint)));
            }
        }
        events.sort(java.util.Comparator.comparing(Event::seq));
        int[] lines = new int[events.size()];
        return new Bundle("dense", Manifest.of("dense-" + calls, "Dense synthetic run (" + calls + " tool calls)", t0, "forkline-tests"),
                events, lines, dev.forkline.trace.bundle.BlobSource.NONE);
    }

    public static Bundle bundle() {
        return new DemoTrace().build();
    }

    private Bundle build() {
        String v1 = blobs.put("def add(a, b):\n    return a - b\n".getBytes(StandardCharsets.UTF_8));
        String v2 = blobs.put("def add(a, b):\n    return a + b\n".getBytes(StandardCharsets.UTF_8));
        String test = blobs.put("from calc import add\n\ndef test_add():\n    assert add(2, 3) == 5\n".getBytes(StandardCharsets.UTF_8));
        String notes = blobs.put("# Notes\nfix add()\n".getBytes(StandardCharsets.UTF_8));

        ObjectNode start = Json.object();
        start.put("title", "Fix failing calculator test");
        ObjectNode env = start.putObject("environment");
        env.put("image", "python:3.12-slim");
        env.put("imageDigest", "sha256:5f1c0e2d9a");
        env.put("os", "linux");
        env.put("user", "agent");
        env.put("cwd", "/workspace");
        ObjectNode git = env.putObject("git");
        git.put("repository", "github.com/acme/calc");
        git.put("branch", "main");
        git.put("commit", "9b1e4f2");
        ObjectNode harness = env.putObject("harness");
        harness.put("name", "forkline-harness");
        harness.put("version", "0.1.0");
        ObjectNode model = start.putObject("model");
        model.put("provider", "anthropic");
        model.put("model", "claude-sonnet");
        model.put("version", "2026-10");
        Event first = add(NewEvent.of(ROOT, "harness", EventType.SESSION_START).touches(StateKind.SESSION).data(start), 0);

        Event plan = add(model(ROOT, "agent:planner", "Plan the fix for the failing test", "I will ask the coder to inspect calc.py.", 3000, 1820, 240, 0.0131), 300);
        add(message(ROOT, "agent:planner", "agent:coder", "Run the tests and fix calc.add"), 2900);
        Event ls = toolCall(ROOT, "agent:coder", "c1", "bash", "read", "ls -la", 3500);
        add(processStart(ROOT, 101, "ls -la"), 3550);
        add(processExit(ROOT, 101, 0), 3700);
        toolResult(ROOT, ls, 0, "calc.py\ntest_calc.py\nNOTES.md\n", "", 3750);
        add(mutation(ROOT, "calc.py", "create", null, v1), 3800);
        add(mutation(ROOT, "test_calc.py", "create", null, test), 3850);
        Event cp1 = add(checkpoint(ROOT, "cp-1", "after checkout", v1, test, null), 4200);
        Event pytest = toolCall(ROOT, "agent:coder", "c2", "bash", "process", "python -m pytest -q", 5200);
        add(processStart(ROOT, 102, "python -m pytest -q"), 5300);
        add(processExit(ROOT, 102, 1), 11800);
        toolResult(ROOT, pytest, 1, "F\n1 failed in 0.21s", "AssertionError: assert -1 == 5", 11900);
        add(model(ROOT, "agent:coder", "Test failed: add returns a - b", "Change '-' to '+' in calc.add.", 3100, 2210, 180, 0.0142), 12300);
        Event edit = toolCall(ROOT, "agent:coder", "c3", "edit_file", "workspace", null, 16000);
        add(mutation(ROOT, "calc.py", "modify", v1, v2), 16200);
        toolResult(ROOT, edit, 0, "ok", "", 16300);
        add(mutation(ROOT, "NOTES.md", "create", null, notes), 16500);
        Event cp2 = add(checkpoint(ROOT, "cp-2", "after edit", v2, test, notes), 17000);
        Event curl = toolCall(ROOT, "agent:coder", "c4", "bash", "privileged", "curl https://pypi.org/simple/", 19000);
        ObjectNode escape = Json.object();
        escape.put("boundary", "network");
        escape.put("attempt", "connect pypi.org:443");
        escape.put("blocked", true);
        escape.put("callId", "c4");
        add(NewEvent.of(ROOT, "sandbox", EventType.ESCAPE_ATTEMPT).causes(curl.id()).touches(StateKind.EXTERNAL).data(escape), 19200);
        toolResult(ROOT, curl, 7, "", "curl: (7) Failed to connect to pypi.org port 443: Connection refused", 19400);
        ObjectNode request = Json.object();
        request.put("subject", curl.id());
        request.put("reason", "Agent wants to publish a release to the package index");
        request.put("owner", "alice");
        Event req = add(NewEvent.of(ROOT, "harness", EventType.APPROVAL_REQUEST).touches(StateKind.HARNESS).data(request), 21000);
        Event decision = new DecisionSigner(ALICE, Clock.fixed(T0.plusMillis(38000), ZoneOffset.UTC))
                .append(chain, ROOT, Decision.of(curl.id(), Verdict.DENY, "alice", "No releases from an unreviewed branch."));
        events.add(decision);
        toolCall(ROOT, "agent:coder", "c5", "http_post", "external", null, 41000);
        ObjectNode error = Json.object();
        error.put("message", "Tool http_post timed out after 30s; outcome unknown");
        error.put("kind", "timeout");
        add(NewEvent.of(ROOT, "harness", EventType.ERROR).touches(StateKind.HARNESS).data(error), 71000);
        ObjectNode end = Json.object();
        end.put("outcome", "failure");
        end.put("summary", "Stopped after an external call timed out.");
        add(NewEvent.of(ROOT, "harness", EventType.SESSION_END).touches(StateKind.SESSION).data(end), 72000);

        // fork from cp-2 with an edit to the last tool call
        chain.startFork(FORK, cp2);
        ObjectNode fork = Json.object();
        fork.put("parentRun", ROOT);
        fork.put("checkpoint", "cp-2");
        fork.put("checkpointEvent", cp2.id());
        fork.put("reason", "fork");
        fork.putArray("edits").addObject().put("event", curl.id()).put("change", "skip network call");
        add(NewEvent.of(FORK, "human:alice", EventType.RUN_FORK).touches(StateKind.SESSION).data(fork), 90000);
        Event rerun = toolCall(FORK, "agent:coder", "c2", "bash", "process", "python -m pytest -q", 91000);
        add(processStart(FORK, 201, "python -m pytest -q"), 91100);
        add(processExit(FORK, 201, 0), 94000);
        toolResult(FORK, rerun, 0, ".\n1 passed in 0.12s", "", 94100);
        ObjectNode ok = Json.object();
        ok.put("outcome", "success");
        ok.put("summary", "Tests pass after the fix.");
        add(NewEvent.of(FORK, "harness", EventType.SESSION_END).touches(StateKind.SESSION).data(ok), 95000);

        Manifest manifest = new Manifest(Manifest.FORMAT_VERSION, "demo-calc-fix", "Fix failing calculator test", T0,
                "forkline-tests", Manifest.NATIVE_FORMAT);
        int[] lines = new int[events.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = i + 1;
        }
        return new Bundle("demo-calc-fix", manifest, events, lines, blobs);
    }

    private static OwnerKey seededKey(String owner) {
        try {
            SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
            random.setSeed(owner.getBytes(StandardCharsets.UTF_8));
            KeyPairGenerator generator = KeyPairGenerator.getInstance("Ed25519");
            generator.initialize(255, random);
            KeyPair pair = generator.generateKeyPair();
            return new OwnerKey(owner, pair.getPublic(), pair.getPrivate());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private Event add(NewEvent draft, long atMillis) {
        Event event = chain.append(draft.at(T0.plusMillis(atMillis)));
        events.add(event);
        return event;
    }

    private static NewEvent model(String run, String actor, String summary, String text, long latency, int in, int out, double cost) {
        ObjectNode data = Json.object();
        data.put("model", "claude-sonnet");
        data.put("provider", "anthropic");
        ObjectNode input = data.putObject("input");
        input.put("summary", summary);
        ArrayNode messages = input.putArray("messages");
        messages.addObject().put("role", "system").put("content", "You are a careful coding agent.");
        messages.addObject().put("role", "user").put("content", summary);
        ObjectNode output = data.putObject("output");
        output.put("text", text);
        ObjectNode call = output.putArray("toolCalls").addObject();
        call.put("callId", "c" + (in % 7));
        call.put("name", "bash");
        call.putObject("arguments").put("command", "python -m pytest -q");
        ObjectNode usage = data.putObject("usage");
        usage.put("inputTokens", in);
        usage.put("outputTokens", out);
        usage.put("cacheReadTokens", 512);
        usage.put("cacheWriteTokens", 0);
        data.put("costUsd", cost);
        data.put("latencyMs", latency);
        return NewEvent.of(run, actor, EventType.MODEL_CALL).touches(StateKind.SESSION).data(data);
    }

    private static NewEvent message(String run, String from, String to, String text) {
        ObjectNode data = Json.object();
        data.put("from", from);
        data.put("to", to);
        data.put("text", text);
        return NewEvent.of(run, from, EventType.AGENT_MESSAGE).touches(StateKind.SESSION).data(data);
    }

    private Event toolCall(String run, String actor, String callId, String tool, String effect, String command, long at) {
        ObjectNode data = Json.object();
        data.put("callId", callId);
        data.put("tool", tool);
        ObjectNode args = data.putObject("arguments");
        if (command != null) {
            args.put("command", command);
            ObjectNode exec = data.putObject("exec");
            ArrayNode argv = exec.putArray("argv");
            argv.add("/bin/sh").add("-c").add(command);
            exec.put("cwd", "/workspace");
            exec.putObject("env");
            exec.put("timeoutMs", 120000);
        } else if (tool.equals("edit_file")) {
            args.put("path", "calc.py");
            args.put("replace", "a - b");
            args.put("with", "a + b");
        } else {
            args.put("url", "https://hooks.example.com/deploy");
            args.put("body", "{\"ref\":\"main\"}");
        }
        data.put("effect", effect);
        StateKind kind = switch (effect) {
            case "workspace" -> StateKind.WORKSPACE;
            case "process", "privileged" -> StateKind.PROCESS;
            case "external" -> StateKind.EXTERNAL;
            default -> StateKind.HARNESS;
        };
        return add(NewEvent.of(run, actor, EventType.TOOL_CALL).touches(StateKind.HARNESS, kind).data(data), at);
    }

    private void toolResult(String run, Event call, int exit, String stdout, String stderr, long at) {
        ObjectNode data = Json.object();
        data.put("callId", call.text("callId"));
        data.put("exitCode", exit);
        data.put("stdout", stdout);
        data.put("stderr", stderr);
        data.put("durationMs", java.time.Duration.between(call.ts(), T0.plusMillis(at)).toMillis());
        if (exit != 0) {
            data.put("isError", true);
        }
        add(NewEvent.of(run, "sandbox", EventType.TOOL_RESULT).causes(call.id()).touches(StateKind.HARNESS).data(data), at);
    }

    private static NewEvent processStart(String run, int pid, String command) {
        ObjectNode data = Json.object();
        data.put("pid", pid);
        data.putArray("argv").add("/bin/sh").add("-c").add(command);
        data.put("name", command.split(" ")[0]);
        return NewEvent.of(run, "sandbox", EventType.PROCESS_START).touches(StateKind.PROCESS).data(data);
    }

    private static NewEvent processExit(String run, int pid, int exit) {
        ObjectNode data = Json.object();
        data.put("pid", pid);
        data.put("exitCode", exit);
        return NewEvent.of(run, "sandbox", EventType.PROCESS_EXIT).touches(StateKind.PROCESS).data(data);
    }

    private static NewEvent mutation(String run, String path, String op, String before, String after) {
        ObjectNode data = Json.object();
        data.put("path", path);
        data.put("op", op);
        data.put("before", before);
        data.put("after", after);
        data.put("mode", "0644");
        return NewEvent.of(run, "sandbox", EventType.STATE_MUTATION).touches(StateKind.WORKSPACE).data(data);
    }

    private static NewEvent checkpoint(String run, String id, String label, String calc, String test, String notes) {
        ObjectNode data = Json.object();
        data.put("checkpointId", id);
        data.put("label", label);
        ObjectNode ws = data.putObject("workspace");
        ws.put("root", "/workspace");
        ObjectNode files = ws.putObject("files");
        files.putObject("calc.py").put("blob", calc).put("mode", "0644");
        files.putObject("test_calc.py").put("blob", test).put("mode", "0644");
        if (notes != null) {
            files.putObject("NOTES.md").put("blob", notes).put("mode", "0644");
        }
        data.putObject("harness").putArray("pending");
        data.putArray("processes");
        return NewEvent.of(run, "harness", EventType.CHECKPOINT)
                .touches(StateKind.WORKSPACE, StateKind.HARNESS, StateKind.PROCESS).data(data);
    }
}
