package dev.forkline.importers.otel;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.BytesRead;
import dev.forkline.importers.support.CountedInput;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.JsonProblems;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.importers.support.SharedStrings;
import dev.forkline.importers.support.TextLines;
import dev.forkline.importers.support.Timestamps;
import dev.forkline.trace.ByteWords;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.TraceFormatException;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Streams the spans out of an OTLP/JSON file ({@code resourceSpans/scopeSpans}, the older
 * {@code instrumentationLibrarySpans}, Tempo's {@code batches}), or a Jaeger query result ({@code data[].spans} with
 * {@code processes}). The file may hold several JSON documents one after another (the collector's file exporter writes
 * one per line). Jackson's streaming parser holds one span (one Jaeger trace) at a time; when the JSON breaks, the
 * damage becomes a finding and reading resumes on the next line.
 */
final class SpanFileReader implements Closeable {

    /** A read of one document is told how far it got a block of this many bytes at a time. */
    private static final int WHOLE_BLOCK = 1 << 20;

    private final Path file;
    private final ImportSession session;
    private final List<OtelSpan> spans = new ArrayList<>();
    private long documents;
    /** The line (counted from the start of the file) where the document being read began. */
    private long documentLine;

    /** How many of the file's bytes to read (a growing file's later bytes are left alone). */
    private final long length;
    /** Where reading starts, and how many lines come before it (0 and 0: the whole file). */
    private final long from;
    private final long linesBefore;
    /** Told how far a read as JSON lines got, and a read of one document ({@link #reportingTo}). */
    private BytesRead reading = BytesRead.NONE;
    private BytesRead readingWhole = BytesRead.NONE;
    /** The file under a read of one document, counting what was read. */
    private CountedInput wholeInput;
    /** Whether {@link #length} cuts a document short, its spans read so far being wanted ({@link #partOf}). */
    private final boolean cutShort;
    /** Whether {@link #read} took the file as JSON lines (one whole document per line). */
    private boolean asLines;
    /** How many lines (blank and damaged ones too) a read as JSON lines went through. */
    private long linesRead;
    /**
     * Where the attributes of the spans of a streamed read are read again from (a single document of a million spans
     * does not fit in memory with every span's attributes), or null: the spans hold theirs.
     */
    private SpanSource source;
    /** The file offset of the stream's first byte, when spans are left in the file. */
    private long streamStart;
    /**
     * Trace ids, names and kinds repeat from span to span, parent ids among siblings: a million spans would otherwise
     * hold a million copies of each.
     */
    private final SharedStrings repeated = new SharedStrings(4096);
    private final SharedStrings parents = new SharedStrings(16);

    SpanFileReader(Path file, ImportSession session) {
        this(file, session, Long.MAX_VALUE);
    }

    SpanFileReader(Path file, ImportSession session, long length) {
        this(file, session, 0, length, 0);
    }

    /**
     * Reads the JSON lines between byte {@code from} (the start of a line, after {@code linesBefore} lines) and byte
     * {@code length} with {@link #readLinesFrom}: the spans a growing span log gained since it was read up to
     * {@code from}, with the same line numbers a read of the whole file gives them.
     */
    SpanFileReader(Path file, ImportSession session, long from, long length, long linesBefore) {
        this(file, session, from, length, linesBefore, false);
    }

    private SpanFileReader(Path file, ImportSession session, long from, long length, long linesBefore, boolean cutShort) {
        this.file = file;
        this.session = session;
        this.from = from;
        this.length = length;
        this.linesBefore = linesBefore;
        this.cutShort = cutShort;
    }

    /**
     * Reads the spans that lie wholly within the first {@code length} bytes of a file of one document, while the
     * whole is still being read: the end of the JSON there is where the reading got, not damage, so it ends the read
     * without a finding.
     */
    static SpanFileReader partOf(Path file, ImportSession session, long length) {
        return new SpanFileReader(file, session, 0, length, 0, true);
    }

    private CountedInput open() throws IOException {
        InputStream in = Files.newInputStream(file);
        if (from > 0) {
            in.skipNBytes(from);
        }
        return new CountedInput(in, length == Long.MAX_VALUE ? length : length - from);
    }

