package dev.forkline.importers.otel;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Where a span's attributes and events are: held ({@link Held}), or in the file they were streamed out of
 * ({@link SpanSource}, at the span's {@link OtelSpan#from} and {@link OtelSpan#length}), read again when asked for.
 */
sealed interface SpanBody permits SpanBody.Held, SpanSource {

    record Held(ObjectNode attributes, List<OtelSpan.SpanEvent> events) implements SpanBody {
    }
}
