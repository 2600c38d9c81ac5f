package dev.forkline.importers.openaiagents;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The exported records ({@code {"object": "trace" | "trace.span", ...}}) of an OpenAI Agents SDK trace file, in any of
 * the shapes an exporter writes: JSON lines, a JSON array, or the backend's {@code {"data": [...]}} batch.
 */
final class AgentsRecordReader {

    /** A record and the line it starts on. */
    record Item(ObjectNode record, long line) {
    }

    private AgentsRecordReader() {
    }

    static List<Item> read(Path file, ImportSession session) throws IOException, TraceFormatException {
        int first = firstNonBlank(file);
        List<Item> items = new ArrayList<>();
        if (first == '[' || (first == '{' && !firstLineIsObject(file))) {
            readDocument(file, session, items);
        } else {
            JsonlRecords.read(file, session, (record, line) -> {
                if (record.has("data") && record.get("data").isArray()) {
                    record.get("data").forEach(element -> add(element, line, items, session));
                } else {
                    add(record, line, items, session);
                }
            });
        }
        return items;
    }

    private static void add(JsonNode element, long line, List<Item> items, ImportSession session) {
        if (element instanceof ObjectNode object) {
            items.add(new Item(object, line));
        } else {
            session.finding(Finding.warning(ImportFindings.MALFORMED_RECORD, "line " + line + ": a record that is not a JSON object was skipped", null, line));
        }
    }

    /** A pretty-printed JSON array or {"data": [...]} document, read one element at a time. */
    private static void readDocument(Path file, ImportSession session, List<Item> items) throws IOException, TraceFormatException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file)); JsonParser parser = Json.VALUES.createParser(in)) {
            JsonToken token = parser.nextToken();
            if (token == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String field = parser.currentName();
                    JsonToken value = parser.nextToken();
                    if ("data".equals(field) && value == JsonToken.START_ARRAY) {
                        readElements(parser, session, items);
                    } else {
                        parser.skipChildren();
                    }
                }
            } else if (token == JsonToken.START_ARRAY) {
                readElements(parser, session, items);
            } else {
                throw new TraceFormatException(file.toString(), 1, "expected a JSON array, an object with 'data', or JSON lines");
            }
        } catch (JsonProcessingException broken) {
            long line = broken.getLocation() == null ? 0 : broken.getLocation().getLineNr();
            if (items.isEmpty()) {
                throw new TraceFormatException(file.toString(), line, "not an OpenAI Agents trace export: " + broken.getOriginalMessage(), broken);
            }
            session.finding(Finding.warning(ImportFindings.MALFORMED_JSON, TraceFormatException.location(file.toString(), line) + ": "
                    + broken.getOriginalMessage() + "; the records after it are lost", null, line));
        }
    }

    private static void readElements(JsonParser parser, ImportSession session, List<Item> items) throws IOException {
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            long line = parser.currentLocation().getLineNr();
            add(Json.VALUES.readTree(parser), line, items, session);
        }
    }

    private static int firstNonBlank(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            int b;
            while ((b = in.read()) >= 0) {
                if (!Character.isWhitespace(b) && b != 0xEF && b != 0xBB && b != 0xBF) {
                    return b;
                }
            }
            return -1;
        }
    }

    /** Whether one of the first lines alone is a complete exported record (JSON lines), not the start of a pretty-printed document. */
    private static boolean firstLineIsObject(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            for (int i = 0; i < 5; i++) {
                byte[] line = readLine(in, JsonlRecords.MAX_LINE_BYTES);
                if (line == null) {
                    return i > 0;
                }
                try {
                    if (Json.MAPPER.readTree(line) instanceof ObjectNode object && (object.has("object") || object.has("data"))) {
                        return true;
                    }
                } catch (JsonProcessingException notWhole) {
                    // a damaged line or part of a pretty-printed document: look at the next one
                }
            }
            return false;
        }
    }

    private static byte[] readLine(InputStream in, int max) throws IOException {
        var out = new java.io.ByteArrayOutputStream();
        int b = in.read();
        if (b < 0) {
            return null;
        }
        for (; b >= 0 && b != '\n'; b = in.read()) {
            if (out.size() < max) {
                out.write(b);
            }
        }
        return out.toByteArray();
    }
}
