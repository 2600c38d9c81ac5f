package dev.forkline.importers.otel;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** A span's attributes and events: held, or read again from the file when asked for. */
sealed interface SpanBody {

    ObjectNode attributes();

    List<OtelSpan.SpanEvent> events();

    record Held(ObjectNode attributes, List<OtelSpan.SpanEvent> events) implements SpanBody {
    }

    /** The span's JSON object is the {@code length} bytes at {@code from} of the source's file. */
    record InFile(SpanSource source, long from, int length) implements SpanBody {

        @Override
        public ObjectNode attributes() {
            return source.read(this).attributes();
        }

        @Override
        public List<OtelSpan.SpanEvent> events() {
            return source.read(this).events();
        }
    }
}
