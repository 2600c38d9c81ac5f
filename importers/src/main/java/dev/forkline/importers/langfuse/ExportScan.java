package dev.forkline.importers.langfuse;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.JsonDocuments;
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
 * The first pass over a Langfuse export: streams the document, keeping the trace's own members and, of each
 * observation, only its {@link Observation} facts, so that an export of any size is read in the memory of its largest
 * observation. Both shapes: {@code {trace, observations}} (the UI's and the SDKs' export, whose trace may list the
 * observations again) and a trace object with its {@code observations} inline (the public API's trace detail).
 */
final class ExportScan {

    /** The trace's members other than its observations, and the observations the export gives. */
    record Export(ObjectNode trace, List<Observation> observations) {
    }

    private ExportScan() {
    }

    static Export read(Path file) throws IOException, TraceFormatException {
        String source = file.toString();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             JsonParser parser = Json.MAPPER.createParser(in)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw notAnExport(source);
            }
            ObjectNode rootMembers = Json.object();
            JsonNode trace = null;
            List<Observation> listed = null;
            List<Observation> listedByTrace = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String member = parser.currentName();
                JsonToken value = parser.nextToken();
                if (member.equals("trace") && value == JsonToken.START_OBJECT) {
                    ObjectNode members = Json.object();
                    listedByTrace = readObject(parser, members);
                    trace = members;
                } else if (member.equals("trace")) {
                    trace = Json.VALUES.readTree(parser);
                } else if (member.equals("observations") && value == JsonToken.START_ARRAY) {
                    listed = observations(parser);
                } else {
                    rootMembers.set(member, Json.VALUES.readTree(parser));
                }
            }
            if (parser.nextToken() != null) {
                throw new TraceFormatException(source, parser.currentTokenLocation().getLineNr(), "malformed JSON: content after the export's object");
            }
            // as a tree would be read: the root's observations if it has them, else the trace's; the root is the
            // trace when it has none
            List<Observation> observations = listed != null ? listed
                    : rootMembers.has("observations") ? null : trace != null ? listedByTrace : null;
            if (trace == null) {
                trace = rootMembers;
            }
            if (!trace.isObject() || observations == null) {
                throw notAnExport(source);
            }
            return new Export((ObjectNode) trace, observations);
        } catch (JsonProcessingException e) {
            throw JsonDocuments.malformed(source, e);
        }
    }

    /** Reads the rest of an object into {@code into}, an {@code observations} list as facts (returned; null if none). */
    private static List<Observation> readObject(JsonParser parser, ObjectNode into) throws IOException {
        List<Observation> observations = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String member = parser.currentName();
            if (parser.nextToken() == JsonToken.START_ARRAY && member.equals("observations")) {
                observations = observations(parser);
            } else {
                into.set(member, Json.VALUES.readTree(parser));
            }
        }
        return observations;
    }

    /** The facts of each element of the list the parser is at the start of, one element's tree held at a time. */
    private static List<Observation> observations(JsonParser parser) throws IOException {
        List<Observation> observations = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            long from = parser.currentTokenLocation().getByteOffset();
            JsonNode element = Json.VALUES.readTree(parser);
            long to = parser.currentLocation().getByteOffset();
            if (to - from > Integer.MAX_VALUE) {
                throw new IOException("an observation of " + (to - from) + " bytes, beyond what one observation may take");
            }
            observations.add(Observation.of(element, from, (int) (to - from)));
        }
        return observations;
    }

    private static TraceFormatException notAnExport(String source) {
        return new TraceFormatException(source, 1, "not a Langfuse trace export: needs a trace and an 'observations' list");
    }
}
