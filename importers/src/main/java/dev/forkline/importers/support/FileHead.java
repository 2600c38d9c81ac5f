package dev.forkline.importers.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The first bytes of a file as text, for the cheap content checks of {@code TraceImporter.accepts}. Never throws. */
public final class FileHead {

    /** How much of a regular file {@code accepts} sees. */
    public static final int BYTES = 64 * 1024;

    private final String decoded;
    private final String text;

    public FileHead(byte[] head) {
        this.decoded = head == null ? "" : new String(head, StandardCharsets.UTF_8);
        this.text = (decoded.startsWith("\uFEFF") ? decoded.substring(1) : decoded).stripLeading();
    }

    /** The first {@link #BYTES} bytes of a file (all of a shorter one). */
    public static byte[] firstBytes(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(BYTES);
        }
    }

    /** The head as text with a UTF-8 byte order mark and leading whitespace removed. */
    public String text() {
        return text;
    }

    /** Whether the first character that is neither whitespace nor a byte order mark is {@code c}. */
    public boolean opensWith(char c) {
        for (int i = 0; i < decoded.length(); i++) {
            char at = decoded.charAt(i);
            if (!Character.isWhitespace(at) && at != '\uFEFF') {
                return at == c;
            }
        }
        return false;
    }

    public boolean contains(String needle) {
        return text.contains(needle);
    }

    public boolean containsAny(String... needles) {
        for (String needle : needles) {
            if (text.contains(needle)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The complete lines among the head's first lines that parse as JSON objects (a last line cut off by the head
     * limit is ignored). At most {@code max} objects.
     */
    public List<ObjectNode> jsonlObjects(int max) {
        List<ObjectNode> objects = new ArrayList<>();
        if (text.isEmpty()) {
            return objects;
        }
        String[] lines = text.split("\n", -1);
        int complete = lines.length - 1;
        if (complete == 0) {
            complete = 1;
        }
        for (int i = 0; i < complete && objects.size() < max; i++) {
            String line = lines[i].strip();
            if (!line.startsWith("{")) {
                continue;
            }
            try {
                JsonNode node = Json.MAPPER.readTree(line);
                if (node instanceof ObjectNode object) {
                    objects.add(object);
                }
            } catch (JsonProcessingException notJson) {
                // truncated by the head limit or simply not JSON
            }
        }
        return objects;
    }
}
