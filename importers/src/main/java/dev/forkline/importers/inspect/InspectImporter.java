package dev.forkline.importers.inspect;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.ReadingWatcher;
import dev.forkline.importers.StreamingImporter;
import dev.forkline.importers.support.BytesRead;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonDocuments;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.SingleFileImporter;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.bundle.GuardedZip;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Inspect AI eval logs: the {@code .json} form (one object: version, status, eval, plan, results, stats, samples...;
 * read as a stream, one sample at a time) and the {@code .eval} form (a zip: {@code header.json} or
 * {@code _journal/start.json}, {@code samples/<id>_epoch_<n>.json}, summaries). Each sample becomes its own run.
 */
public final class InspectImporter extends SingleFileImporter implements StreamingImporter {

    public static final String FORMAT = "inspect-ai";
    /** An eval log's archive holds far fewer, smaller entries than a bundle may. */
    private static final GuardedZip.Limits ARCHIVE_LIMITS = new GuardedZip.Limits(200_000, 2L * 1024 * 1024 * 1024);
    private static final Pattern SAMPLE_ENTRY = Pattern.compile("^samples/(.+)_epoch_(\\d{1,9})\\.json$");

    public InspectImporter() {
        super(FORMAT);
    }

    /** An {@code .eval} archive, or a {@code .json} eval log. */
    @Override
    public boolean accepts(Path path, byte[] head) {
        if (!GuardedZip.isZip(path)) {
            return super.accepts(path, head);
        }
        try (GuardedZip zip = GuardedZip.open(path, ARCHIVE_LIMITS)) {
            return (zip.has("header.json") || zip.has("_journal/start.json")) && !zip.has("manifest.json");
        } catch (IOException | TraceFormatException | RuntimeException e) {
            return false;
        }
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        return head.opensWith('{') && head.contains("\"eval\"") && head.contains("\"version\"")
                && head.containsAny("\"task_id\"", "\"run_id\"") && head.contains("\"task\"");
    }

    /**
     * As {@link #read(Path)}, storing the events while they are read, from the first sample on, where the header before
     * the samples says when the eval was created, and telling {@code watcher} how far the samples were read: the part
     * read so far is imported as the samples it holds.
     */
    @Override
    public ImportedTrace read(Path path, EventBatchSink sink, ReadingWatcher watcher) throws IOException, TraceFormatException {
        return readWatched(path, sink, watcher, (session, limit, handedTo, reading) -> read(path, session, limit, handedTo, reading));
    }

    /** Imports the samples that start within the file's first {@code limit} bytes into {@code session}. */
    private ImportedTrace read(Path path, ImportSession session, long limit, EventBatchSink sink, BytesRead reading)
            throws IOException, TraceFormatException {
        SampleFeed feed = new SampleFeed(session, limit, sink, reading);
        ObjectNode header = GuardedZip.isZip(path) ? readArchive(feed, session, path) : readJson(feed, session, path);
        if (session.events().isEmpty()) {
            throw new TraceFormatException(path.toString(), 0, "the log holds no samples (was it written with log_samples off?)");
        }
        String status = JsonFields.scalar(header, "status");
        if (status != null && !"success".equals(status)) {
            session.finding(Finding.warning(ImportFindings.EVAL_STATUS, "the eval's status is '" + status + "'"
                    + (JsonFields.scalarAt(header, "error", "message") != null ? ": " + JsonFields.scalarAt(header, "error", "message") : ""), null, 0));
        }
        LogIdentity identity = feed.storedAs() != null ? feed.storedAs() : LogIdentity.of(header);
        return session.finish(identity.traceId(), identity.title(), identity.created() != null ? identity.created() : session.events().getFirst().ts());
    }

