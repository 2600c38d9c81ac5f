package dev.forkline.live.otlp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.live.LiveRoot;
import dev.forkline.live.LiveService;
import dev.forkline.live.support.LiveFixture;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.verify.Verifier;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Malformed, oversized and hostile requests get OTLP/HTTP's codes and never touch a stored trace; acknowledged spans survive a restart. */
class HostilePayloadsTest {

    static final String TRACE = "5b8efff798038103d269b633813fc60c";

    @TempDir
    Path dir;

    static String spans(String traceId, String spanId, String name, long startNanos) {
        return """
                {"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"agent"}}]},
                 "scopeSpans":[{"scope":{"name":"t"},"spans":[{"traceId":"%s","spanId":"%s","name":"%s","kind":1,
                 "startTimeUnixNano":"%d","endTimeUnixNano":"%d",
                 "attributes":[{"key":"gen_ai.operation.name","value":{"stringValue":"chat"}},
                               {"key":"gen_ai.request.model","value":{"stringValue":"m"}}]}]}]}]}
                """.formatted(traceId, spanId, name, startNanos, startNanos + 1_000_000).replace("\n", "");
    }

    @Test
    void badRequestsGetTheSpecsCodesAndTheStoredTraceStaysWhole() throws Exception {
        try (LiveFixture serve = new LiveFixture(dir, null, TrustedKeys::none)) {
            byte[] good = spans(TRACE, "eee19b7ec3c1b174", "chat m", 1_700_000_000_000_000_000L).getBytes(StandardCharsets.UTF_8);
            assertThat(serve.post("/v1/traces", "application/json", good).statusCode()).isEqualTo(200);
            serve.service.sync().flush();

            assertThat(serve.post("/v1/traces", "application/x-protobuf", new byte[] {(byte) 0xff, 0x01, 0x02}).statusCode()).isEqualTo(400);
            assertThat(serve.post("/v1/traces", "application/json", "{\"resourceSpans\": [".getBytes()).statusCode()).isEqualTo(400);
            assertThat(serve.post("/v1/traces", "application/json", "{\"resourceSpans\": 7}".getBytes()).statusCode()).isEqualTo(400);
            assertThat(serve.post("/v1/traces", "application/json", "[".repeat(5000).getBytes()).statusCode()).isEqualTo(400);
            assertThat(serve.post("/v1/traces", "text/plain", good).statusCode()).isEqualTo(415);
            assertThat(serve.post("/v1/traces", "application/json", good, "Content-Encoding", "br").statusCode()).isEqualTo(415);
            assertThat(serve.post("/v1/traces", "application/json", good, "Content-Encoding", "gzip").statusCode()).isEqualTo(400);
            HttpResponse<byte[]> bomb = serve.post("/v1/traces", "application/json", gzip(new byte[(int) LiveService_MAX + 1024]),
                    "Content-Encoding", "gzip");
            assertThat(bomb.statusCode()).isEqualTo(413);
            JsonNode status = Json.MAPPER.readTree(bomb.body());
            assertThat(status.path("message").asText()).contains("larger than");

            // spans with bad ids: 200 with partial success, the good span kept
            com.fasterxml.jackson.databind.node.ObjectNode mixed = (com.fasterxml.jackson.databind.node.ObjectNode)
                    Json.MAPPER.readTree(spans(TRACE, "0000000000000000", "bad", 1L));
            JsonNode late = Json.MAPPER.readTree(spans(TRACE, "aaa19b7ec3c1b174", "late span", 1_600_000_000_000_000_000L))
                    .at("/resourceSpans/0/scopeSpans/0/spans/0");
            ((com.fasterxml.jackson.databind.node.ArrayNode) mixed.at("/resourceSpans/0/scopeSpans/0/spans")).add(late);
            HttpResponse<byte[]> partial = serve.post("/v1/traces", "application/json", Json.MAPPER.writeValueAsBytes(mixed));
            assertThat(partial.statusCode()).as(new String(partial.body())).isEqualTo(200);
            JsonNode success = Json.MAPPER.readTree(partial.body()).path("partialSuccess");
            assertThat(success.path("rejectedSpans").asText()).isEqualTo("1");
            assertThat(success.path("errorMessage").asText()).contains("spanId");

            serve.service.sync().flush();
            String traceId = "otel-genai:" + TRACE;
            try (Bundle stored = serve.store.load(traceId)) {
                assertThat(Verifier.verify(stored).problems()).isEmpty();
                // the late span (started before the first one) is placed by time: the trace now starts with it
                String all = stored.events().stream().map(e -> e.data().toString()).reduce("", String::concat);
                assertThat(all).as(Files.readString(serve.service.traces().spanLog(TRACE))).contains("eee19b7ec3c1b174").contains("aaa19b7ec3c1b174").doesNotContain("0000000000000000");
                assertThat(stored.events().getFirst().ts()).isEqualTo(java.time.Instant.ofEpochSecond(1_600_000_000L));
            }
            assertThat(serve.http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(serve.endpoint() + "/v1/traces")).GET().build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(405);
        }
    }

    @Test
    void spansAcknowledgedBeforeAStopAreStoredByTheNextServeEvenIfTheStoreNeverGotThem() throws Exception {
        Path live = dir.resolve("live");
        // A serve that acknowledged and was stopped before its store caught up: only the span log has the spans.
        try (LiveFixture serve = new LiveFixture(dir, null, TrustedKeys::none)) {
            assertThat(serve.post("/v1/traces", "application/json",
                    spans(TRACE, "eee19b7ec3c1b174", "chat m", 1_700_000_000_000_000_000L).getBytes()).statusCode()).isEqualTo(200);
        }
        // and a torn line at the end, as a kill in the middle of a write leaves it (never acknowledged)
        Path log = new LiveRoot(live).otelTrace(TRACE).resolve(OtelLiveTraces.SPAN_LOG);
        Files.writeString(log, "{\"resourceSpans\":[{\"scopeSp", java.nio.file.StandardOpenOption.APPEND);
        Path otherDb = dir.resolve("db2/forkline").toAbsolutePath();
        try (TraceStore store = TraceStore.open(otherDb);
             LiveService again = LiveService.start(store, new LiveService.Settings(new LiveRoot(live), InetAddress.getLoopbackAddress(), 0,
                     null, TrustedKeys::none, project -> Optional.empty(), dir, 10))) {
            again.sync().flush();
            try (Bundle stored = store.load("otel-genai:" + TRACE)) {
                assertThat(stored.events()).extracting(e -> e.type()).contains("model.call");
            }
            // the next request ends the torn line first, so the new span is read
            byte[] next = spans(TRACE, "bbb19b7ec3c1b174", "chat m", 1_700_000_000_500_000_000L).getBytes();
            assertThat(new LiveFixtureClient(again.port()).post(next)).isEqualTo(200);
            again.sync().flush();
            try (Bundle stored = store.load("otel-genai:" + TRACE)) {
                assertThat(stored.events().stream().filter(e -> e.type().equals("model.call")).count()).isEqualTo(2);
            }
        }
    }

    static final long LiveService_MAX = dev.forkline.live.LiveServer.MAX_BODY_BYTES;

    private static byte[] gzip(byte[] content) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(content);
        }
        return bytes.toByteArray();
    }

    private record LiveFixtureClient(int port) {
        int post(byte[] body) throws Exception {
            return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                            java.net.URI.create("http://127.0.0.1:" + port + "/v1/traces")).header("Content-Type", "application/json")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        }
    }
}
