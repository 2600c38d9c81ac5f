package dev.forkline.trace.testing;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A real Langfuse trace export ({@code {trace, observations}}) with its observations repeated under new ids (each id
 * and parent id suffixed {@code -<copy>}), written one observation at a time as the UI exports it: the export of a
 * longer run, as large as asked without holding it.
 */
public final class RepeatedLangfuseExport {

    private RepeatedLangfuseExport() {
    }

    public static Path write(Path sample, int copies, Path target) throws IOException {
        JsonNode export = Json.MAPPER.readTree(sample.toFile());
        try (OutputStream out = Files.newOutputStream(target); JsonGenerator generator = Json.MAPPER.createGenerator(out)) {
            generator.writeStartObject();
            for (Map.Entry<String, JsonNode> member : export.properties()) {
                generator.writeFieldName(member.getKey());
                if (member.getKey().equals("observations")) {
                    generator.writeStartArray();
                    for (int copy = 0; copy < copies; copy++) {
                        for (JsonNode observation : member.getValue()) {
                            generator.writeTree(copy(observation, copy));
                        }
                    }
                    generator.writeEndArray();
                } else {
                    generator.writeTree(member.getValue());
                }
            }
            generator.writeEndObject();
        }
        return target;
    }

    private static ObjectNode copy(JsonNode observation, int copy) {
        ObjectNode renamed = observation.deepCopy();
        renamed.put("id", observation.path("id").asText() + "-" + copy);
        if (observation.path("parentObservationId").isTextual()) {
            renamed.put("parentObservationId", observation.get("parentObservationId").asText() + "-" + copy);
        }
        return renamed;
    }
}
