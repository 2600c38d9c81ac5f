package dev.forkline.importers.otel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * One span in a shape common to OTLP/JSON and Jaeger: attribute values already decoded from AnyValue (or Jaeger tags)
 * into plain JSON values. What places the span (ids, times, status, role, agent names, exceptions) is held; its
 * attributes and events are its {@link SpanBody}, held too or read again from the file when asked for. A million
 * spans are held at once, so no field is an object of its own where a number does: a span id of 16 hex digits is held
 * as a long ({@link #spanId}), times as nanoseconds since the epoch ({@link SpanTimes}), and the fields few spans have
 * share one {@link Rare} object.
 *
 * @param spanBits   the span id's 16 hex digits as a long, when {@code spanText} is null
 * @param spanText   the span id when it is not 16 lowercase hex digits ({@link #NO_ID} when the span has none)
 * @param startTime  the start as {@link SpanTimes} holds it, {@link SpanTimes#NONE} when the source has none
 * @param endTime    the end as {@link SpanTimes} holds it, {@link SpanTimes#NONE} when the span never ended (or the
 *                   source has none)
 * @param status     UNSET, OK or ERROR
 * @param resource   the attributes of the resource (OTLP) or process (Jaeger) that produced it
 * @param line       the line of the file where the span's record starts
 * @param from       where the span's JSON object starts in the file, when {@code body} is the file's {@link SpanSource}
 * @param length     its length in bytes, then
 */
record OtelSpan(String traceId, long spanBits, String spanText, String parentId, String name, String kind, long startTime,
                long endTime, String status, ObjectNode resource, String scope, long line, SpanRole role, Rare rare, SpanBody body,
                long from, int length) {

    /** The {@code spanText} of a span without an id, compared by identity ({@link AnyValues#id} never gives empty text). */
    static final String NO_ID = new String("");

    /**
     * @param namedAgent the text of its {@code gen_ai.agent.name}, or null
     * @param agentName  for an agent span, the agent's name ({@link #agentNameOf}); else null
     * @param exceptions its events that record an exception, in order
     * @param farStart   the start when nanoseconds since the epoch do not hold it ({@link SpanTimes#FAR}), else null
     * @param farEnd     the same for the end
     */
    record Rare(String statusMessage, String namedAgent, String agentName, List<SpanEvent> exceptions, Instant farStart,
                Instant farEnd) {
        private static final Rare NONE = new Rare(null, null, null, List.of(), null, null);

        static Rare of(String statusMessage, String namedAgent, String agentName, List<SpanEvent> exceptions, Instant farStart,
                       Instant farEnd) {
            Rare rare = new Rare(statusMessage, namedAgent, agentName, exceptions, farStart, farEnd);
            return rare.equals(NONE) ? NONE : rare;
        }
    }

    /**
     * The attributes a span's skeleton is made of ({@link SpanRole#of}, {@link #namedAgent}, {@link #agentName}): a
     * span streamed out of a file is made from these alone, its other attributes are read when asked for.
     */
    static final KeptKeys PLACING_ATTRIBUTES = KeptKeys.only(Set.of("gen_ai.operation.name", "openinference.span.kind", "traceloop.span.kind",
            "gen_ai.tool.name", "gen_ai.request.model", "gen_ai.response.model", "llm.model_name", "gen_ai.agent.name", "agent.name",
            "gen_ai.agent.id"));

    /** A timed event inside a span (e.g. {@code exception}, {@code gen_ai.content.prompt}). */
    record SpanEvent(String name, Instant time, ObjectNode attributes) {

        /** The semconv {@code exception} event (some exporters drop the event name but keep its attributes). */
        boolean isException() {
            return "exception".equals(name) || (name == null && attributes.has("exception.type"))
                    || ("error".equals(name) && attributes.has("error.object"));
        }
    }

    /**
     * A span of these attributes and events; {@code stored} is the file they are read again from, at {@code from}
     * for {@code length} bytes (then they are not kept), or null to hold them.
     */
    static OtelSpan of(String traceId, String spanId, String parentId, String name, String kind, Instant start, Instant end,
                       ObjectNode attributes, String status, String statusMessage, List<SpanEvent> events, ObjectNode resource,
                       String scope, long line, SpanSource stored, long from, int length) {
        SpanRole role = SpanRole.of(attributes);
        List<SpanEvent> exceptions = events.isEmpty() ? List.of() : events.stream().filter(SpanEvent::isException).toList();
        long startTime = SpanTimes.of(start);
        long endTime = SpanTimes.of(end);
        Rare rare = Rare.of(statusMessage, text(attributes, "gen_ai.agent.name"),
                role == SpanRole.AGENT ? agentNameOf(attributes, name) : null, exceptions,
                startTime == SpanTimes.FAR ? start : null, endTime == SpanTimes.FAR ? end : null);
        boolean spelledAsBits = SpanIds.isBits(spanId);
        long bits = spelledAsBits ? SpanIds.bits(spanId) : 0;
        String text = spanId == null ? NO_ID : spelledAsBits ? null : spanId;
        return stored != null
                ? new OtelSpan(traceId, bits, text, parentId, name, kind, startTime, endTime, status, resource, scope, line, role, rare,
                        stored, from, length)
                : new OtelSpan(traceId, bits, text, parentId, name, kind, startTime, endTime, status, resource, scope, line, role, rare,
                        new SpanBody.Held(attributes, events), -1, 0);
    }

    /** The span id as the source gave it (lowercased hex), or null. */
    String spanId() {
        return spanText == null ? SpanIds.text(spanBits) : spanText == NO_ID ? null : spanText;
    }

    /** The start, or null when the source has none. */
    Instant start() {
        return SpanTimes.instant(startTime, rare.farStart());
    }

    /** The end, or null when the span never ended. */
    Instant end() {
        return SpanTimes.instant(endTime, rare.farEnd());
    }

    boolean hasStart() {
        return startTime != SpanTimes.NONE;
    }

    boolean hasEnd() {
        return endTime != SpanTimes.NONE;
    }

    String statusMessage() {
        return rare.statusMessage();
    }

    String namedAgent() {
        return rare.namedAgent();
    }

    String agentName() {
        return rare.agentName();
    }

    List<SpanEvent> exceptions() {
        return rare.exceptions();
    }

    ObjectNode attributes() {
        return held().attributes();
    }

    List<SpanEvent> events() {
        return held().events();
    }

    private SpanBody.Held held() {
        return switch (body) {
            case SpanBody.Held held -> held;
            case SpanSource source -> source.read(from, length);
        };
    }

    String text(String key) {
        return text(attributes(), key);
    }

    static String text(ObjectNode attributes, String key) {
        JsonNode value = attributes.get(key);
        if (value == null || value.isNull()) {
            return null;
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    JsonNode value(String key) {
        JsonNode value = attributes().get(key);
        return value == null || value.isNull() ? null : value;
    }

    String resourceText(String key) {
        JsonNode value = resource.get(key);
        return value == null || value.isNull() ? null : value.asText();
    }

    boolean isError() {
        return "ERROR".equals(status);
    }

    /**
     * From the span's identity and place in the file only: spans are map keys all through the import, and the
     * record's own hash would hash every attribute (the whole payload) at each lookup. Equal spans still hash alike.
     */
    @Override
    public int hashCode() {
        return java.util.Objects.hash(traceId, spanBits, spanText, line);
    }

    Long durationMs() {
        return !hasStart() || !hasEnd() ? null : java.time.Duration.between(start(), end()).toMillis();
    }

    private static String agentNameOf(ObjectNode attributes, String spanName) {
        for (String key : new String[] {"gen_ai.agent.name", "agent.name", "gen_ai.agent.id"}) {
            String value = text(attributes, key);
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        String name = spanName == null ? "agent" : spanName;
        return name.startsWith("invoke_agent ") ? name.substring("invoke_agent ".length()) : name;
    }
}