    private static ObjectNode readJson(SampleFeed feed, ImportSession session, Path path) throws IOException, TraceFormatException {
        String file = path.toString();
        ObjectNode header = Json.object();
        try (InputStream in = Files.newInputStream(path); JsonParser parser = Json.factory().createParser(in)) {
            // every value is read as a tree, which refuses a member named twice; the log's own members are checked below
            parser.disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new TraceFormatException(file, parser.currentTokenLocation().getLineNr(), "not an Inspect log: expected a JSON object");
            }
            boolean samplesRead = false;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                if (header.has(field) || samplesRead && "samples".equals(field)) {
                    throw new JsonParseException(parser, "Duplicate field '" + field + "'"); // told as the parser tells it, below
                }
                JsonToken value = parser.nextToken();
                if ("samples".equals(field) && value == JsonToken.START_ARRAY) {
                    samplesRead = true;
                    if (!header.has("eval")) {
                        session.finding(Finding.warning(ImportFindings.SAMPLES_BEFORE_HEADER, "samples precede the eval header in the file: "
                                + "environment and model identity are not known to the sessions", null, parser.currentTokenLocation().getLineNr()));
                    }
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        if (!feed.reaches(parser.currentTokenLocation().getByteOffset()) && header.has("eval")) {
                            return header; // the end of the part being imported
                        }
                        long line = parser.currentTokenLocation().getLineNr();
                        JsonNode sample = Json.VALUES_CHECKED_BY_TREE.readTree(parser);
                        feed.read(header, sample, line, parser.currentLocation().getByteOffset());
                    }
                } else {
                    header.set(field, Json.VALUES_CHECKED_BY_TREE.readTree(parser));
                }
            }
        } catch (JsonProcessingException e) {
            throw JsonDocuments.malformed(file, e);
        }
        if (!header.has("eval")) {
            throw new TraceFormatException(file, 1, "not an Inspect log: no 'eval' header");
        }
        return header;
    }

    /**
     * The archive's samples in order of epoch and id; where each lies in the file is told as the compressed bytes of the
     * header and of the samples up to it, so that the part read so far is the first samples.
     */
    private static ObjectNode readArchive(SampleFeed feed, ImportSession session, Path path) throws IOException, TraceFormatException {
        try (GuardedZip zip = GuardedZip.open(path, ARCHIVE_LIMITS)) {
            String headerEntry = zip.has("header.json") ? "header.json" : "_journal/start.json";
            if (!zip.has(headerEntry)) {
                throw new TraceFormatException(zip.name(), 0, "not an Inspect .eval archive: no header.json or _journal/start.json");
            }
            if (!zip.has("header.json")) {
                session.finding(Finding.warning(ImportFindings.EVAL_UNFINISHED, "the archive has no header.json (the eval did not finish): "
                        + "read from _journal/start.json", null, 0));
            }
            JsonNode read = entry(zip, headerEntry);
            if (!read.isObject()) {
                throw new TraceFormatException(zip.name() + "!/" + headerEntry, 1, "expected a JSON object");
            }
            ObjectNode header = (ObjectNode) read;
            List<String> samples = new ArrayList<>();
            for (String name : zip.names()) {
                if (SAMPLE_ENTRY.matcher(name).matches()) {
                    samples.add(name);
                } else if (name.startsWith("samples/")) {
                    session.finding(Finding.info(ImportFindings.UNKNOWN_RECORD, zip.name() + "!/" + name + " is not a sample file: ignored", null, 0));
                }
            }
            samples.sort(Comparator.comparing((String name) -> epochOf(name)).thenComparing(InspectImporter::naturalKey));
            if (samples.isEmpty()) {
                summariesOnly(feed, session, zip, header);
                return header;
            }
            long position = zip.compressedSize(headerEntry);
            for (String name : samples) {
                if (!feed.reaches(position)) {
                    break;
                }
                long start = position;
                position += zip.compressedSize(name);
                JsonNode sample;
                try {
                    sample = entry(zip, name);
                } catch (TraceFormatException e) {
                    session.finding(Finding.error(ImportFindings.MALFORMED_RECORD, e.getMessage() + ": sample skipped", null, e.line()));
                    continue;
                }
                feed.read(header, sample, 0, Math.max(position, start + 1));
            }
            return header;
        }
    }

    /**
     * An archive without sample files (logged without samples, or read mid-run) still lists its samples in
     * {@code summaries.json} or {@code _journal/summaries/*.json}: each becomes a run with its start and end only.
     */
    private static void summariesOnly(SampleFeed feed, ImportSession session, GuardedZip zip, ObjectNode header) throws IOException, TraceFormatException {
        List<String> sources = new ArrayList<>();
        if (zip.has("summaries.json")) {
            sources.add("summaries.json");
        } else {
            zip.names().stream().filter(n -> n.startsWith("_journal/summaries/") && n.endsWith(".json")).sorted().forEach(sources::add);
        }
        int count = 0;
        for (String source : sources) {
            JsonNode summaries = entry(zip, source);
            if (summaries.isArray()) {
                for (JsonNode summary : summaries) {
                    feed.read(header, summary, 0, 0);
                    count++;
                }
            }
        }
        if (count > 0) {
            session.finding(Finding.warning(ImportFindings.SUMMARIES_ONLY, "the archive holds no sample files: " + count
                    + " sample(s) imported from their summaries, without transcripts", null, 0));
        }
    }

    private static JsonNode entry(GuardedZip zip, String name) throws IOException, TraceFormatException {
        try (InputStream in = zip.open(name)) {
            return JsonDocuments.read(in, zip.name() + "!/" + name);
        }
    }

    private static int epochOf(String name) {
        Matcher m = SAMPLE_ENTRY.matcher(name);
        return m.matches() ? Integer.parseInt(m.group(2)) : 0;
    }

    /** Sample ids sort as numbers where they are numbers ("2" before "10"). */
    private static String naturalKey(String name) {
        Matcher m = SAMPLE_ENTRY.matcher(name);
        String id = m.matches() ? m.group(1) : name;
        return id.matches("\\d{1,18}") ? String.format("%020d", Long.parseLong(id)) : id;
    }
}
