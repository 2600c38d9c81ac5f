package dev.forkline.importers.langfuse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.FileRanges;
import dev.forkline.importers.support.JsonDocuments;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.trace.TraceFormatException;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a Langfuse observation's whole JSON again from the export its first pass streamed it out of, when its events
 * are written. The last few are kept: a tool observation is asked for at its start and again at its end, often soon
 * after.
 */
final class ObservationSource implements Closeable {

    private static final int KEPT = 16;

    private final Path file;
    private final FileRanges ranges;
    private final Map<Long, JsonNode> recent = new LinkedHashMap<>(KEPT * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, JsonNode> eldest) {
            return size() > KEPT;
        }
    };

    ObservationSource(Path file) {
        this.file = file;
        this.ranges = new FileRanges(file, "an observation");
    }

    /**
     * The observation's JSON, as it stands in the export.
     *
     * @throws TraceFormatException naming the file and line, for JSON the first pass passed over without reading (a
     *                              number or a text beyond what Forkline reads, in the observation's input or output)
     */
    JsonNode read(Observation observation) throws TraceFormatException {
        if (observation.held() != null) {
            return observation.held();
        }
        JsonNode tree = recent.get(observation.from());
        if (tree == null) {
            try {
                ByteBuffer bytes = ranges.read(observation.from(), observation.length());
                tree = JsonlRecords.readTree(bytes.array(), 0, bytes.limit()); // opens plainly: with the object's '{'
            } catch (JsonProcessingException e) {
                throw new TraceFormatException(file.toString(), observation.line() + JsonDocuments.lineOf(e) - 1,
                        "malformed JSON: " + JsonDocuments.problem(e), e);
            } catch (IOException e) {
                throw new UncheckedIOException(file + ": reading observation '" + observation.id() + "' again: " + e.getMessage(), e);
            }
            recent.put(observation.from(), tree);
        }
        return tree;
    }

    @Override
    public void close() throws IOException {
        recent.clear();
        ranges.close();
    }
}
