package dev.forkline.live.claude;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.live.LiveBundle;
import dev.forkline.live.support.LiveFixture;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.ContractReader;
import dev.forkline.trace.verify.Verifier;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hook Claude Code runs (the installed command, run by {@code sh -c} as Claude Code runs it) is killed
 * with SIGKILL: once while it is still being handed its input, once while it waits for the owner. Nothing half-sent
 * is recorded, what serve acknowledged stays, the live trace and its stored copy verify, and the session goes on.
 */
class HookKilledTest {

    @TempDir
    Path dir;

    @Test
    void aHookKilledMidInputOrWhileWaitingLeavesTheSessionWholeAndRecording() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/sh")) && onPath("bash"), "needs sh and bash, as the installed hook does");
        Path project = Files.createDirectories(dir.resolve("project"));
        try (LiveFixture serve = new LiveFixture(dir, ContractReader.parse(HookSessionTest.CONTRACT, "contract.yaml"), TrustedKeys::none)) {
            String endpoint = serve.endpoint();
            Path bundleDir = serve.root.claudeSession("s-k");
            assertThat(runHook("SessionStart", endpoint, payload(project, "SessionStart").toString())).isZero();
            int afterStart = LiveBundle.open(bundleDir).events().size();

            // killed while Claude Code is still writing the hook's input: nothing reached serve
            Process halfFed = start("PreToolUse", endpoint);
            String call = preToolUse(project, "toolu_half", "git status").toString();
            try (OutputStream in = halfFed.getOutputStream()) {
                in.write(call.substring(0, call.length() / 2).getBytes(StandardCharsets.UTF_8));
                in.flush();
                killWithChildren(halfFed);
            } catch (java.io.IOException pipeClosedByTheKill) {
                // the hook is gone: that is the point
            }
            assertThat(LiveBundle.open(bundleDir).events()).hasSize(afterStart);

            // killed while it waits for the owner: the request was acknowledged to nobody, but it is recorded whole
            Process waiting = start("PreToolUse", endpoint);
            try (OutputStream in = waiting.getOutputStream()) {
                in.write(preToolUse(project, "toolu_push", "git push origin main").toString().getBytes(StandardCharsets.UTF_8));
            }
            awaitRequest(bundleDir);
            killWithChildren(waiting);

            // the session goes on: the next hook call is recorded as before
            assertThat(runHook("PreToolUse", endpoint, preToolUse(project, "toolu_next", "git status").toString())).isZero();
            List<Event> events = LiveBundle.open(bundleDir).events();
            assertThat(events).extracting(event -> event.text("callId")).contains("toolu_push", "toolu_next").doesNotContain("toolu_half");
            serve.service.sync().flush();
            try (Bundle stored = serve.store.load(ClaudeSessions.TRACE_ID_PREFIX + "s-k")) {
                assertThat(stored.events().stream().filter(event -> event.is(EventType.APPROVAL_REQUEST))).hasSize(1);
                assertThat(stored.events()).extracting(event -> event.text("callId")).contains("toolu_push", "toolu_next");
                assertThat(Verifier.verify(stored).problems()).isEmpty();
            }
        }
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        return path != null && java.util.Arrays.stream(path.split(":")).anyMatch(entry -> Files.isExecutable(Path.of(entry, program)));
    }

    private static Process start(String event, String endpoint) throws java.io.IOException {
        return new ProcessBuilder("/bin/sh", "-c", HookSettings.command(event, endpoint)).redirectErrorStream(true).start();
    }

    private static int runHook(String event, String endpoint, String input) throws Exception {
        Process hook = start(event, endpoint);
        try (OutputStream in = hook.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.UTF_8));
        }
        hook.getInputStream().readAllBytes();
        assertThat(hook.waitFor(60, TimeUnit.SECONDS)).as("the hook ends").isTrue();
        return hook.exitValue();
    }

    /** SIGKILL to the hook's shell and the bash it started (by their ids), as when Claude Code is killed. */
    private static void killWithChildren(Process hook) throws InterruptedException {
        List<ProcessHandle> children = hook.descendants().toList();
        children.forEach(ProcessHandle::destroyForcibly);
        hook.destroyForcibly();
        assertThat(hook.waitFor(30, TimeUnit.SECONDS)).isTrue();
        for (ProcessHandle child : children) {
            child.onExit().join();
        }
    }

    private static void awaitRequest(Path bundleDir) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (Files.exists(bundleDir.resolve("trace.jsonl"))
                    && LiveBundle.open(bundleDir).events().stream().anyMatch(event -> event.is(EventType.APPROVAL_REQUEST))) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no approval.request in " + bundleDir + " within 30 s");
    }

    private ObjectNode payload(Path project, String event) {
        ObjectNode payload = Json.object();
        payload.put("session_id", "s-k");
        payload.put("transcript_path", dir.resolve("no-transcript.jsonl").toString());
        payload.put("cwd", project.toString());
        payload.put("permission_mode", "default");
        payload.put("hook_event_name", event);
        return payload;
    }

    private ObjectNode preToolUse(Path project, String id, String command) {
        ObjectNode payload = payload(project, "PreToolUse");
        payload.put("tool_name", "Bash");
        payload.putObject("tool_input").put("command", command);
        payload.put("tool_use_id", id);
        return payload;
    }
}
