package dev.forkline.live.otlp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.otel.OtelImporter;
import dev.forkline.live.support.LiveFixture;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.verify.Verifier;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.exporter.internal.otlp.traces.TraceRequestMarshaler;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java SDK's OTLP HTTP exporter sends the GenAI spans of a multi-agent run to forkline serve; the stored trace is
 * the one the OpenTelemetry importer makes of the same spans written to a file.
 */
class OtlpExporterToServeTest {

    @TempDir
    Path dir;

    @Test
    void aMultiAgentRunExportedOverOtlpHttpIsStoredAsTheSameSpansImportedFromAFile() throws Exception {
        try (LiveFixture serve = new LiveFixture(dir, null, TrustedKeys::none)) {
            List<SpanData> sent = new ArrayList<>();
            for (String encoding : new String[] {"gzip"}) {
                OtlpHttpSpanExporter otlp = OtlpHttpSpanExporter.builder().setEndpoint(serve.endpoint() + "/v1/traces")
                        .setCompression("gzip").setTimeout(Duration.ofSeconds(10)).build();
                SdkTracerProvider provider = SdkTracerProvider.builder()
                        .setResource(Resource.builder().put("service.name", "research-crew").put("telemetry.sdk.language", "java").build())
                        // small batches: spans reach serve over several requests, children before their parents
                        .addSpanProcessor(BatchSpanProcessor.builder(new Recording(otlp, sent)).setMaxExportBatchSize(2)
                                .setScheduleDelay(Duration.ofMillis(10)).build())
                        .build();
                multiAgentRun(provider.get("forkline-test"));
                assertThat(provider.forceFlush().join(10, TimeUnit.SECONDS).isSuccess()).as(encoding).isTrue();
                provider.shutdown().join(10, TimeUnit.SECONDS);
            }
            assertThat(sent).hasSize(7);
            String traceHex = sent.getFirst().getTraceId();
            serve.service.sync().flush();

            Path file = dir.resolve("same-spans.json");
            try (OutputStream out = Files.newOutputStream(file)) {
                TraceRequestMarshaler.create(sent).writeJsonTo(out);
            }
            ImportedTrace fromFile = new OtelImporter().read(file);
            String traceId = fromFile.bundle().manifest().traceId();
            assertThat(traceId).contains(traceHex);
            assertThat(Files.readAllLines(serve.service.traces().spanLog(traceHex))).hasSizeGreaterThan(1);

            try (Bundle stored = serve.store.load(traceId); Bundle imported = fromFile.bundle()) {
                assertThat(comparable(stored.events())).isEqualTo(comparable(imported.events()));
                assertThat(stored.manifest().title()).isEqualTo(imported.manifest().title());
                // The same verification findings as the file import (which today reports a hash-mismatch on the
                // session.start of SDK-made spans: an OtelImporter matter, reported to the lead, not live capture's).
                assertThat(Verifier.verify(stored).problems()).extracting(p -> p.code() + " " + p.eventId())
                        .isEqualTo(Verifier.verify(imported).problems().stream().map(p -> p.code() + " " + p.eventId()).toList());
            }
        }
    }

    /** The events as lines, without what differs by where the spans were read from (the file's path, and so the hashes). */
    static List<String> comparable(List<Event> events) {
        List<String> lines = new ArrayList<>();
        for (Event event : events) {
            ObjectNode json = EventCodec.toJson(event);
            json.remove("hash");
            json.remove("prev");
            if (json.path("data").path("imported").isObject()) {
                ((ObjectNode) json.get("data").get("imported")).remove("source");
            }
            lines.add(dev.forkline.trace.CanonicalJson.write(json));
        }
        return lines;
    }

    private static void multiAgentRun(Tracer tracer) throws InterruptedException {
        Span orchestrator = tracer.spanBuilder("invoke_agent planner").startSpan();
        orchestrator.setAttribute("gen_ai.operation.name", "invoke_agent");
        orchestrator.setAttribute("gen_ai.agent.name", "planner");
        try (Scope ignored = orchestrator.makeCurrent()) {
            chat(tracer, "plan the research", 120, 40);
            Span researcher = tracer.spanBuilder("invoke_agent researcher").startSpan();
            researcher.setAttribute("gen_ai.operation.name", "invoke_agent");
            researcher.setAttribute("gen_ai.agent.name", "researcher");
            try (Scope inner = researcher.makeCurrent()) {
                chat(tracer, "find sources", 300, 80);
                Span tool = tracer.spanBuilder("execute_tool web_search").startSpan();
                tool.setAttribute("gen_ai.operation.name", "execute_tool");
                tool.setAttribute("gen_ai.tool.name", "web_search");
                tool.setAttribute("gen_ai.tool.call.id", "call-1");
                tool.setAttribute(AttributeKey.stringKey("gen_ai.tool.call.arguments"), "{\"q\":\"otlp partial success\"}");
                Thread.sleep(2);
                tool.end();
                chat(tracer, "summarise", 500, 120);
            } finally {
                researcher.end();
            }
            Span writer = tracer.spanBuilder("invoke_agent writer").startSpan();
            writer.setAttribute("gen_ai.operation.name", "invoke_agent");
            writer.setAttribute("gen_ai.agent.name", "writer");
            writer.end();
        } finally {
            orchestrator.end();
        }
    }

    private static void chat(Tracer tracer, String prompt, long in, long out) throws InterruptedException {
        Span chat = tracer.spanBuilder("chat gpt-4o").startSpan();
        chat.setAttribute("gen_ai.operation.name", "chat");
        chat.setAttribute("gen_ai.request.model", "gpt-4o");
        chat.setAttribute("gen_ai.provider.name", "openai");
        chat.setAttribute("gen_ai.usage.input_tokens", in);
        chat.setAttribute("gen_ai.usage.output_tokens", out);
        chat.setAttribute("gen_ai.prompt", prompt);
        Thread.sleep(2);
        chat.end();
    }

    /** Sends through the real exporter and keeps what was sent. */
    private record Recording(SpanExporter delegate, List<SpanData> sent) implements SpanExporter {
        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            CompletableResultCode result = delegate.export(spans);
            result.join(10, TimeUnit.SECONDS);
            if (result.isSuccess()) {
                synchronized (sent) {
                    sent.addAll(spans);
                }
            }
            return result;
        }

        @Override
        public CompletableResultCode flush() {
            return delegate.flush();
        }

        @Override
        public CompletableResultCode shutdown() {
            return delegate.shutdown();
        }
    }
}
