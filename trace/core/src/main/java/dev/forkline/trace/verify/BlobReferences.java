package dev.forkline.trace.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import java.util.ArrayList;
import java.util.List;

/** The blobs an event refers to, by the event payload contract (docs/trace-format.md). */
public final class BlobReferences {

    /** Where in the payload a reference sits (for messages) and the value found there (maybe not a valid hash). */
    public record Reference(String field, String hash) {
    }

    private BlobReferences() {
    }

    public static List<Reference> of(Event event) {
        List<Reference> references = new ArrayList<>();
        switch (event.kind()) {
            case STATE_MUTATION -> {
                add(references, "before", event.data().get("before"));
                add(references, "after", event.data().get("after"));
            }
            case TOOL_RESULT -> {
                add(references, "stdoutBlob", event.data().get("stdoutBlob"));
                add(references, "stderrBlob", event.data().get("stderrBlob"));
            }
            case CHECKPOINT -> {
                JsonNode files = event.data().path("workspace").path("files");
                for (var file : files.properties()) {
                    add(references, "workspace.files[" + file.getKey() + "].blob", file.getValue().get("blob"));
                }
            }
            default -> {
            }
        }
        return references;
    }

    private static void add(List<Reference> references, String field, JsonNode value) {
        if (value != null && !value.isNull()) {
            references.add(new Reference(field, value.isTextual() ? value.textValue() : value.toString()));
        }
    }
}
