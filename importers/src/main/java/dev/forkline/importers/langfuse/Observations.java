package dev.forkline.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.Timestamps;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The observation tree of one Langfuse trace, of the observations' {@link Observation} facts: parent links, depth, the
 * agent each observation runs under, and the start order (by start time, parents before children at equal times).
 */
final class Observations {

    private final Map<String, Observation> byId = new HashMap<>();
    private final List<Observation> ordered;
    private final String defaultAgent;

    Observations(List<Observation> observations, String defaultAgent) {
        this.defaultAgent = defaultAgent;
        for (Observation observation : observations) {
            if (observation.id() != null) {
                byId.put(observation.id(), observation);
            }
        }
        List<Observation> sorted = new ArrayList<>(observations);
        sorted.sort(Comparator.comparing(Observation::start, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparingInt(this::depth));
        this.ordered = sorted;
    }

    List<Observation> ordered() {
        return ordered;
    }

    Observation parent(Observation observation) {
        return observation == null || observation.parentId() == null ? null : byId.get(observation.parentId());
    }

    int depth(Observation observation) {
        int depth = 0;
        Observation current = parent(observation);
        while (current != null && depth < 10_000) {
            depth++;
            current = parent(current);
        }
        return depth;
    }

    /** The agent name an observation itself declares (an AGENT observation, or an agent span's gen_ai attributes). */
    static String declaredAgent(JsonNode observation) {
        if ("AGENT".equals(JsonFields.scalar(observation, "type"))) {
            return JsonFields.scalar(observation, "name");
        }
        JsonNode attributes = attributes(observation);
        String name = JsonFields.scalar(attributes, "gen_ai.agent.name");
        if (name == null) {
            name = JsonFields.scalar(attributes, "agent_name");
        }
        return name;
    }

    /** The actor an observation runs under: its nearest declared agent, itself included. */
    String actorOf(Observation observation) {
        String agent = nearestAgent(observation);
        return agent != null ? agent : defaultAgent;
    }

    /** The actor of the nearest ancestor that declares an agent, or null when none does. */
    String enclosingAgent(Observation observation) {
        return nearestAgent(parent(observation));
    }

    /** {@code agent:<name>} of the first of {@code start} and its ancestors that declares an agent, or null. */
    private String nearestAgent(Observation start) {
        Observation current = start;
        int guard = 0;
        while (current != null && guard++ < 10_000) {
            if (current.agent() != null) {
                return "agent:" + current.agent();
            }
            current = parent(current);
        }
        return null;
    }

    static JsonNode metadata(JsonNode observation) {
        JsonNode metadata = observation.get("metadata");
        if (metadata != null && metadata.isTextual()) {
            try {
                return Json.MAPPER.readTree(metadata.asText());
            } catch (IOException e) {
                return null;
            }
        }
        return metadata;
    }

    static JsonNode attributes(JsonNode observation) {
        JsonNode metadata = metadata(observation);
        return metadata == null ? null : metadata.get("attributes");
    }

    static Instant startOf(JsonNode observation) {
        return time(JsonFields.scalar(observation, "startTime"));
    }

    static Instant endOf(JsonNode observation) {
        Instant end = time(JsonFields.scalar(observation, "endTime"));
        Instant start = startOf(observation);
        return end == null || start != null && end.isBefore(start) ? start : end;
    }

    static Instant time(String text) {
        return Timestamps.parseZoned(text);
    }
}
