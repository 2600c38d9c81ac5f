package dev.forkline.trace.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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

    private static final List<String> TOOL_RESULT_FIELDS = keys("stdoutBlob", "stderrBlob");
    private static final List<String> STATE_MUTATION_FIELDS = keys("before", "after");
    private static final List<String> CHECKPOINT_FIELDS = keys("files");
    private static final String UNICODE_ESCAPE = "\\u";

    /**
     * Whether an event of this kind, written as {@code line} (its JSON text, UTF-8; null: not known yet), can refer
     * to a blob: false only when {@link #of} is sure to find none, because the kind has no references or the line
     * holds none of the fields' names (nor a {@code \\u} escape, which could spell one). Lets a pass over a large
     * trace parse only the events that may refer to blobs.
     */
    public static boolean mayReferToBlobs(EventType kind, byte[] line) {
        List<String> fields = switch (kind) {
            case TOOL_RESULT -> TOOL_RESULT_FIELDS;
            case STATE_MUTATION -> STATE_MUTATION_FIELDS;
            case CHECKPOINT -> CHECKPOINT_FIELDS;
            case null, default -> null;
        };
        if (fields == null) {
            return false;
        }
        if (line == null) {
            return true;
        }
        // one byte per char, so that the names are found by String.indexOf, which the JVM vectorises
        String bytes = new String(line, StandardCharsets.ISO_8859_1);
        if (bytes.contains(UNICODE_ESCAPE)) {
            return true;
        }
        for (String field : fields) {
            if (bytes.contains(field)) {
                return true;
            }
        }
        return false;
    }

    /** Each name as it is written as a JSON member name: quoted. */
    private static List<String> keys(String... names) {
        return Arrays.stream(names).map(name -> "\"" + name + "\"").toList();
    }

    private static void add(List<Reference> references, String field, JsonNode value) {
        if (value != null && !value.isNull()) {
            references.add(new Reference(field, value.isTextual() ? value.textValue() : value.toString()));
        }
    }
}
