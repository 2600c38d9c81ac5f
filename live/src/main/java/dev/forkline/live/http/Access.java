package dev.forkline.live.http;

import com.sun.net.httpserver.HttpExchange;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Who may post: with no token (serve listens on loopback only) anyone on this machine; with a token (required for
 * {@code --listen} on another address) only requests carrying {@code Authorization: Bearer <token>}.
 */
public record Access(String token) {

    public static Access loopbackOnly() {
        return new Access(null);
    }

    public boolean allows(HttpExchange exchange) {
        if (token == null) {
            return true;
        }
        String header = exchange.getRequestHeaders().getFirst("Authorization");
        String expected = "Bearer " + token;
        return header != null && MessageDigest.isEqual(header.strip().getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
    }
}
