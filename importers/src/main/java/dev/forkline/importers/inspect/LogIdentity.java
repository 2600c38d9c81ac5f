package dev.forkline.importers.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.Timestamps;
import java.time.Instant;

/**
 * The trace an eval log becomes, as its header's {@code eval} names it: its id, its title (task and model) and when the
 * eval was created (null when the header does not say).
 */
record LogIdentity(String traceId, String title, Instant created) {

    static LogIdentity of(JsonNode header) {
        JsonNode eval = header.path("eval");
        String task = JsonFields.scalar(eval, "task") == null ? "inspect" : JsonFields.scalar(eval, "task");
        String id = JsonFields.firstScalar(eval, "eval_id", "run_id", "task_id");
        String model = JsonFields.scalar(eval, "model");
        return new LogIdentity(InspectImporter.FORMAT + ":" + (id != null ? id : task), task + (model != null ? " (" + model + ")" : ""),
                Timestamps.parseZoned(JsonFields.scalar(eval, "created")));
    }
}
