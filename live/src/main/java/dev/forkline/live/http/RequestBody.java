package dev.forkline.live.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a request body with a size bound, before and after un-gzipping ({@code Content-Encoding: gzip}): a body past the
 * bound is refused as soon as the bound is crossed, so neither a huge upload nor a small gzip bomb is held in memory.
 */
public final class RequestBody {

    /** The body is larger than allowed (answered with 413). */
    public static final class TooLargeException extends Exception {
        public TooLargeException(String message) {
            super(message);
        }
    }

    /** The body cannot be read as its encoding says (answered with 400), or the encoding is unknown (415). */
    public static final class BadEncodingException extends Exception {
        private final boolean unsupported;

        public BadEncodingException(String message, boolean unsupported) {
            super(message);
            this.unsupported = unsupported;
        }

        public boolean unsupported() {
            return unsupported;
        }
    }

    private RequestBody() {
    }

    public static byte[] read(HttpExchange exchange, long maxBytes) throws IOException, TooLargeException, BadEncodingException {
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.strip()) > maxBytes) {
                    throw new TooLargeException("the body is " + length.strip() + " bytes; at most " + maxBytes + " are accepted");
                }
            } catch (NumberFormatException e) {
                throw new BadEncodingException("Content-Length is not a number: '" + length + "'", false);
            }
        }
        String encoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
        String name = encoding == null ? "identity" : encoding.strip().toLowerCase(Locale.ROOT);
        InputStream raw = exchange.getRequestBody();
        byte[] body = bounded(raw, maxBytes, "the body");
        return switch (name) {
            case "identity", "" -> body;
            case "gzip", "x-gzip" -> gunzip(body, maxBytes);
            default -> throw new BadEncodingException("Content-Encoding '" + encoding + "' is not supported (gzip or none)", true);
        };
    }

    private static byte[] gunzip(byte[] body, long maxBytes) throws IOException, TooLargeException, BadEncodingException {
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(body))) {
            return bounded(in, maxBytes, "the un-gzipped body");
        } catch (ZipException | java.io.EOFException e) {
            throw new BadEncodingException("the body is not valid gzip: " + e.getMessage(), false);
        }
    }

    private static byte[] bounded(InputStream in, long maxBytes, String what) throws IOException, TooLargeException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        int read;
        while ((read = in.read(buffer)) >= 0) {
            total += read;
            if (total > maxBytes) {
                throw new TooLargeException(what + " is larger than " + maxBytes + " bytes");
            }
            out.write(buffer, 0, read);
        }
        return out.toByteArray();
    }
}
