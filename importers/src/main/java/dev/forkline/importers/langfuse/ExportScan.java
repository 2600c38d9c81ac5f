package dev.forkline.importers.langfuse;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.BytesRead;
import dev.forkline.importers.support.CountedInput;
import dev.forkline.importers.support.JsonDocuments;
import dev.forkline.importers.support.SharedStrings;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The first pass over a Langfuse export: streams the document, keeping the trace's own members and, of each
 * observation, only its {@link Observation} facts, so that an export of any size is read in the memory of its largest
 * observation. Both shapes: {@code {trace, observations}} (the UI's and the SDKs' export, whose trace may list the
 * observations again) and a trace object with its {@code observations} inline (the public API's trace detail). Of a
 * part of the file (what a reading got through so far), the observations wholly within it.
 */
final class ExportScan {

    /** The trace's members other than its observations, and the observations the export gives. */
    record Export(ObjectNode trace, List<Observation> observations) {
    }

    /** What {@link Observation#of} reads of an observation: its ids, kind, times, model and (for the agent) metadata. */
    private static final Set<String> FACT_MEMBERS = Set.of("id", "parentObservationId", "type", "name", "level", "model", "startTime",
            "endTime", "metadata");

    private final Path file;
    private final long limit;
    private final BytesRead reading;
    private final ObjectNode rootMembers = Json.object();
    private final SharedStrings shared = new SharedStrings(4096);
    private JsonNode trace;
    private List<Observation> listed;
    private List<Observation> listedByTrace;

    private ExportScan(Path file, long limit, BytesRead reading) {
        this.file = file;
        this.limit = limit;
        this.reading = reading;
    }

    /** The whole export. */
    static Export read(Path file) throws IOException, TraceFormatException {
        return read(file, Long.MAX_VALUE, BytesRead.NONE);
    }

    /**
     * The export as far as its first {@code limit} bytes hold it ({@link Long#MAX_VALUE}: all of it; a part's JSON ends
     * where the reading got, which is not damage), telling {@code reading} how far the file was read after each
     * observation.
     */
    static Export read(Path file, long limit, BytesRead reading) throws IOException, TraceFormatException {
        return new ExportScan(file, limit, reading).scan();
    }

    private Export scan() throws IOException, TraceFormatException {
        String source = file.toString();
        CountedInput counted = new CountedInput(Files.newInputStream(file), limit);
        try (InputStream in = new BufferedInputStream(counted, 1 << 16); JsonParser parser = Json.MAPPER.createParser(in)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw notAnExport(source);
            }
            BytesRead told = reading.growingOnly();
            try {
                readRoot(parser, () -> told.read(counted.count()));
            } catch (JsonEOFException cutShort) {
                if (limit == Long.MAX_VALUE) {
                    throw cutShort;
                }
                return part();
            }
            if (parser.nextToken() != null) {
                throw new TraceFormatException(source, parser.currentTokenLocation().getLineNr(), "malformed JSON: content after the export's object");
            }
        } catch (JsonProcessingException e) {
            throw JsonDocuments.malformed(source, e);
        }
        // as a tree would be read: the root's observations if it has them, else the trace's; the root is the trace when
        // it has none
        List<Observation> observations = listed != null ? listed
                : rootMembers.has("observations") ? null : trace != null ? listedByTrace : null;
        JsonNode traced = trace != null ? trace : rootMembers;
        if (!traced.isObject() || observations == null) {
            throw notAnExport(source);
        }
        return new Export((ObjectNode) traced, observations);
    }

    /** What a part holds: the members read so far, and the observations of whichever list the part reached. */
    private Export part() {
        List<Observation> observations = listed != null ? listed : listedByTrace != null ? listedByTrace : List.of();
        return new Export(trace instanceof ObjectNode object ? object : rootMembers, observations);
    }

    private void readRoot(JsonParser parser, Observed observed) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String member = parser.currentName();
            JsonToken value = parser.nextToken();
            if (member.equals("trace") && value == JsonToken.START_OBJECT) {
                ObjectNode members = Json.object();
                trace = members;
                readTrace(parser, members, observed);
            } else if (member.equals("trace")) {
                trace = Json.VALUES.readTree(parser);
            } else if (member.equals("observations") && value == JsonToken.START_ARRAY) {
                listed = new ArrayList<>();
                observations(parser, listed, observed, shared);
            } else {
                rootMembers.set(member, Json.VALUES.readTree(parser));
            }
        }
    }

    /** Reads the rest of the trace's object into {@code into}, an {@code observations} list as facts. */
    private void readTrace(JsonParser parser, ObjectNode into, Observed observed) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String member = parser.currentName();
            if (parser.nextToken() == JsonToken.START_ARRAY && member.equals("observations")) {
                listedByTrace = new ArrayList<>();
                observations(parser, listedByTrace, observed, shared);
            } else {
                into.set(member, Json.VALUES.readTree(parser));
            }
        }
    }

    /**
     * Adds the facts of each element of the list the parser is at the start of. Of an object only the members the facts
     * come from are read ({@link #FACT_MEMBERS}); its input, output and usage, most of its bytes, are passed over.
     */
    private static void observations(JsonParser parser, List<Observation> into, Observed observed, SharedStrings shared) throws IOException {
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            long from = parser.currentTokenLocation().getByteOffset();
            long line = parser.currentTokenLocation().getLineNr();
            JsonNode element = parser.currentToken() == JsonToken.START_OBJECT ? Json.members(parser, FACT_MEMBERS) : Json.VALUES.readTree(parser);
            long to = parser.currentLocation().getByteOffset();
            if (to - from > Integer.MAX_VALUE) {
                throw new IOException("an observation of " + (to - from) + " bytes, beyond what one observation may take");
            }
            into.add(Observation.of(element, from, (int) (to - from), line, shared));
            observed.one();
        }
    }

    /** Told after each observation read. */
    @FunctionalInterface
    private interface Observed {
        void one() throws IOException;
    }

    private static TraceFormatException notAnExport(String source) {
        return new TraceFormatException(source, 1, "not a Langfuse trace export: needs a trace and an 'observations' list");
    }
}
