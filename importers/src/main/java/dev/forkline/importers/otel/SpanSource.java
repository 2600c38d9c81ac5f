package dev.forkline.importers.otel;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.FileRanges;
import dev.forkline.trace.Json;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads OTLP spans' attributes and events again from the file they were streamed out of, so that an import holds only
 * the spans' skeletons ({@link OtelSpan} without its body) between reading the file and writing each span's events.
 * The last few bodies read are kept: the writer asks for a span's attributes several times at one point, and for a tool
 * span's again at its end, usually soon after. The file must not change under the range read (a growing log only
 * gains bytes after it).
 */
final class SpanSource implements SpanBody, Closeable {

    private static final int KEPT = 64;

    private final Path file;
    private final FileRanges ranges;
    private final Map<Long, SpanBody.Held> recent = new LinkedHashMap<>(KEPT * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, SpanBody.Held> eldest) {
            return size() > KEPT;
        }
    };

    SpanSource(Path file) {
        this.file = file;
        this.ranges = new FileRanges(file, "a span");
    }

    /** The attributes and events of the span whose JSON object is the {@code length} bytes at {@code from}. */
    SpanBody.Held read(long from, int length) {
        SpanBody.Held held = recent.get(from);
        if (held == null) {
            held = parse(bytes(from, length));
            recent.put(from, held);
        }
        return held;
    }

    private ByteBuffer bytes(long from, int length) {
        try {
            return ranges.read(from, length);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": reading a span again: " + e.getMessage(), e);
        }
    }

    /**
     * The span's attributes and events; its other members, which its skeleton holds already, are only tokenized. The
     * attributes are made flat as they stream by ({@link AnyValues#readKeyValues}).
     */
    private SpanBody.Held parse(ByteBuffer span) {
        try (JsonParser parser = Json.MAPPER.createParser(span.array(), 0, span.limit())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            ObjectNode attributes = null;
            JsonNode events = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String member = parser.currentName();
                parser.nextToken();
                if (member.equals("attributes")) {
                    attributes = AnyValues.readKeyValues(parser, KeptKeys.ALL);
                } else if (member.equals("events")) {
                    events = Json.VALUES.readTree(parser);
                } else {
                    parser.skipChildren();
                }
            }
            if (parser.nextToken() != null) {
                throw new IOException("content after the span's object");
            }
            return new SpanBody.Held(attributes == null ? AnyValues.keyValues(null) : attributes, SpanFileReader.otlpEvents(events));
        } catch (IOException e) {
            throw new IllegalStateException(file + ": reading a span again: " + e.getMessage(), e);
        }
    }

    /** Closes the file; a later read opens it again. */
    @Override
    public void close() throws IOException {
        recent.clear();
        ranges.close();
    }
}
