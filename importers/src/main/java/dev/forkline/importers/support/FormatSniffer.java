package dev.forkline.importers.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Cheap content checks on the first bytes of a file for {@code TraceImporter.accepts}. Never throws. */
public final class FormatSniffer {

    private FormatSniffer() {
    }

    /**
     * The complete lines among the head's first lines that parse as JSON objects (a last line cut off by the head
     * limit is ignored). At most {@code max} objects.
     */
    public static List<ObjectNode> jsonlObjects(byte[] head, int max) {
        List<ObjectNode> objects = new ArrayList<>();
        if (head == null || head.length == 0) {
            return objects;
        }
        String text = text(head);
        String[] lines = text.split("\n", -1);
        int complete = lines.length - 1;
        if (complete == 0) {
            complete = 1;
        }
        for (int i = 0; i < complete && objects.size() < max; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
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

    /** The head as text with leading whitespace (and a UTF-8 BOM) removed. */
    public static String text(byte[] head) {
        if (head == null) {
            return "";
        }
        String text = new String(head, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        return text.stripLeading();
    }
}
