package dev.forkline.live.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.live.claude.ClaudeSessions;
import dev.forkline.live.support.LiveFixture;
import dev.forkline.live.support.ServeProcess;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.testing.ChildJvm;
import dev.forkline.trace.verify.Verifier;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code forkline serve} in a process of its own is killed with SIGKILL while an OpenTelemetry exporter and a Claude Code
 * session keep sending: every span and hook call it acknowledged (answered 200) is in the store once serve has started
 * again, and both live traces verify.
 */
class ServeKilledTest {

    static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    static final String SESSION = "killed-session";

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void everythingAcknowledgedBeforeAKill9IsStoredAfterTheRestartAndVerifies() throws Exception {
        ChildJvm serve = ChildJvm.start(ServeProcess.class, dir.toString());
        String endpoint = "http://127.0.0.1:" + serve.awaitLineStartingWith("PORT ", Duration.ofMinutes(2)).substring(5).trim();
        Set<String> ackedSpans = ConcurrentHashMap.newKeySet();
        Set<String> ackedCalls = ConcurrentHashMap.newKeySet();
        post(endpoint + "/v1/hooks/claude-code", hookPayload("SessionStart").put("source", "startup").toString());

        Thread spans = Thread.ofVirtual().start(() -> sendUntilRefused(index -> {
            String spanId = "%016x".formatted(0x1000 + index);
            if (post(endpoint + "/v1/traces", span(spanId, 1_700_000_000_000_000_000L + index * 1_000_000L)) == 200) {
                ackedSpans.add(spanId);
            }
        }));
        Thread hooks = Thread.ofVirtual().start(() -> sendUntilRefused(index -> {
            String callId = "toolu_" + index;
            ObjectNode call = hookPayload("PreToolUse").put("tool_name", "Bash").put("tool_use_id", callId);
            call.putObject("tool_input").put("command", "ls -la src/" + index);
            if (post(endpoint + "/v1/hooks/claude-code", call.toString()) == 200) {
                ackedCalls.add(callId);
            }
        }));

        awaitAtLeast(ackedSpans, 40);
        awaitAtLeast(ackedCalls, 20);
        serve.kill(); // SIGKILL while both senders have requests in flight
        spans.join(Duration.ofMinutes(1));
        hooks.join(Duration.ofMinutes(1));
        assertThat(spans.isAlive() || hooks.isAlive()).as("the senders stop once serve refuses connections").isFalse();

        try (LiveFixture restarted = new LiveFixture(dir, null, TrustedKeys::none)) {
            restarted.service.sync().flush();
            try (Bundle stored = restarted.store.load("otel-genai:" + TRACE)) {
                Set<String> ids = stored.events().stream().map(Event::id).collect(java.util.stream.Collectors.toSet());
                assertThat(ids).containsAll(ackedSpans.stream().map(id -> "span-" + id).toList());
                assertThat(Verifier.verify(stored).problems()).isEmpty();
            }
            try (Bundle stored = restarted.store.load(ClaudeSessions.TRACE_ID_PREFIX + SESSION)) {
                List<String> calls = stored.events().stream().filter(event -> event.is(EventType.TOOL_CALL))
                        .map(event -> event.text("callId")).toList();
                assertThat(calls).containsAll(ackedCalls).doesNotHaveDuplicates();
                assertThat(Verifier.verify(stored).problems()).isEmpty();
            }
        }
    }

    /** Runs {@code send} with 0, 1, 2, ... until it throws (serve is gone). */
    private static void sendUntilRefused(Sender send) {
        for (int index = 0; ; index++) {
            try {
                send.send(index);
            } catch (Exception refused) {
                return;
            }
        }
    }

    private interface Sender {
        void send(int index) throws Exception;
    }

    private static void awaitAtLeast(Set<String> acked, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (acked.size() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("serve acknowledged only " + acked.size() + " of " + count + " requests within two minutes");
            }
            Thread.sleep(10);
        }
    }

    private int post(String url, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(1))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private ObjectNode hookPayload(String event) {
        ObjectNode payload = Json.object();
        payload.put("session_id", SESSION);
        payload.put("transcript_path", dir.resolve("no-transcript.jsonl").toString());
        payload.put("cwd", dir.toString());
        payload.put("permission_mode", "default");
        payload.put("hook_event_name", event);
        return payload;
    }

    private static String span(String spanId, long startNanos) {
        return """
                {"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"agent"}}]},
                 "scopeSpans":[{"scope":{"name":"t"},"spans":[{"traceId":"%s","spanId":"%s","name":"chat m","kind":1,
                 "startTimeUnixNano":"%d","endTimeUnixNano":"%d",
                 "attributes":[{"key":"gen_ai.operation.name","value":{"stringValue":"chat"}},
                               {"key":"gen_ai.request.model","value":{"stringValue":"m"}}]}]}]}]}
                """.formatted(TRACE, spanId, startNanos, startNanos + 500_000).replace("\n", "");
    }
}
