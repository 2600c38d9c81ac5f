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
 * @param source        the foreign file a converted bundle was made from (name and SHA-256), or null; optional in the
 *                      file ({@code "source": {"name", "sha256"}}), absent from bundles that have none, so those read
 *                      and write exactly as before
 */
public record Manifest(int formatVersion, String traceId, String title, Instant created, String producer, String sourceFormat,
        Source source) {

    public static final int FORMAT_VERSION = 1;
    public static final String NATIVE_FORMAT = "forkline";

    /**
     * The file a bundle was converted from: its name (without directories) and the SHA-256 of its bytes (for a folder,
     * of its files' relative paths and digests), so a reviewer can check the bundle against the file it claims to be.
     */
    public record Source(String name, String sha256) {
    }

    /** A manifest without a {@link Source}. */
    public Manifest(int formatVersion, String traceId, String title, Instant created, String producer, String sourceFormat) {
        this(formatVersion, traceId, title, created, producer, sourceFormat, null);
    }

    /** This manifest naming the file it was converted from. */
    public Manifest withSource(Source from) {
        return new Manifest(formatVersion, traceId, title, created, producer, sourceFormat, from);
    }

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
        if (source != null) {
            json.putObject("source").put("name", source.name()).put("sha256", source.sha256());
        }
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
        Source source = null;
        JsonNode from = json.get("source");
        if (from != null && !from.isNull()) {
            if (!from.isObject()) {
                throw new TraceFormatException(file, 0, "'source' must be an object {name, sha256}");
            }
            source = new Source(text(from, "name", file, true), text(from, "sha256", file, true));
        }
        return new Manifest(FORMAT_VERSION, traceId, title == null ? traceId : title, createdAt,
                producer == null ? "unknown" : producer, sourceFormat == null ? NATIVE_FORMAT : sourceFormat, source);
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
