package dev.forkline.importers.openaiagents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.Timestamps;
import dev.forkline.trace.Json;
import java.time.Instant;

/** One exported {@code trace.span} record. */
record AgentsSpan(String id, String traceId, String parentId, Instant startedAt, Instant endedAt, String type, ObjectNode spanData,
                  JsonNode error, long line) {

    static AgentsSpan of(ObjectNode record, long line) {
        JsonNode data = record.get("span_data");
        ObjectNode spanData = data instanceof ObjectNode object ? object : Json.object();
        JsonNode error = record.get("error");
        return new AgentsSpan(JsonFields.text(record, "id"), JsonFields.text(record, "trace_id"), JsonFields.text(record, "parent_id"),
                Timestamps.parseText(JsonFields.text(record, "started_at")), Timestamps.parseText(JsonFields.text(record, "ended_at")),
                String.valueOf(JsonFields.text(spanData, "type")), spanData, error == null || error.isNull() ? null : error, line);
    }

    String text(String field) {
        return JsonFields.text(spanData, field);
    }

    Long durationMs() {
        return startedAt == null || endedAt == null ? null : java.time.Duration.between(startedAt, endedAt).toMillis();
    }
}
