package dev.forkline.trace.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
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

    private static final byte[][] TOOL_RESULT_FIELDS = keys("stdoutBlob", "stderrBlob");
    private static final byte[][] STATE_MUTATION_FIELDS = keys("before", "after");
    private static final byte[][] CHECKPOINT_FIELDS = keys("files");
    private static final byte[] UNICODE_ESCAPE = {'\\', 'u'};

    /**
     * Whether an event of this kind, written as {@code line} (its JSON text, UTF-8; null: not known yet), can refer
     * to a blob: false only when {@link #of} is sure to find none, because the kind has no references or the line
     * holds none of the fields' names (nor a {@code \\u} escape, which could spell one). Lets a pass over a large
     * trace parse only the events that may refer to blobs.
     */
    public static boolean mayReferToBlobs(EventType kind, byte[] line) {
        byte[][] fields = switch (kind) {
            case TOOL_RESULT -> TOOL_RESULT_FIELDS;
            case STATE_MUTATION -> STATE_MUTATION_FIELDS;
            case CHECKPOINT -> CHECKPOINT_FIELDS;
            case null, default -> null;
        };
        if (fields == null) {
            return false;
        }
        if (line == null || indexOf(line, UNICODE_ESCAPE) >= 0) {
            return true;
        }
        for (byte[] field : fields) {
            if (indexOf(line, field) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Each name as it is written as a JSON member name: quoted. */
    private static byte[][] keys(String... names) {
        byte[][] keys = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            keys[i] = ("\"" + names[i] + "\"").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        }
        return keys;
    }

    private static int indexOf(byte[] text, byte[] pattern) {
        int last = text.length - pattern.length;
        outer:
        for (int i = 0; i <= last; i++) {
            for (int k = 0; k < pattern.length; k++) {
                if (text[i + k] != pattern[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static void add(List<Reference> references, String field, JsonNode value) {
        if (value != null && !value.isNull()) {
            references.add(new Reference(field, value.isTextual() ? value.textValue() : value.toString()));
        }
    }
}
