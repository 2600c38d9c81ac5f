package dev.forkline.trace.testing;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

/**
 * A real Inspect AI eval log with its first sample repeated under new ids ({@code (i + 1) * 10}), written as Inspect
 * writes the {@code .json} form (the header's fields, then {@code samples}, in the sample's order): a log of a longer eval.
 */
public final class RepeatedInspectLog {

    private RepeatedInspectLog() {
    }

    public static Path write(Path sample, int copies, Path target) throws IOException {
        JsonNode log = Json.MAPPER.readTree(sample.toFile());
        try (OutputStream out = Files.newOutputStream(target); JsonGenerator generator = Json.MAPPER.createGenerator(out)) {
            generator.writeStartObject();
            for (Iterator<Map.Entry<String, JsonNode>> fields = log.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                generator.writeFieldName(field.getKey());
                if (field.getKey().equals("samples")) {
                    generator.writeStartArray();
                    for (int i = 0; i < copies; i++) {
                        generator.writeTree(copy(field.getValue().get(0), i));
                    }
                    generator.writeEndArray();
                } else {
                    generator.writeTree(field.getValue());
                }
            }
            generator.writeEndObject();
        }
        return target;
    }

    /** Sample {@code i} of the repeated log: the sample with id {@code (i + 1) * 10} and its own uuid. */
    public static ObjectNode copy(JsonNode sample, int i) {
        ObjectNode copy = sample.deepCopy();
        copy.put("id", (i + 1) * 10).put("uuid", "copy-" + i);
        return copy;
    }
}
