package dev.forkline.trace.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * {@code manifest.json} of a bundle.
 *
 * @param formatVersion the bundle format version; this build reads {@value #FORMAT_VERSION}
 * @param traceId       stable identity of the trace (re-importing the same trace id replaces nothing silently)
 * @param title         human title
 * @param created       when the trace was started
 * @param producer      what wrote it, e.g. {@code forkline-recorder/0.1.0} or {@code forkline-import/claude-code}
 * @param sourceFormat  the format the events came from: {@code forkline} for native bundles, else the importer's name
 */
public record Manifest(int formatVersion, String traceId, String title, Instant created, String producer, String sourceFormat) {

    public static final int FORMAT_VERSION = 1;
    public static final String NATIVE_FORMAT = "forkline";

    public static Manifest of(String traceId, String title, Instant created, String producer) {
        return new Manifest(FORMAT_VERSION, traceId, title, created, producer, NATIVE_FORMAT);
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("formatVersion", formatVersion);
        json.put("traceId", traceId);
        json.put("title", title);
        json.put("created", EventCodec.formatTs(created));
        json.put("producer", producer);
        json.put("sourceFormat", sourceFormat);
        return json;
    }

    public static Manifest fromJson(JsonNode json, String file) throws TraceFormatException {
        if (json == null || !json.isObject()) {
            throw new TraceFormatException(file, 1, "manifest must be a JSON object");
        }
        JsonNode version = json.get("formatVersion");
        if (version == null || !version.canConvertToInt()) {
            throw new TraceFormatException(file, 0, "missing or non-integer 'formatVersion'");
        }
        if (version.asInt() != FORMAT_VERSION) {
            throw new TraceFormatException(file, 0, "format version " + version.asInt() + " is not supported (this Forkline reads version " + FORMAT_VERSION + ")");
        }
        String traceId = text(json, "traceId", file, true);
        String created = text(json, "created", file, true);
        Instant createdAt;
        try {
            createdAt = Instant.parse(created);
        } catch (DateTimeParseException e) {
            throw new TraceFormatException(file, 0, "'created' is not an RFC 3339 UTC timestamp: '" + created + "'");
        }
        String title = text(json, "title", file, false);
        String producer = text(json, "producer", file, false);
        String sourceFormat = text(json, "sourceFormat", file, false);
        return new Manifest(FORMAT_VERSION, traceId, title == null ? traceId : title, createdAt,
                producer == null ? "unknown" : producer, sourceFormat == null ? NATIVE_FORMAT : sourceFormat);
    }

    private static String text(JsonNode json, String field, String file, boolean required) throws TraceFormatException {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            if (required) {
                throw new TraceFormatException(file, 0, "missing '" + field + "'");
            }
            return null;
        }
        if (!value.isTextual()) {
            throw new TraceFormatException(file, 0, "'" + field + "' must be a string");
        }
        return value.textValue();
    }
}
