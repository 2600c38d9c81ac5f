package dev.forkline.trace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One event of a trace, exactly as written in {@code trace.jsonl}.
 *
 * @param id     unique within the trace
 * @param run    the run it belongs to
 * @param seq    position within its run, starting at 1, strictly increasing
 * @param ts     when it happened (UTC, nanosecond precision allowed)
 * @param actor  who did it: {@code agent:<name>}, {@code harness}, {@code sandbox}, {@code human:<name>}, ...
 * @param type   the wire type string; kept verbatim even when it is not a known {@link EventType}
 * @param causes ids of events this one answers or follows
 * @param state  the state kinds it touches
 * @param data   type-specific payload (see docs/trace-format.md); never null, possibly empty
 * @param prev   hash of the previous event of its run (for a forked run's first event, the hash of the checkpoint it
 *               starts from); null only for the first event of a root run
 * @param hash   {@code sha256:<hex>} of the canonical JSON of the event without {@code hash}
 */
public record Event(
        String id,
        String run,
        long seq,
        Instant ts,
        String actor,
        String type,
        List<String> causes,
        List<StateKind> state,
        ObjectNode data,
        String prev,
        String hash) {

    public Event {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(ts, "ts");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(type, "type");
        causes = List.copyOf(causes);
        state = List.copyOf(state);
        Objects.requireNonNull(data, "data");
    }

    public EventType kind() {
        return EventType.fromWire(type);
    }

    public boolean is(EventType eventType) {
        return eventType.wireName() != null && eventType.wireName().equals(type);
    }

    /** A text field of {@link #data}, or null when absent or not text. */
    public String text(String field) {
        var node = data.get(field);
        return node != null && node.isTextual() ? node.asText() : null;
    }
}
