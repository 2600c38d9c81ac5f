package dev.forkline.importers.otel;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * OTLP/JSON documents with spans of every kind the importer maps: agent spans, model spans nested in model spans (one
 * request recorded twice), tool spans with and without results, exception events, failing spans, plain spans with
 * span events and attributes of every AnyValue type, spans without times and spans naming a parent not in the file.
 * The second resource of each document comes after its spans, as the JSON allows.
 */
final class GeneratedSpans {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final long T0 = 1_760_000_000_000_000_000L;

    private GeneratedSpans() {
    }

    /** A document of {@code count} spans numbered from {@code from}, one line or pretty-printed. */
    static String document(int from, int count, boolean pretty) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = new JsonFactory().createGenerator(text)) {
            if (pretty) {
                json.useDefaultPrettyPrinter();
            }
            json.writeStartObject();
            json.writeArrayFieldStart("resourceSpans");
            int half = count / 2;
            resourceSpans(json, from, half, "planner-service", false);
            resourceSpans(json, from + half, count - half, "tools-service", true);
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static void resourceSpans(JsonGenerator json, int from, int count, String service, boolean resourceLast) throws IOException {
        json.writeStartObject();
        if (!resourceLast) {
            resource(json, service);
        }
        json.writeArrayFieldStart("scopeSpans");
        json.writeStartObject();
        json.writeObjectFieldStart("scope");
        json.writeStringField("name", "generated." + service);
        json.writeEndObject();
        json.writeArrayFieldStart("spans");
        for (int n = from; n < from + count; n++) {
            span(json, n);
        }
        json.writeEndArray();
        json.writeEndObject();
        json.writeEndArray();
        if (resourceLast) {
            resource(json, service);
        }
        json.writeEndObject();
    }

    private static void resource(JsonGenerator json, String service) throws IOException {
        json.writeObjectFieldStart("resource");
        json.writeArrayFieldStart("attributes");
        string(json, "service.name", service);
        string(json, "host.name", "gen-host");
        json.writeEndArray();
        json.writeEndObject();
    }

    private static String id(int n) {
        return String.format("%016x", 0x5000L + n);
    }

    /** The span's shape repeats every 10 spans; an agent span every 10 spans is the parent of the next nine. */
    private static void span(JsonGenerator json, int n) throws IOException {
        int shape = n % 10;
        int agent = n - shape;
        long start = (long) n * 3_000_000L + (shape == 3 ? 500_000L : 0);
        long end = shape == 0 ? start + 28_000_000L : start + 2_000_000L + (n % 7) * 100_000L;
        json.writeStartObject();
        json.writeStringField("traceId", TRACE);
        json.writeStringField("spanId", id(n));
        String parent = switch (shape) {
            case 0 -> null;
            case 3 -> id(n - 1); // a model span inside the model span before it
            case 9 -> "00000000deadbeef"; // not in the file
            default -> id(agent);
        };
        if (parent != null) {
            json.writeStringField("parentSpanId", parent);
        }
        json.writeStringField("name", switch (shape) {
            case 0 -> "invoke_agent worker-" + (n / 10 % 3);
            case 2, 3 -> "chat gpt-test";
            case 4, 5 -> "execute_tool shell";
            default -> "step " + n;
        });
        json.writeNumberField("kind", shape == 2 ? 3 : 1);
        if (shape != 7 || n % 20 != 7) {
            json.writeStringField("startTimeUnixNano", Long.toString(T0 + start));
        }
        if (shape != 5 || n % 20 != 5) {
            json.writeStringField("endTimeUnixNano", Long.toString(T0 + end));
        }
        json.writeArrayFieldStart("attributes");
        switch (shape) {
            case 0 -> {
                string(json, "gen_ai.operation.name", "invoke_agent");
                string(json, "gen_ai.agent.name", "worker-" + (n / 10 % 3));
                string(json, "gen_ai.output.messages", "finished " + n);
            }
            case 2, 3 -> {
                string(json, "gen_ai.operation.name", "chat");
                string(json, "gen_ai.provider.name", "openai");
                string(json, "gen_ai.request.model", "gpt-test");
                integer(json, "gen_ai.usage.input_tokens", 100 + n);
                integer(json, "gen_ai.usage.output_tokens", 10 + n % 13);
                string(json, "gen_ai.input.messages", "[{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"content\":\"do " + n + "\"}]}]");
                string(json, "gen_ai.output.messages", "[{\"role\":\"assistant\",\"parts\":[{\"type\":\"tool_call\",\"id\":\"call-" + n
                        + "\",\"name\":\"shell\",\"arguments\":{\"cmd\":\"ls " + n + "\"}}]}]");
                string(json, "gen_ai.completion.0.tool_calls.0.id", "call-" + n);
                string(json, "gen_ai.completion.0.tool_calls.0.name", "shell");
                string(json, "gen_ai.completion.0.tool_calls.0.arguments", "{\"cmd\":\"ls " + n + "\"}");
            }
            case 4, 5 -> {
                string(json, "gen_ai.operation.name", "execute_tool");
                string(json, "gen_ai.tool.name", "shell");
                string(json, "gen_ai.tool.call.id", "call-" + (n - 2));
                string(json, "gen_ai.tool.call.arguments", "{\"cmd\":\"ls " + n + "\"}");
                string(json, "gen_ai.tool.call.result", "x".repeat(n % 2 == 0 ? 20 : 9_000));
            }
            default -> {
                string(json, "custom.text", "value " + n);
                integer(json, "custom.count", n);
                json.writeStartObject();
                json.writeStringField("key", "custom.ratio");
                json.writeObjectFieldStart("value");
                json.writeNumberField("doubleValue", n / 4.0);
                json.writeEndObject();
                json.writeEndObject();
                json.writeStartObject();
                json.writeStringField("key", "custom.flags");
                json.writeObjectFieldStart("value");
                json.writeObjectFieldStart("arrayValue");
                json.writeArrayFieldStart("values");
                json.writeStartObject();
                json.writeBooleanField("boolValue", n % 2 == 0);
                json.writeEndObject();
                json.writeStartObject();
                json.writeStringField("stringValue", "ünïcode ✓ " + n);
                json.writeEndObject();
                json.writeEndArray();
                json.writeEndObject();
                json.writeEndObject();
                json.writeEndObject();
            }
        }
        json.writeEndArray();
        if (shape == 6 || shape == 8) {
            json.writeArrayFieldStart("events");
            json.writeStartObject();
            json.writeStringField("name", "progress");
            json.writeStringField("timeUnixNano", Long.toString(T0 + start + 1_000));
            json.writeArrayFieldStart("attributes");
            string(json, "step", "half way " + n);
            json.writeEndArray();
            json.writeEndObject();
            if (shape == 8) {
                json.writeStartObject();
                json.writeStringField("name", "exception");
                json.writeStringField("timeUnixNano", Long.toString(T0 + start + 2_000));
                json.writeArrayFieldStart("attributes");
                string(json, "exception.type", "ValueError");
                string(json, "exception.message", "bad value " + n);
                json.writeEndArray();
                json.writeEndObject();
            }
            json.writeEndArray();
        }
        json.writeObjectFieldStart("status");
        if (shape == 8 || (shape == 4 && n % 20 == 4)) {
            json.writeNumberField("code", 2);
            json.writeStringField("message", "failed " + n);
        }
        json.writeEndObject();
        json.writeEndObject();
    }

    private static void string(JsonGenerator json, String key, String value) throws IOException {
        attribute(json, key, "stringValue", value);
    }

    /** OTLP/JSON writes a 64-bit integer attribute as a string. */
    private static void integer(JsonGenerator json, String key, long value) throws IOException {
        attribute(json, key, "intValue", Long.toString(value));
    }

    private static void attribute(JsonGenerator json, String key, String valueKind, String value) throws IOException {
        json.writeStartObject();
        json.writeStringField("key", key);
        json.writeObjectFieldStart("value");
        json.writeStringField(valueKind, value);
        json.writeEndObject();
        json.writeEndObject();
    }
}
