package dev.forkline.live.otlp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.TraceChecks;
import dev.forkline.importers.otel.OtelImporter;
import dev.forkline.live.support.LiveFixture;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.secrets.SecretScanner;
import dev.forkline.trace.verify.Verifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spans reach serve over several requests, mostly in order, once with a late span that belongs among spans stored long
 * before: after each request the stored trace is the one the OpenTelemetry importer makes of the spans sent so far
 * written to a file, and it verifies. The trace grows past the store's first chunk, so that storing it again keeps
 * stored chunks (in order) or rewrites from the late span on.
 */
class SpansOverManyRequestsTest {

    private static final String TRACE = "5bf92f3577b34da6a3ce929d0e0e4736";
    private static final long T0 = 1_750_000_000_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void afterEachRequestTheStoredTraceIsTheImportOfTheSpansSentSoFar() throws Exception {
        try (LiveFixture serve = new LiveFixture(dir, null, TrustedKeys::none)) {
            List<String> sent = new ArrayList<>();
            List<String> requests = List.of(
                    request(agentSpan() + "," + chatSpans(0, 700)),
                    request(chatSpans(700, 300)),
                    request(chatSpans(1_000, 150) + "," + chatSpanWithSecret(1_150) + "," + chatSpans(1_151, 149)),
                    // a late span: it started among the first request's spans
                    request(chatSpan(5_500_000L, 9_999) + "," + chatSpans(1_300, 20)),
                    request(chatSpans(1_320, 200) + "," + chatSpanWithSecret(1_520) + "," + chatSpans(1_521, 199)));
            for (String body : requests) {
                assertThat(serve.post("/v1/traces", "application/json", body.getBytes(StandardCharsets.UTF_8)).statusCode()).isEqualTo(200);
                sent.add(body);
                serve.service.sync().flush();
                assertStoredIsTheImportOf(serve, sent);
            }
        }
    }

    private void assertStoredIsTheImportOf(LiveFixture serve, List<String> sent) throws Exception {
        Path file = dir.resolve("same-spans-" + sent.size() + ".jsonl");
        Files.write(file, sent, StandardCharsets.UTF_8);
        ImportedTrace fromFile = new OtelImporter().read(file);
        String traceId = fromFile.bundle().manifest().traceId();
        try (Bundle stored = serve.store.load(traceId); Bundle imported = fromFile.bundle()) {
            assertThat(OtlpExporterToServeTest.comparable(stored.events())).as("after %d requests", sent.size())
                    .isEqualTo(OtlpExporterToServeTest.comparable(imported.events()));
            assertThat(stored.manifest().title()).isEqualTo(imported.manifest().title());
            assertThat(Verifier.verify(stored).problems()).as("after %d requests", sent.size()).isEmpty();
        }
        assertThat(serve.store.find(traceId).orElseThrow().eventCount()).isEqualTo(fromFile.bundle().events().size());
        // the secrets found as spans arrived (ahead of each store's check) are the ones a check of the file finds
        assertThat(secrets(serve.store.findings(traceId))).as("after %d requests", sent.size())
                .isEqualTo(secrets(TraceChecks.check(fromFile, TrustedKeys.none()).findings()))
                .hasSize(sent.size() >= 5 ? 4 : sent.size() >= 3 ? 2 : 0); // two fields of the span name each token
        assertThat(serve.store.integrityCheck().problems()).isEmpty();
    }

    private static List<Finding> secrets(List<Finding> findings) {
        return findings.stream().filter(finding -> finding.code().equals(SecretScanner.CODE)).toList();
    }

    private static String request(String spans) {
        return "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"crew\"}}]},"
                + "\"scopeSpans\":[{\"scope\":{\"name\":\"test\"},\"spans\":[" + spans + "]}]}]}";
    }

    private static String agentSpan() {
        return "{\"traceId\":\"" + TRACE + "\",\"spanId\":\"" + String.format("%016x", 0xa0L) + "\",\"name\":\"invoke_agent planner\","
                + "\"kind\":1,\"startTimeUnixNano\":\"" + (T0 - 1_000) + "\",\"endTimeUnixNano\":\"" + (T0 + 500_000L) + "\","
                + "\"attributes\":[{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"invoke_agent\"}},"
                + "{\"key\":\"gen_ai.agent.name\",\"value\":{\"stringValue\":\"planner\"}}]}";
    }

    private static String chatSpans(int from, int count) {
        StringBuilder spans = new StringBuilder();
        for (int n = from; n < from + count; n++) {
            spans.append(n > from ? "," : "").append(chatSpan(n * 1_000_000L, n));
        }
        return spans.toString();
    }

    /** A chat span whose input message holds a GitHub token. */
    private static String chatSpanWithSecret(int n) {
        String span = chatSpan(n * 1_000_000L, n);
        String messages = "[{\\\"role\\\":\\\"user\\\",\\\"parts\\\":[{\\\"type\\\":\\\"text\\\",\\\"content\\\":"
                + "\\\"push with ghp_Zq8Lw3Xy7Tn2Vb6Mk9Pd4Rf1Hs5Jg0Ca3Ue8\\\"}]}]";
        return span.substring(0, span.length() - 2) + ",{\"key\":\"gen_ai.input.messages\",\"value\":{\"stringValue\":\""
                + messages + "\"}}]}";
    }

    /** A chat span {@code startOffset} ns after the trace's start; {@code n} makes its span id and token count. */
    private static String chatSpan(long startOffset, int n) {
        long start = T0 + startOffset;
        return "{\"traceId\":\"" + TRACE + "\",\"spanId\":\"" + String.format("%016x", 0x1000L + n)
                + "\",\"name\":\"chat\",\"kind\":3,\"startTimeUnixNano\":\"" + start + "\",\"endTimeUnixNano\":\""
                + (start + 400_000) + "\",\"attributes\":[{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"chat\"}},"
                + "{\"key\":\"gen_ai.request.model\",\"value\":{\"stringValue\":\"m\"}},"
                + "{\"key\":\"gen_ai.usage.input_tokens\",\"value\":{\"intValue\":\"" + (100 + n) + "\"}}]}";
    }
}
