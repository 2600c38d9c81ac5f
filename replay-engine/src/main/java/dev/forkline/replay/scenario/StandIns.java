package dev.forkline.replay.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.CanonicalJson;
import dev.forkline.trace.Json;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The world outside the sandbox, as a scenario declares it. Fixtures answer fetches; outboxes are append-only JSON-lines
 * files on the host (never in the sandbox), made durable before a delivery counts, and answer look-ups by key.
 */
final class StandIns {

    private final Map<String, Scenario.StandIn> specs;
    private final Path outboxDir;

    StandIns(Map<String, Scenario.StandIn> specs, Path outboxDir) {
        this.specs = specs;
        this.outboxDir = outboxDir;
    }

    /** The fixture's body for {@code url}, or empty when it has none (a 404). */
    Optional<String> fetch(String standIn, String url) {
        Map<String, String> responses = specs.get(standIn).responses();
        return Optional.ofNullable(responses == null ? null : responses.get(url));
    }

    /** Appends a delivery to the outbox file and forces it to disk; returns the entry's number (from 1). */
    int deliver(String standIn, String idempotencyKey, String payload) throws IOException {
        Path file = outbox(standIn);
        int number = entries(standIn).size() + 1;
        ObjectNode entry = Json.object();
        entry.put("entry", number);
        entry.put("idempotencyKey", idempotencyKey);
        entry.put("payload", payload);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            channel.write(java.nio.ByteBuffer.wrap((CanonicalJson.write(entry) + "\n").getBytes(StandardCharsets.UTF_8)));
            channel.force(true);
        }
        return number;
    }

    /** The outbox entry delivered with {@code idempotencyKey}, as its JSON line. */
    Optional<String> lookup(String standIn, String idempotencyKey) throws IOException {
        for (String line : entries(standIn)) {
            if (Json.MAPPER.readTree(line).path("idempotencyKey").asText().equals(idempotencyKey)) {
                return Optional.of(line);
            }
        }
        return Optional.empty();
    }

    List<String> entries(String standIn) throws IOException {
        Path file = outbox(standIn);
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList() : List.of();
    }

    Path outbox(String standIn) {
        return outboxDir.resolve(standIn + ".jsonl");
    }

    Scenario.StandIn spec(String standIn) {
        return specs.get(standIn);
    }
}
