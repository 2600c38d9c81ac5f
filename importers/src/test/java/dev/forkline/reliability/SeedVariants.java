package dev.forkline.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/** Writes one hostile variant of a seed (a file, a bundle directory or a zipped bundle) to {@code target}. */
final class SeedVariants {

    private static final Map<Path, byte[]> FILES = new ConcurrentHashMap<>();
    private static final Map<Path, Map<String, byte[]>> ENTRIES = new ConcurrentHashMap<>();

    private SeedVariants() {
    }

    static String write(HostileInputFuzzTest.Seed seed, Path target, Random random) throws IOException {
        return switch (seed.kind()) {
            case FILE -> {
                Mutation mutation = ByteMutator.mutate(bytes(seed.source()), random);
                Files.write(target, mutation.bytes());
                yield mutation.name();
            }
            case ZIP -> CraftedArchives.write(entries(seed.source()), target, random);
            case DIRECTORY -> directory(entries(seed.source()), target, random);
        };
    }

    private static String directory(Map<String, byte[]> entries, Path target, Random random) throws IOException {
        for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
            Path file = target.resolve(entry.getKey());
            Files.createDirectories(file.getParent());
            Files.write(file, entry.getValue());
        }
        List<String> blobs = entries.keySet().stream().filter(name -> name.startsWith("blobs/")).toList();
        int choice = random.nextInt(10);
        if (choice == 0 && !blobs.isEmpty()) {
            String blob = blobs.get(random.nextInt(blobs.size()));
            Files.delete(target.resolve(blob));
            return "blob " + blob + " deleted";
        }
        if (choice == 1 && !blobs.isEmpty()) {
            String blob = blobs.get(random.nextInt(blobs.size()));
            Path outside = Files.write(target.getParent().resolve("outside-" + random.nextInt(1000)), entries.get(blob));
            Files.delete(target.resolve(blob));
            Files.createSymbolicLink(target.resolve(blob), random.nextBoolean() ? outside : Path.of("/etc/passwd"));
            return "blob " + blob + " replaced by a symbolic link out of the bundle";
        }
        if (choice == 2) {
            Path events = target.resolve("trace.jsonl");
            Path real = Files.move(events, target.getParent().resolve("real-trace.jsonl"));
            Files.createSymbolicLink(events, real);
            return "trace.jsonl is a symbolic link out of the bundle";
        }
        String victim = pick(entries, random);
        Mutation mutation = ByteMutator.mutate(entries.get(victim), random);
        Files.write(target.resolve(victim), mutation.bytes());
        return victim + ": " + mutation.name();
    }

    private static String pick(Map<String, byte[]> entries, Random random) {
        int roll = random.nextInt(10);
        if (roll < 6 && entries.containsKey("trace.jsonl")) {
            return "trace.jsonl";
        }
        if (roll < 8 && entries.containsKey("manifest.json")) {
            return "manifest.json";
        }
        List<String> names = List.copyOf(entries.keySet());
        return names.get(random.nextInt(names.size()));
    }

    private static byte[] bytes(Path file) {
        return FILES.computeIfAbsent(file, f -> {
            try {
                return Files.readAllBytes(f);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    private static Map<String, byte[]> entries(Path source) {
        return ENTRIES.computeIfAbsent(source, s -> {
            try {
                return CraftedArchives.entriesOf(s);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

}
