package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.CanonicalJson;
import dev.forkline.trace.Json;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;

/**
 * An outbox stand-in as the scenario recorder keeps it: {@code <dir>/<name>.jsonl}, one canonical JSON line per
 * delivery ({@code {"entry","idempotencyKey","payload"}}), forced to disk before a delivery counts. Used to re-fire an
 * approved external effect. Deliveries are idempotent by key, as the provider it stands for: a key that is already
 * in the outbox is answered with its entry and not delivered twice.
 */
final class OutboxStandIn {

    /** What a re-fire did: the entry number and whether it was new. */
    record Delivery(int entry, boolean delivered, String line) {
    }

    private final Path file;

    private OutboxStandIn(Path file) {
        this.file = file;
    }

    /**
     * The outbox {@code name} under {@code directory}.
     *
     * @throws IOException when the directory does not exist, the name is not a plain file name, or the file is a link
     */
    static OutboxStandIn at(Path directory, String name) throws IOException {
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,63}")) {
            throw new IOException("the call names no usable stand-in (" + name + ")");
        }
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("no stand-in directory at " + directory);
        }
        Path file = directory.resolve(name + ".jsonl");
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(file + " is not a regular file");
        }
        return new OutboxStandIn(file);
    }

    Path file() {
        return file;
    }

    List<String> entries() throws IOException {
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList() : List.of();
    }

    Optional<String> lookup(String idempotencyKey) throws IOException {
        for (String line : entries()) {
            JsonNode entry = Json.MAPPER.readTree(line);
            if (idempotencyKey != null && idempotencyKey.equals(entry.path("idempotencyKey").asText(null))) {
                return Optional.of(line);
            }
        }
        return Optional.empty();
    }

    Delivery deliver(String idempotencyKey, String payload) throws IOException {
        Optional<String> existing = lookup(idempotencyKey);
        if (existing.isPresent()) {
            return new Delivery(Json.MAPPER.readTree(existing.get()).path("entry").asInt(), false, existing.get());
        }
        int number = entries().size() + 1;
        ObjectNode entry = Json.object();
        entry.put("entry", number);
        entry.put("idempotencyKey", idempotencyKey);
        entry.put("payload", payload);
        String line = CanonicalJson.write(entry);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS)) {
            channel.write(ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8)));
            channel.force(true);
        }
        return new Delivery(number, true, line);
    }
}
