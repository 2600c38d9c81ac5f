package dev.forkline.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.FileRanges;
import dev.forkline.trace.Json;
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

    /** The observation's JSON, as it stands in the export. */
    JsonNode read(Observation observation) {
        if (observation.held() != null) {
            return observation.held();
        }
        JsonNode tree = recent.get(observation.from());
        if (tree == null) {
            try {
                ByteBuffer bytes = ranges.read(observation.from(), observation.length());
                tree = Json.MAPPER.readTree(bytes.array(), 0, bytes.limit());
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
