package dev.forkline.reliability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;

/**
 * Zip archives built from a valid bundle or trace with one hostile change: an entry's content mutated, the archive's
 * bytes mutated, a zip bomb, {@code ../} and absolute entry names, symbolic-link entries, duplicate names.
 */
final class CraftedArchives {

    private static final long BOMB_BYTES = 1L << 30;

    private CraftedArchives() {
    }

    /** The files of a directory (or a single file) as entry name to content. */
    static Map<String, byte[]> entriesOf(Path source) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        if (Files.isRegularFile(source)) {
            entries.put(source.getFileName().toString(), Files.readAllBytes(source));
            return entries;
        }
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                entries.put(source.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        }
        return entries;
    }

    /** Writes a hostile variant of the archive holding {@code entries} to {@code target}; returns what was done. */
    static String write(Map<String, byte[]> entries, Path target, Random random) throws IOException {
        List<String> names = List.copyOf(entries.keySet());
        String victim = pickPreferringTrace(names, random);
        Map<String, byte[]> changed = new LinkedHashMap<>(entries);
        switch (random.nextInt(9)) {
            case 0, 1, 2 -> {
                Mutation mutation = ByteMutator.mutate(entries.get(victim), random);
                changed.put(victim, mutation.bytes());
                zip(changed, target, Map.of());
                return "entry " + victim + ": " + mutation.name();
            }
            case 3 -> {
                zip(entries, target, Map.of());
                Mutation mutation = ByteMutator.mutate(Files.readAllBytes(target), random);
                Files.write(target, mutation.bytes());
                return "archive bytes: " + mutation.name();
            }
            case 4 -> {
                boolean lying = random.nextBoolean();
                changed.remove(victim);
                zip(changed, target, Map.of());
                appendBomb(target, victim, lying);
                return "zip bomb: " + BOMB_BYTES + " zero bytes as " + victim + (lying ? ", declared as 1000 bytes" : "");
            }
            case 5 -> {
                String evil = random.nextBoolean() ? "../../escaped-" + victim : "/tmp/forkline-absolute-" + victim;
                changed.put(evil, entries.get(victim));
                if (random.nextBoolean()) {
                    changed.remove(victim);
                }
                zip(changed, target, Map.of());
                return "entry named " + evil;
            }
            case 6 -> {
                changed.remove(victim);
                zip(changed, target, Map.of(victim, random.nextBoolean() ? "/etc/passwd" : "../../../../etc/shadow"));
                return "entry " + victim + " replaced by a symbolic link";
            }
            case 7 -> {
                zip(entries, target, Map.of());
                duplicate(target, victim, entries.get(victim));
                return "entry " + victim + " twice";
            }
            default -> {
                Map<String, byte[]> nested = new LinkedHashMap<>();
                entries.forEach((name, bytes) -> nested.put("a/b/" + name, bytes));
                zip(nested, target, Map.of());
                return "everything two folders deep";
            }
        }
    }

    private static String pickPreferringTrace(List<String> names, Random random) {
        List<String> preferred = names.stream().filter(n -> n.endsWith("trace.jsonl") || n.endsWith("manifest.json")
                || n.endsWith(".json") && !n.startsWith("blobs/")).toList();
        List<String> from = preferred.isEmpty() || random.nextInt(4) == 0 ? names : preferred;
        return from.get(random.nextInt(from.size()));
    }

    static void zip(Map<String, byte[]> entries, Path target, Map<String, String> links) throws IOException {
        try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(target.toFile())) {
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                ZipArchiveEntry zipEntry = new ZipArchiveEntry(entry.getKey());
                out.putArchiveEntry(zipEntry);
                out.write(entry.getValue());
                out.closeArchiveEntry();
            }
            for (Map.Entry<String, String> link : links.entrySet()) {
                ZipArchiveEntry zipEntry = new ZipArchiveEntry(link.getKey());
                zipEntry.setUnixMode(0120777);
                out.putArchiveEntry(zipEntry);
                out.write(link.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeArchiveEntry();
            }
        }
    }

    /** Rewrites the archive adding a gigabyte of zeros (one megabyte compressed) as entry {@code name}. */
    private static void appendBomb(Path target, String name, boolean lyingAboutSize) throws IOException {
        Map<String, byte[]> entries = entriesOfZip(target);
        try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(target.toFile())) {
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                out.putArchiveEntry(new ZipArchiveEntry(entry.getKey()));
                out.write(entry.getValue());
                out.closeArchiveEntry();
            }
            ZipArchiveEntry bomb = new ZipArchiveEntry(name);
            bomb.setMethod(ZipArchiveEntry.DEFLATED);
            bomb.setCrc(Bomb.CRC);
            bomb.setCompressedSize(Bomb.DEFLATED.length);
            bomb.setSize(lyingAboutSize ? 1000 : BOMB_BYTES);
            out.addRawArchiveEntry(bomb, new java.io.ByteArrayInputStream(Bomb.DEFLATED));
        }
    }

    /** A gigabyte of zeros, deflated once per test run. */
    private static final class Bomb {
        static final byte[] DEFLATED;
        static final long CRC;

        static {
            java.util.zip.Deflater deflater = new java.util.zip.Deflater(java.util.zip.Deflater.BEST_SPEED, true);
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            java.io.ByteArrayOutputStream compressed = new java.io.ByteArrayOutputStream();
            byte[] zeros = new byte[1 << 20];
            byte[] buffer = new byte[1 << 16];
            for (long fed = 0; fed < BOMB_BYTES; fed += zeros.length) {
                crc.update(zeros);
                deflater.setInput(zeros);
                while (!deflater.needsInput()) {
                    compressed.write(buffer, 0, deflater.deflate(buffer));
                }
            }
            deflater.finish();
            while (!deflater.finished()) {
                compressed.write(buffer, 0, deflater.deflate(buffer));
            }
            deflater.end();
            DEFLATED = compressed.toByteArray();
            CRC = crc.getValue();
        }
    }

    private static void duplicate(Path target, String name, byte[] content) throws IOException {
        Map<String, byte[]> entries = entriesOfZip(target);
        try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(target.toFile())) {
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                out.putArchiveEntry(new ZipArchiveEntry(entry.getKey()));
                out.write(entry.getValue());
                out.closeArchiveEntry();
            }
            out.putArchiveEntry(new ZipArchiveEntry(name));
            out.write(content.length > 0 ? content : new byte[]{'{', '}'});
            out.closeArchiveEntry();
        }
    }

    private static Map<String, byte[]> entriesOfZip(Path zip) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (var file = org.apache.commons.compress.archivers.zip.ZipFile.builder().setPath(zip).get()) {
            var all = file.getEntries();
            while (all.hasMoreElements()) {
                ZipArchiveEntry entry = all.nextElement();
                try (var in = file.getInputStream(entry)) {
                    entries.put(entry.getName(), in.readAllBytes());
                }
            }
        }
        return entries;
    }

}