    /**
     * Tells {@code lines} how far a read as JSON lines got (bytes from the file's start, a block at a time), so that
     * the lines read so far can be imported on their own, and {@code whole} how far a read of one document got.
     */
    SpanFileReader reportingTo(BytesRead lines, BytesRead whole) {
        this.reading = lines;
        this.readingWhole = whole.growingOnly();
        return this;
    }

    /** Every span in the file, in file order. */
    List<OtelSpan> read() throws IOException, TraceFormatException {
        if (firstLineIsWholeDocument()) {
            asLines = true;
            return readLines();
        }
        return readStream();
    }

    /** The spans of the lines from {@code from} on, each line a whole document (see the range constructor). */
    List<OtelSpan> readLinesFrom() throws IOException, TraceFormatException {
        asLines = true;
        return readLines();
    }

    /**
     * The spans of the lines from {@code from} on given as the OTLP documents they hold, already parsed (serve hands
     * over the span batches it just appended; see {@link #isOtlpDocument}): the spans, and their line numbers, that
     * {@link #readLinesFrom} gives for the same lines. The span objects are used as they are, not copied.
     */
    List<OtelSpan> readDocumentsOfLines(List<ObjectNode> lines) {
        asLines = true;
        for (ObjectNode document : lines) {
            linesRead++;
            long line = linesBefore + linesRead;
            documentLine = line;
            for (Map.Entry<String, JsonNode> field : document.properties()) {
                boolean spansOfResources = field.getKey().equals("resourceSpans") || field.getKey().equals("batches");
                if (spansOfResources && field.getValue().isArray()) {
                    field.getValue().forEach(resourceSpans -> readResourceSpans(resourceSpans, line));
                }
            }
            documents++;
        }
        return spans;
    }

    /**
     * Whether {@link #readDocumentsOfLines} reads this document as {@link #readLinesFrom} reads its line: an object
     * holding {@code resourceSpans} (or {@code batches}) and no Jaeger {@code data}.
     */
    static boolean isOtlpDocument(JsonNode document) {
        return document instanceof ObjectNode && (document.has("resourceSpans") || document.has("batches")) && !document.has("data");
    }

    /** As the streamed {@link #readResourceSpans(JsonParser, long)}, over a tree. */
    private void readResourceSpans(JsonNode resourceSpans, long line) {
        if (!resourceSpans.isObject()) {
            return;
        }
        ObjectNode resource = Json.nodes().objectNode();
        for (Map.Entry<String, JsonNode> field : resourceSpans.properties()) {
            switch (field.getKey()) {
                case "resource" -> resource.setAll(AnyValues.keyValues(field.getValue().get("attributes")));
                case "scopeSpans", "instrumentationLibrarySpans" -> {
                    if (field.getValue().isArray()) {
                        field.getValue().forEach(scopeSpans -> readScopeSpans(scopeSpans, resource, line));
                    }
                }
                default -> {
                }
            }
        }
    }

    /** As the streamed {@link #readScopeSpans(JsonParser, ObjectNode, long)}, over a tree. */
    private void readScopeSpans(JsonNode scopeSpans, ObjectNode resource, long line) {
        if (!scopeSpans.isObject()) {
            return;
        }
        String scope = null;
        for (Map.Entry<String, JsonNode> field : scopeSpans.properties()) {
            switch (field.getKey()) {
                case "scope", "instrumentationLibrary" -> scope = JsonFields.text(field.getValue(), "name");
                case "spans" -> {
                    if (field.getValue().isArray()) {
                        for (JsonNode span : field.getValue()) {
                            if (span instanceof ObjectNode object) {
                                spans.add(otlpSpan(object, resource, scope, line));
                            }
                        }
                    }
                }
                default -> {
                }
            }
        }
    }

    /** Whether the file was read as JSON lines, each a whole document (the form serve's span logs have). */
    boolean readAsLines() {
        return asLines;
    }

    /** How many lines a read as JSON lines went through, from where it started: a prefix's newline count. */
    long linesRead() {
        return linesRead;
    }

