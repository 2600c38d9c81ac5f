package dev.forkline.importers.openhands;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.BytesRead;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.importers.support.StartCheckpoint;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatchSink;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * An OpenHands evaluation or resolver {@code output.jsonl}: one JSON object per line and instance, whose
 * {@code history} is a V0 event stream, beside the instance ({@code instance_id}, {@code instance.repo},
 * {@code base_commit}), the run's {@code metrics}, the final patch ({@code test_result.git_patch} or {@code git_patch})
 * and the {@code error} that stopped it. Each line becomes a root run named after its instance. Where a sink takes the
 * events, they are stored while the file is read, from the first instance's start on; the part of the file read so far
 * is imported as the instances it holds.
 */
final class EvalOutput {

    /** Top-level fields that, beside {@code instance_id} or {@code issue}, make a JSON line an OpenHands output line. */
    private static final Set<String> OUTPUT_FIELDS = Set.of("history", "instruction", "test_result", "metrics", "git_patch", "metadata");

    private final ImportSession session;
    private final Path path;
    private final StartCheckpoint checkpoint;
    private final long limit;
    private final EventBatchSink sink;
    private final BytesRead reading;
    private final V0Tally tally = new V0Tally();
    private final Set<String> runs = new HashSet<>();
    private int lines;

    /**
     * @param limit   the lines within the file's first {@code limit} bytes are read ({@link Long#MAX_VALUE}: all)
     * @param sink    where the events go as they are made, or null
     * @param reading hears how far the file was read, after each line
     */
    EvalOutput(ImportSession session, Path path, long limit, EventBatchSink sink, BytesRead reading) {
        this.session = session;
        this.path = path;
        this.limit = limit;
        this.sink = sink;
        this.reading = reading;
        this.checkpoint = new StartCheckpoint(session);
    }

    /**
     * Whether the file opens with an OpenHands output line: the top-level fields of its first object (as far as the
     * head holds it) name an instance ({@code instance_id}, or a resolver's {@code issue}) and at least one more
     * field of the output ({@code history}, {@code instruction}, {@code test_result}, ...). Never throws.
     */
    static boolean looksLike(FileHead head) {
        if (!head.opensWith('{')) {
            return false;
        }
        Set<String> fields = new HashSet<>();
        try (JsonParser parser = Json.factory().createParser(head.text())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            for (JsonToken token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
                fields.add(parser.currentName());
                parser.nextToken();
                parser.skipChildren();
            }
        } catch (IOException endOfHead) {
            // the head ends inside the first line: judge by the fields seen so far
        }
        boolean instance = fields.contains("instance_id") || fields.contains("issue") && fields.contains("issue_type");
        return instance && fields.stream().anyMatch(OUTPUT_FIELDS::contains) && !fields.contains("trajectory");
    }

    /** Reads every line as a run, and finishes the trace (titled after the file's name without {@code .jsonl}). */
    ImportedTrace read() throws IOException, TraceFormatException {
        JsonlRecords.readFirstBytes(path, session, limit, this::line, reading);
        if (lines == 0) {
            throw new TraceFormatException(path.toString(), 0, "the OpenHands output holds no instance line");
        }
        tally.report(session, lines > 1);
        checkpoint.report(Finding.info(ImportFindings.NO_CHECKPOINT, "no instance's history runs a tool action: there is no replayable "
                + "checkpoint", null, 0));
        return session.finish(OpenHandsImporter.traceId(title()), title());
    }

    private String title() {
        return path.getFileName().toString().replaceFirst("\\.jsonl?$", "");
    }

    /** The first instance's start is the trace's: storing while reading starts there. */
    private void startStoring(Instant start) throws IOException {
        session.storeWhileReading(sink, OpenHandsImporter.traceId(title()), title(), start);
    }

    private void line(JsonNode line, long number) throws IOException, TraceFormatException {
        JsonNode history = line.get("history");
        if (history == null || !history.isArray()) {
            session.finding(Finding.warning(ImportFindings.MALFORMED_RECORD, TraceFormatException.location(path.toString(), number)
                    + ": the output line has no history list: skipped", null, number));
            return;
        }
        lines++;
        EvalInstance instance = EvalInstance.of(line);
        String run = runName(instance.instanceId(), number);
        V0EventStream.Records records = handler -> {
            for (JsonNode record : history) {
                handler.record(record, number);
            }
        };
        new V0EventStream(session, run, path.toString(), records, instance, checkpoint, tally)
                .read(lines == 1 ? this::startStoring : V0EventStream.Starting.NONE);
    }

    /** The instance id with anything but letters, digits, {@code _} and {@code -} replaced, made unique in the file. */
    private String runName(String instanceId, long line) {
        String base = instanceId == null || instanceId.isBlank() ? "line-" + line : instanceId.replaceAll("[^A-Za-z0-9_-]", "-");
        String name = base;
        for (int i = 2; !runs.add(name); i++) {
            name = base + "-" + i;
        }
        return name;
    }
}
