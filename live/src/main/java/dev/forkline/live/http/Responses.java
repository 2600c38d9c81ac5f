package dev.forkline.live.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Writes a whole response and closes the exchange. */
public final class Responses {

    private Responses() {
    }

    public static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        if (contentType != null) {
            exchange.getResponseHeaders().set("Content-Type", contentType);
        }
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
        exchange.close();
    }

    public static void text(HttpExchange exchange, int status, String message) throws IOException {
        send(exchange, status, "text/plain; charset=utf-8", (message + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Drains what is left of the request body (bounded), so the connection can be reused after an early answer. */
    public static void discardBody(HttpExchange exchange) {
        try (var in = exchange.getRequestBody()) {
            in.skipNBytes(Math.min(in.available(), 1 << 20));
        } catch (IOException | RuntimeException ignored) {
            // the answer is sent anyway; the connection is closed if the body could not be drained
        }
    }
}
