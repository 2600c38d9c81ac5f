package dev.forkline.reliability;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Structural attacks on the ids and parent links of a JSON or JSON Lines trace: cycles (Claude Code parentUuid,
 * OpenHands cause, Langfuse parentObservationId, OpenTelemetry parentSpanId, Inspect parent_id), self-links, duplicate
 * and missing ids, dangling links and call ids shared by several calls. Empty when the file has no linked objects.
 */
final class LinkMutator {

    /** Link field to the id field it points at. */
    private static final Map<String, String> LINKS = Map.of(
            "parentUuid", "uuid",
            "parentObservationId", "id",
            "cause", "id",
            "parentSpanId", "spanId",
            "parent_span_id", "span_id",
            "parent_id", "id",
            "parentId", "id",
            "tool_call_id", "tool_call_id",
            "call_id", "call_id");

    private static final ObjectMapper LENIENT = new ObjectMapper();

    private record Linked(ObjectNode node, String linkField, String idField) {
    }

    private LinkMutator() {
    }

    static Optional<Mutation> mutate(byte[] original, Random random) {
        String text = new String(original, StandardCharsets.UTF_8);
        List<JsonNode> documents = new ArrayList<>();
        boolean jsonLines;
        try {
            documents.add(LENIENT.readTree(text));
            jsonLines = false;
        } catch (JsonProcessingException notOneDocument) {
            jsonLines = true;
            for (String line : text.split("\n", -1)) {
                try {
                    documents.add(line.isBlank() ? null : LENIENT.readTree(line));
                } catch (JsonProcessingException e) {
                    return Optional.empty();
                }
            }
        }
        List<Linked> linked = new ArrayList<>();
        for (JsonNode document : documents) {
            collect(document, linked);
        }
        List<Linked> withIds = linked.stream().filter(l -> l.node().hasNonNull(l.idField())).toList();
        if (withIds.size() < 2) {
            return Optional.empty();
        }
        Linked a = withIds.get(random.nextInt(withIds.size()));
        Linked b = withIds.get(random.nextInt(withIds.size()));
        String name;
        switch (random.nextInt(6)) {
            case 0 -> {
                a.node().set(a.linkField(), b.node().get(b.idField()));
                b.node().set(b.linkField(), a.node().get(a.idField()));
                name = "cycle " + a.linkField() + " " + a.node().get(a.idField()) + " <-> " + b.node().get(b.idField());
            }
            case 1 -> {
                Linked c = withIds.get(random.nextInt(withIds.size()));
                a.node().set(a.linkField(), b.node().get(b.idField()));
                b.node().set(b.linkField(), c.node().get(c.idField()));
                c.node().set(c.linkField(), a.node().get(a.idField()));
                name = "three-way cycle over " + a.linkField();
            }
            case 2 -> {
                a.node().set(a.linkField(), a.node().get(a.idField()));
                name = "self link " + a.linkField() + " on " + a.node().get(a.idField());
            }
            case 3 -> {
                b.node().set(b.idField(), a.node().get(a.idField()));
                name = "duplicate " + a.idField() + " " + a.node().get(a.idField());
            }
            case 4 -> {
                a.node().remove(a.idField());
                name = "missing " + a.idField();
            }
            default -> {
                a.node().put(a.linkField(), "no-such-" + random.nextInt(1000));
                name = "dangling " + a.linkField();
            }
        }
        return Optional.of(new Mutation(name, serialise(documents, jsonLines)));
    }

    private static void collect(JsonNode node, List<Linked> linked) {
        if (node == null) {
            return;
        }
        if (node instanceof ObjectNode object) {
            for (Map.Entry<String, String> link : LINKS.entrySet()) {
                if (object.has(link.getKey())) {
                    linked.add(new Linked(object, link.getKey(), link.getValue()));
                }
            }
        }
        for (JsonNode child : node) {
            collect(child, linked);
        }
    }

    private static byte[] serialise(List<JsonNode> documents, boolean jsonLines) {
        try {
            if (!jsonLines) {
                return LENIENT.writeValueAsBytes(documents.getFirst());
            }
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < documents.size(); i++) {
                JsonNode document = documents.get(i);
                out.append(document == null ? "" : LENIENT.writeValueAsString(document));
                if (i < documents.size() - 1) {
                    out.append('\n');
                }
            }
            return out.toString().getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