    /** JSON lines (one export request per line): each line is parsed alone, so a damaged line costs only itself. */
    private List<OtelSpan> readLines() throws IOException, TraceFormatException {
        CountedInput in = open();
        try (TextLines lines = new TextLines(in, file.toString(), session, LineReader.DEFAULT_MAX_LINE_BYTES)) {
            BytesRead told = reading.growingOnly();
            for (String text = lines.next(); text != null; text = lines.next()) {
                long line = linesBefore + lines.lineNumber();
                try (JsonParser parser = Json.VALUES.createParser(text)) {
                    readDocuments(parser, line - 1);
                } catch (JsonProcessingException broken) {
                    session.finding(Finding.warning(ImportFindings.MALFORMED_LINE, TraceFormatException.location(file.toString(), line) + ": "
                            + JsonProblems.describe(broken) + "; line skipped", null, line));
                }
                told.read(from + in.count());
            }
            linesRead = lines.lineNumber();
            return spans;
        }
    }

    private boolean firstLineIsWholeDocument() throws IOException {
        byte[] line = firstLine();
        if (line == null) {
            return false;
        }
        try {
            return Json.VALUES.readTree(line) instanceof ObjectNode;
        } catch (JsonProcessingException partial) {
            return false;
        }
    }

    /**
     * The file's first line when a line break ends it within {@link JsonlRecords#MAX_LINE_BYTES}, else null (one long
     * document, or no line break). Read in blocks: a single-line export can be gigabytes long.
     */
    private byte[] firstLine() throws IOException {
        try (InputStream in = open()) {
            byte[] buffer = new byte[64 * 1024];
            var line = new java.io.ByteArrayOutputStream();
            int read;
            while ((read = in.read(buffer)) > 0) {
                int newline = ByteWords.newlineIn(buffer, 0, read);
                if (newline >= 0) {
                    line.write(buffer, 0, newline);
                    return line.size() <= JsonlRecords.MAX_LINE_BYTES ? line.toByteArray() : null;
                }
                line.write(buffer, 0, read);
                if (line.size() > JsonlRecords.MAX_LINE_BYTES) {
                    return null;
                }
            }
            return null;
        }
    }

    /**
     * One (possibly pretty-printed) document, or documents that do not keep to one line each. The spans are held as
     * skeletons: their attributes and events are read again from the file when asked for.
     */
    private List<OtelSpan> readStream() throws IOException, TraceFormatException {
        long resumeAt = 0;
        long lineBase = 0;
        source = new SpanSource(file);
        while (true) {
            wholeInput = open();
            try (InputStream in = new BufferedInputStream(wholeInput, WHOLE_BLOCK)) {
                in.skipNBytes(resumeAt);
                streamStart = from + resumeAt;
                try (JsonParser parser = Json.VALUES.createParser(in)) {
                    readDocuments(parser, lineBase);
                    return spans;
                } catch (JsonProcessingException broken) {
                    if (cutShort && broken instanceof JsonEOFException) {
                        return spans;
                    }
                    long errorLine = lineBase + Math.max(1, broken.getLocation() == null ? 1 : broken.getLocation().getLineNr());
                    if (documents == 0 && spans.isEmpty()) {
                        throw new TraceFormatException(file.toString(), errorLine, "not OTLP/Jaeger JSON: " + broken.getOriginalMessage(), broken);
                    }
                    String lost = broken instanceof JsonEOFException
                            ? " (the file ends inside its JSON: cut short?); the spans read before it are kept, whatever followed is missing"
                            : "; the rest of that line is skipped";
                    session.finding(Finding.warning(ImportFindings.MALFORMED_JSON, TraceFormatException.location(file.toString(), errorLine)
                            + ": " + broken.getOriginalMessage() + lost, null, errorLine));
                    // A damaged JSON-lines document runs into the next line: when that line starts a new document, resume there.
                    long resumeLine = errorLine > documentLine && startsDocument(errorLine) ? errorLine : errorLine + 1;
                    Long offset = lineStart(resumeLine);
                    if (offset == null) {
                        return spans;
                    }
                    resumeAt = offset;
                    lineBase = resumeLine - 1;
                }
            }
        }
    }

