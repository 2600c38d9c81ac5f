package dev.forkline.live.claude;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.regex.Pattern;

/**
 * Where {@code forkline serve} listens, as an installed hook reaches it: plain HTTP to a host and port, written as
 * {@code http://HOST[:PORT]}. Serve speaks no TLS, and the hook's script opens the connection itself, so nothing else
 * is accepted; the host may only hold characters that are safe inside the hook's shell command.
 */
public record ServeEndpoint(String host, int port) {

    private static final Pattern SAFE_HOST = Pattern.compile("[A-Za-z0-9.:-]+");

    public ServeEndpoint {
        if (!SAFE_HOST.matcher(host).matches()) {
            throw new IllegalArgumentException("not a host name or address: " + host);
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("not a port: " + port);
        }
    }

    /** Reads {@code http://HOST[:PORT]} (a trailing slash is allowed); says what is wrong otherwise. */
    public static ServeEndpoint parse(String endpoint) {
        String expected = " (expected http://HOST:PORT, where forkline serve listens)";
        URI uri;
        try {
            uri = new URI(endpoint.replaceAll("/+$", ""));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not an address: " + endpoint + expected);
        }
        if (!"http".equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException("forkline serve speaks plain HTTP: " + endpoint + expected);
        }
        if (uri.getHost() == null || uri.getRawUserInfo() != null || !uri.getRawPath().isEmpty()
                || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("not a bare server address: " + endpoint + expected);
        }
        String host = uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            return new ServeEndpoint(host, uri.getPort() == -1 ? 80 : uri.getPort());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + " in " + endpoint + expected);
        }
    }

    /** HOST:PORT as an HTTP {@code Host} header writes it. */
    public String authority() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    public String url() {
        return "http://" + authority();
    }
}
