package dev.forkline.live.otlp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.util.JsonFormat;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.forkline.live.http.Access;
import dev.forkline.live.http.RequestBody;
import dev.forkline.live.http.Responses;
import dev.forkline.trace.Json;
import io.opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /v1/traces} as OTLP/HTTP defines it: protobuf or JSON bodies, gzip accepted; 200 with an
 * {@code ExportTraceServiceResponse} in the request's encoding (with {@code partialSuccess} when spans were rejected)
 * once every accepted span is on disk; 400 for a body that is not a trace export, 413 past the size bound, 415 for
 * another media type or encoding, 429 with {@code Retry-After} when too many requests are in flight, 503 with
 * {@code Retry-After} when the spans cannot be written now. Error bodies are a {@code google.rpc.Status}.
 */
public final class OtlpTracesHandler implements HttpHandler {

    private static final Logger LOG = LoggerFactory.getLogger(OtlpTracesHandler.class);
    /** google.rpc.Code values. */
    private static final int INVALID_ARGUMENT = 3;
    private static final int RESOURCE_EXHAUSTED = 8;
    private static final int UNAVAILABLE = 14;
    private static final int UNAUTHENTICATED = 16;
    static final String RETRY_AFTER_SECONDS = "1";

    private final OtelLiveTraces traces;
    private final Access access;
    private final long maxBodyBytes;
    private final Semaphore inFlight;

    /**
     * @param maxBodyBytes the largest body accepted, before and after un-gzipping
     * @param maxInFlight  requests handled at once; more get 429
     */
    public OtlpTracesHandler(OtelLiveTraces traces, Access access, long maxBodyBytes, int maxInFlight) {
        this.traces = traces;
        this.access = access;
        this.maxBodyBytes = maxBodyBytes;
        this.inFlight = new Semaphore(maxInFlight);
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        String mediaType = OtlpPayload.mediaType(exchange.getRequestHeaders().getFirst("Content-Type"));
        boolean json = OtlpPayload.JSON.equals(mediaType);
        if (!"POST".equals(exchange.getRequestMethod())) {
            exchange.getResponseHeaders().set("Allow", "POST");
            Responses.discardBody(exchange);
            Responses.text(exchange, 405, "OTLP/HTTP accepts POST only");
            return;
        }
        if (!access.allows(exchange)) {
            Responses.discardBody(exchange);
            status(exchange, 401, json, UNAUTHENTICATED, "a valid 'Authorization: Bearer <token>' header is required");
            return;
        }
        if (!OtlpPayload.supported(mediaType)) {
            Responses.discardBody(exchange);
            status(exchange, 415, false, INVALID_ARGUMENT, "Content-Type must be " + OtlpPayload.PROTOBUF + " or " + OtlpPayload.JSON
                    + ", not '" + mediaType + "'");
            return;
        }
        if (!inFlight.tryAcquire()) {
            Responses.discardBody(exchange);
            exchange.getResponseHeaders().set("Retry-After", RETRY_AFTER_SECONDS);
            status(exchange, 429, json, RESOURCE_EXHAUSTED, "too many export requests at once; retry after " + RETRY_AFTER_SECONDS + " s");
            return;
        }
        try {
            receive(exchange, mediaType, json);
        } finally {
            inFlight.release();
        }
    }

    private void receive(HttpExchange exchange, String mediaType, boolean json) throws IOException {
        SpanBatches.Split split;
        try {
            byte[] body = RequestBody.read(exchange, maxBodyBytes);
            split = SpanBatches.split(OtlpPayload.decode(body, mediaType));
        } catch (RequestBody.TooLargeException e) {
            status(exchange, 413, json, INVALID_ARGUMENT, e.getMessage());
            return;
        } catch (RequestBody.BadEncodingException e) {
            status(exchange, e.unsupported() ? 415 : 400, json, INVALID_ARGUMENT, e.getMessage());
            return;
        } catch (BadPayloadException e) {
            status(exchange, 400, json, INVALID_ARGUMENT, e.getMessage());
            return;
        }
        try {
            traces.accept(split);
        } catch (IOException | RuntimeException e) {
            LOG.warn("live: cannot write received spans", e);
            exchange.getResponseHeaders().set("Retry-After", RETRY_AFTER_SECONDS);
            status(exchange, 503, json, UNAVAILABLE, "the spans cannot be written now: " + e.getMessage());
            return;
        }
        ExportTraceServiceResponse.Builder response = ExportTraceServiceResponse.newBuilder();
        if (split.rejected() > 0) {
            response.setPartialSuccess(ExportTracePartialSuccess.newBuilder().setRejectedSpans(split.rejected())
                    .setErrorMessage(split.rejected() + " span(s) rejected: " + split.rejectedBecause()));
        }
        byte[] body = json
                ? JsonFormat.printer().omittingInsignificantWhitespace().print(response).getBytes(StandardCharsets.UTF_8)
                : response.build().toByteArray();
        Responses.send(exchange, 200, json ? OtlpPayload.JSON : OtlpPayload.PROTOBUF, body);
    }

    /** An error answer: a google.rpc.Status ({code, message}) in protobuf, or in JSON when the request was JSON. */
    static void status(HttpExchange exchange, int httpStatus, boolean json, int code, String message) throws IOException {
        if (json) {
            ObjectNode status = Json.object();
            status.put("code", code);
            status.put("message", message);
            Responses.send(exchange, httpStatus, OtlpPayload.JSON, Json.MAPPER.writeValueAsBytes(status));
            return;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        out.writeInt32(1, code);
        out.writeString(2, message);
        out.flush();
        Responses.send(exchange, httpStatus, OtlpPayload.PROTOBUF, bytes.toByteArray());
    }
}