    /** The byte offset where a 1-based line starts, or null past the end of the file. */
    private Long lineStart(long line) throws IOException {
        if (line <= 1) {
            return 0L;
        }
        try (InputStream in = new BufferedInputStream(open())) {
            long offset = 0;
            long current = 1;
            int b;
            while ((b = in.read()) >= 0) {
                offset++;
                if (b == '\n' && ++current == line) {
                    return in.read() < 0 ? null : offset;
                }
            }
            return null;
        }
    }

    private boolean startsDocument(long line) throws IOException {
        Long offset = lineStart(line);
        if (offset == null) {
            return false;
        }
        try (InputStream in = new BufferedInputStream(open())) {
            in.skipNBytes(offset);
            int b;
            while ((b = in.read()) == ' ' || b == '\t' || b == '\r') {
                // leading blanks
            }
            return b == '{';
        }
    }

    private void readDocuments(JsonParser parser, long lineBase) throws IOException, TraceFormatException {
        JsonToken token;
        while ((token = parser.nextToken()) != null) {
            documentLine = lineBase + parser.currentTokenLocation().getLineNr();
            if (token != JsonToken.START_OBJECT) {
                throw new TraceFormatException(file.toString(), lineBase + parser.currentLocation().getLineNr(),
                        "expected a JSON object holding resourceSpans, batches or data");
            }
            boolean known = false;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (field) {
                    case "resourceSpans", "batches" -> {
                        known = true;
                        readArray(parser, value, () -> readResourceSpans(parser, lineBase));
                    }
                    case "data" -> {
                        known = true;
                        readArray(parser, value, () -> readJaegerTrace((JsonNode) Json.VALUES.readTree(parser), lineBase + parser.currentLocation().getLineNr()));
                    }
                    default -> parser.skipChildren();
                }
            }
            if (!known) {
                throw new TraceFormatException(file.toString(), lineBase + parser.currentLocation().getLineNr(),
                        "a JSON object without resourceSpans, batches or data: not an OTLP or Jaeger trace");
            }
            documents++;
        }
    }

    @FunctionalInterface
    private interface Step {
        void run() throws IOException, TraceFormatException;
    }

    /** Calls {@code element} once per array element, with the parser on the element's first token. */
    private static void readArray(JsonParser parser, JsonToken start, Step element) throws IOException, TraceFormatException {
        if (start != JsonToken.START_ARRAY) {
            parser.skipChildren();
            return;
        }
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            element.run();
        }
    }

    private void readResourceSpans(JsonParser parser, long lineBase) throws IOException, TraceFormatException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return;
        }
        // The resource may follow its spans in the JSON: spans share this object, filled in when it arrives.
        ObjectNode resource = Json.nodes().objectNode();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (field) {
                case "resource" -> {
                    JsonNode tree = (JsonNode) Json.VALUES.readTree(parser);
                    resource.setAll(AnyValues.keyValues(tree == null ? null : tree.get("attributes")));
                }
                case "scopeSpans", "instrumentationLibrarySpans" ->
                        readArray(parser, value, () -> readScopeSpans(parser, resource, lineBase));
                default -> parser.skipChildren();
            }
        }
    }

    private void readScopeSpans(JsonParser parser, ObjectNode resource, long lineBase) throws IOException, TraceFormatException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return;
        }
        String[] scope = {null};
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (field) {
                case "scope", "instrumentationLibrary" -> scope[0] = JsonFields.text((JsonNode) Json.VALUES.readTree(parser), "name");
                case "spans" -> readArray(parser, value, () -> {
                    long line = lineBase + parser.currentLocation().getLineNr();
                    long start = parser.currentTokenLocation().getByteOffset();
                    if (source == null || start < 0 || parser.currentToken() != JsonToken.START_OBJECT) {
                        JsonNode span = (JsonNode) Json.VALUES.readTree(parser);
                        if (span instanceof ObjectNode object) {
                            spans.add(otlpSpan(object, resource, scope[0], line));
                        }
                        return;
                    }
                    SpanMembers skeleton = SpanMembers.skeleton(parser);
                    long end = parser.currentLocation().getByteOffset();
                    if (end - start > Integer.MAX_VALUE) {
                        throw new TraceFormatException(file.toString(), line, "a span of more than 2 GB");
                    }
                    spans.add(otlpSpan(skeleton, resource, scope[0], line, source, streamStart + start, (int) (end - start)));
                    readingWhole.read(from + wholeInput.count());
                });
                default -> parser.skipChildren();
            }
        }
    }

    /**
     * The members of a span object that make its {@link OtelSpan}, as they are in its tree ({@link #of}) or, for a
     * skeleton, read off the parser ({@link #skeleton}) without a tree of the span and of each attribute entry it keeps
     * (a map apiece: 1.2 GB of what a 1M-span import allocated).
     */
    private static final class SpanMembers {
        JsonNode traceId;
        JsonNode spanId;
        JsonNode parentSpanId;
        JsonNode name;
        JsonNode kind;
        JsonNode start;
        JsonNode end;
        JsonNode status;
        JsonNode events;
        /** As {@link AnyValues#keyValues} makes them: every attribute of a tree, only the placing ones of a skeleton. */
        ObjectNode attributes;

        /** The name when it is a string, as {@link JsonFields#text} reads a member. */
        String name() {
            return name != null && name.isTextual() ? name.asText() : null;
        }

        static SpanMembers of(ObjectNode span) {
            SpanMembers members = new SpanMembers();
            members.traceId = span.get("traceId");
            members.spanId = span.get("spanId");
            members.parentSpanId = span.get("parentSpanId");
            members.name = span.get("name");
            members.kind = span.get("kind");
            members.start = span.get("startTimeUnixNano");
            members.end = span.get("endTimeUnixNano");
            members.status = span.get("status");
            members.events = span.get("events");
            members.attributes = AnyValues.keyValues(span.get("attributes"));
            return members;
        }

        /**
         * The span object at the parser (on its start) read for its skeleton: the attributes that place it
         * ({@link OtelSpan#PLACING_ATTRIBUTES}) and the other members it keeps; the rest is only tokenized (the parser
         * rejects repeated members, so an entry's key decides whether its value is read, whatever their order).
         */
        static SpanMembers skeleton(JsonParser parser) throws IOException {
            SpanMembers members = new SpanMembers();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String member = parser.currentName();
                parser.nextToken();
                switch (member) {
                    case "traceId" -> members.traceId = valueAt(parser);
                    case "spanId" -> members.spanId = valueAt(parser);
                    case "parentSpanId" -> members.parentSpanId = valueAt(parser);
                    case "name" -> members.name = valueAt(parser);
                    case "kind" -> members.kind = valueAt(parser);
                    case "startTimeUnixNano" -> members.start = valueAt(parser);
                    case "endTimeUnixNano" -> members.end = valueAt(parser);
                    case "status" -> members.status = valueAt(parser);
                    case "events" -> members.events = valueAt(parser);
                    case "attributes" -> members.attributes = AnyValues.readKeyValues(parser, OtelSpan.PLACING_ATTRIBUTES);
                    default -> parser.skipChildren();
                }
            }
            if (members.attributes == null) {
                members.attributes = AnyValues.keyValues(null);
            }
            return members;
        }
    }

    /**
     * The value at the parser as a tree. A string, which most skeleton members and every attribute key are, is made
     * here: the tree reader makes a deserialization context of its own for each value it reads.
     */
    static JsonNode valueAt(JsonParser parser) throws IOException {
        return parser.currentToken() == JsonToken.VALUE_STRING ? Json.nodes().textNode(parser.getText())
                : (JsonNode) Json.VALUES.readTree(parser);
    }

    private OtelSpan otlpSpan(ObjectNode span, ObjectNode resource, String scope, long line) {
        return otlpSpan(SpanMembers.of(span), resource, scope, line, null, -1, 0);
    }

    private OtelSpan otlpSpan(SpanMembers span, ObjectNode resource, String scope, long line, SpanSource stored, long from, int length) {
        JsonNode status = span.status;
        return OtelSpan.of(repeated.of(AnyValues.id(span.traceId)), AnyValues.id(span.spanId),
                parents.of(AnyValues.id(span.parentSpanId)), repeated.of(span.name()),
                repeated.of(AnyValues.kind(span.kind)),
                Timestamps.fromEpochNanos(span.start), Timestamps.fromEpochNanos(span.end),
                span.attributes, AnyValues.status(status == null ? null : status.get("code")),
                JsonFields.text(status, "message"), otlpEvents(span.events), resource, scope, line, stored, from, length);
    }

    /** The events of an OTLP span object (its {@code events} member). */
    static List<OtelSpan.SpanEvent> otlpEvents(JsonNode rawEvents) {
        if (rawEvents == null || !rawEvents.isArray() || rawEvents.isEmpty()) {
            return List.of();
        }
        List<OtelSpan.SpanEvent> events = new ArrayList<>();
        for (JsonNode event : rawEvents) {
            events.add(new OtelSpan.SpanEvent(JsonFields.text(event, "name"), Timestamps.fromEpochNanos(event.get("timeUnixNano")),
                    AnyValues.keyValues(event.get("attributes"))));
        }
        return events;
    }

    /** Closes the file that spans' attributes are read again from (opened again if one is asked for later). */
    @Override
    public void close() throws IOException {
        if (source != null) {
            source.close();
        }
    }

    private void readJaegerTrace(JsonNode trace, long line) {
        if (trace == null || !trace.isObject()) {
            return;
        }
        JsonNode processes = trace.get("processes");
        JsonNode rawSpans = trace.get("spans");
        if (rawSpans == null || !rawSpans.isArray()) {
            return;
        }
        for (JsonNode span : rawSpans) {
            ObjectNode tags = AnyValues.jaegerTags(span.get("tags"));
            ObjectNode resource = Json.nodes().objectNode();
            JsonNode process = span.has("process") ? span.get("process")
                    : processes == null ? null : processes.get(JsonFields.text(span, "processID"));
            if (process != null) {
                resource.setAll(AnyValues.jaegerTags(process.get("tags")));
                if (JsonFields.text(process, "serviceName") != null) {
                    resource.put("service.name", JsonFields.text(process, "serviceName"));
                }
            }
            Instant start = Timestamps.fromEpochMicros(span.get("startTime"));
            Long durationMicros = JsonFields.longValue(span.get("duration"));
            Instant end = start == null || durationMicros == null ? null : start.plusNanos(durationMicros * 1000);
            String parent = AnyValues.id(span.get("parentSpanID"));
            JsonNode references = span.get("references");
            if (references != null && references.isArray()) {
                for (JsonNode reference : references) {
                    if ("CHILD_OF".equals(JsonFields.text(reference, "refType")) || parent == null) {
                        parent = AnyValues.id(reference.get("spanID"));
                    }
                }
            }
            String status = "UNSET";
            if (tags.path("error").asBoolean(false) || "ERROR".equalsIgnoreCase(tags.path("otel.status_code").asText(""))) {
                status = "ERROR";
            } else if ("OK".equalsIgnoreCase(tags.path("otel.status_code").asText(""))) {
                status = "OK";
            }
            List<OtelSpan.SpanEvent> events = new ArrayList<>();
            JsonNode logs = span.get("logs");
            if (logs != null && logs.isArray()) {
                for (JsonNode log : logs) {
                    ObjectNode fields = AnyValues.jaegerTags(log.get("fields"));
                    String name = fields.has("event") ? fields.get("event").asText() : "log";
                    events.add(new OtelSpan.SpanEvent(name, Timestamps.fromEpochMicros(log.get("timestamp")), fields));
                }
            }
            String kind = tags.has("span.kind") ? AnyValues.kind(tags.get("span.kind")) : "UNSPECIFIED";
            spans.add(OtelSpan.of(AnyValues.id(span.get("traceID")), AnyValues.id(span.get("spanID")), parent,
                    JsonFields.text(span, "operationName"), kind, start, end, tags, status,
                    tags.has("otel.status_description") ? tags.get("otel.status_description").asText() : null,
                    events, resource, tags.has("otel.scope.name") ? tags.get("otel.scope.name").asText() : null, line, null, -1, 0));
        }
    }
}
