package dev.forkline.live.claude;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.live.LiveBundle;
import dev.forkline.live.support.LiveFixture;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.ContractReader;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The installed hook command itself, run by {@code sh -c} as Claude Code runs it, against a running serve: it hands
 * over its input byte for byte (also beyond ASCII), prints serve's answer whole, and turns every failure (serve not
 * running, an error answer) into a blocked PreToolUse call with the reason on stderr.
 */
class HookCommandTest {

    @TempDir
    Path dir;
    Path project;

    @BeforeEach
    void setUp() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/sh")) && onPath("bash"), "needs sh and bash, as the installed hook does");
        project = Files.createDirectories(dir.resolve("project"));
    }

    @Test
    void theCommandHandsOverItsInputAndPrintsServesAnswer() throws Exception {
        try (LiveFixture serve = new LiveFixture(dir, ContractReader.parse(HookSessionTest.CONTRACT, "contract.yaml"), TrustedKeys::none)) {
            Ran started = run("SessionStart", serve.endpoint(), payload("SessionStart").toString());
            assertThat(started.exit()).as(started.err()).isZero();
            assertThat(started.out()).isEmpty();

            String unicode = "echo 'größe — ✓ 日本' && ls";
            Ran passing = run("PreToolUse", serve.endpoint(), preToolUse("toolu_u", unicode).toString());
            assertThat(passing.exit()).as(passing.err()).isZero();
            assertThat(passing.out()).as("no rule matches: no decision is printed").isEmpty();
            Event call = LiveBundle.open(serve.root.claudeSession("s-h")).events().stream()
                    .filter(event -> event.is(EventType.TOOL_CALL)).reduce((first, second) -> second).orElseThrow();
            assertThat(call.data().toString()).as("the input arrived byte for byte").contains(Json.MAPPER.writeValueAsString(unicode));

            CompletableFuture<Ran> push = CompletableFuture.supplyAsync(() -> runQuietly("PreToolUse", serve.endpoint(),
                    preToolUse("toolu_p", "git push origin main").toString()));
            Ran denied = push.get(60, TimeUnit.SECONDS);
            assertThat(denied.exit()).as(denied.err()).isZero();
            JsonNode answer = Json.MAPPER.readTree(denied.out()).path("hookSpecificOutput");
            assertThat(answer.path("permissionDecision").asText()).isEqualTo("deny");
            assertThat(answer.path("permissionDecisionReason").asText()).isEqualTo("no word from dana in time: denied");

            Ran refused = run("PreToolUse", serve.endpoint(), "{not json");
            assertThat(refused.exit()).as("an error answer blocks the call").isEqualTo(2);
            assertThat(refused.err()).contains("forkline serve answered 400").contains("not JSON");
        }
    }

    @Test
    void withServeNotRunningAToolCallIsBlockedAndOtherEventsAreANonBlockingError() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String endpoint = "http://127.0.0.1:" + closedPort;
        Ran blocked = run("PreToolUse", endpoint, preToolUse("toolu_x", "ls").toString());
        assertThat(blocked.exit()).isEqualTo(2);
        assertThat(blocked.err().strip()).isEqualTo("forkline serve is not answering at " + endpoint
                + ": tool call blocked (start it with: forkline serve)");
        Ran prompt = run("UserPromptSubmit", endpoint, payload("UserPromptSubmit").put("prompt", "hi").toString());
        assertThat(prompt.exit()).isEqualTo(1);
        assertThat(prompt.err()).contains("forkline serve is not answering at " + endpoint);
    }

    @Test
    void onlyAPlainHttpServerAddressIsAccepted() {
        assertThat(HookSettings.command("Stop", "http://[::1]:4318/")).contains("/dev/tcp/::1/4318").contains("Host: [::1]:4318");
        assertThatThrownBy(() -> HookSettings.command("Stop", "https://127.0.0.1:4318")).hasMessageContaining("plain HTTP");
        assertThatThrownBy(() -> HookSettings.command("Stop", "http://127.0.0.1:4318/v1/hooks")).hasMessageContaining("bare server address");
        assertThatThrownBy(() -> HookSettings.command("Stop", "http://a;b:4318")).hasMessageContaining("http://HOST:PORT");
    }

    private record Ran(int exit, String out, String err) {
    }

    private Ran runQuietly(String event, String endpoint, String input) {
        try {
            return run(event, endpoint, input);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Ran run(String event, String endpoint, String input) throws Exception {
        Process hook = new ProcessBuilder("/bin/sh", "-c", HookSettings.command(event, endpoint)).start();
        try (OutputStream in = hook.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.UTF_8));
        }
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> {
            try {
                return hook.getErrorStream().readAllBytes();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        String out = new String(hook.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(hook.waitFor(60, TimeUnit.SECONDS)).as("the hook ends").isTrue();
        return new Ran(hook.exitValue(), out, new String(err.get(), StandardCharsets.UTF_8));
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        return path != null && java.util.Arrays.stream(path.split(":")).anyMatch(entry -> Files.isExecutable(Path.of(entry, program)));
    }

    private ObjectNode payload(String event) {
        ObjectNode payload = Json.object();
        payload.put("session_id", "s-h");
        payload.put("transcript_path", dir.resolve("no-transcript.jsonl").toString());
        payload.put("cwd", project.toString());
        payload.put("permission_mode", "default");
        payload.put("hook_event_name", event);
        return payload;
    }

    private ObjectNode preToolUse(String id, String command) {
        ObjectNode payload = payload("PreToolUse");
        payload.put("tool_name", "Bash");
        payload.putObject("tool_input").put("command", command);
        payload.put("tool_use_id", id);
        return payload;
    }
}
