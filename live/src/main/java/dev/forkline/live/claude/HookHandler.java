package dev.forkline.live.claude;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.forkline.live.http.Access;
import dev.forkline.live.http.RequestBody;
import dev.forkline.live.http.Responses;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /v1/hooks/claude-code}: the body is the JSON Claude Code gives a hook on standard input; the answer (200)
 * is what the hook prints: empty, or a PreToolUse decision. The hook command (see {@link HookSettings#command})
 * prints the body and fails on any other status: 400 for a payload that is not a hook call, 413 past the bound,
 * 503 when the events cannot be written (nothing was acknowledged).
 */
public final class HookHandler implements HttpHandler {

    private static final Logger LOG = LoggerFactory.getLogger(HookHandler.class);

    private final ClaudeSessions sessions;
    private final Access access;
    private final long maxBodyBytes;

    public HookHandler(ClaudeSessions sessions, Access access, long maxBodyBytes) {
        this.sessions = sessions;
        this.access = access;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        if (!"POST".equals(exchange.getRequestMethod())) {
            exchange.getResponseHeaders().set("Allow", "POST");
            Responses.discardBody(exchange);
            Responses.text(exchange, 405, "POST the hook's JSON input");
            return;
        }
        if (!access.allows(exchange)) {
            Responses.discardBody(exchange);
            Responses.text(exchange, 401, "a valid 'Authorization: Bearer <token>' header is required");
            return;
        }
        JsonNode payload;
        try {
            byte[] body = RequestBody.read(exchange, maxBodyBytes);
            payload = Json.MAPPER.readTree(body);
            if (payload == null || !payload.isObject()) {
                throw new IllegalArgumentException("the hook input is a JSON object");
            }
        } catch (RequestBody.TooLargeException e) {
            Responses.text(exchange, 413, e.getMessage());
            return;
        } catch (RequestBody.BadEncodingException e) {
            Responses.text(exchange, e.unsupported() ? 415 : 400, e.getMessage());
            return;
        } catch (JsonProcessingException e) {
            Responses.text(exchange, 400, "the hook input is not JSON: " + e.getOriginalMessage());
            return;
        } catch (IllegalArgumentException e) {
            Responses.text(exchange, 400, e.getMessage());
            return;
        }
        HookAnswer answer;
        try {
            answer = sessions.handle(payload);
        } catch (IllegalArgumentException e) {
            Responses.text(exchange, 400, e.getMessage());
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            Responses.text(exchange, 503, "forkline serve is stopping");
            return;
        } catch (Exception e) {
            LOG.warn("live: cannot record a hook call", e);
            Responses.text(exchange, 503, "cannot record the hook call: " + e.getMessage());
            return;
        }
        Responses.send(exchange, 200, "application/json", answer.toJson().getBytes(StandardCharsets.UTF_8));
    }
}
