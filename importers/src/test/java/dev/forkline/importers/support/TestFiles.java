package dev.forkline.importers.support;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes small hand-made trace files. JSON in tests is written with single quotes for readability: {@link #json}. */
public final class TestFiles {

    private TestFiles() {
    }

    /** Single quotes become double quotes (test JSON never needs a literal single quote). */
    public static String json(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }

    public static Path lines(Path file, List<String> singleQuotedLines) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        StringBuilder text = new StringBuilder();
        for (String line : singleQuotedLines) {
            text.append(json(line)).append('\n');
        }
        Files.writeString(file, text.toString(), StandardCharsets.UTF_8);
        return file;
    }

    /** Appends raw bytes as one line (for invalid UTF-8 and oversized lines). */
    public static void appendRawLine(Path file, byte[] bytes) throws IOException {
        try (OutputStream out = Files.newOutputStream(file, java.nio.file.StandardOpenOption.APPEND)) {
            out.write(bytes);
            out.write('\n');
        }
    }

    public static void appendLine(Path file, String singleQuoted) throws IOException {
        appendRawLine(file, json(singleQuoted).getBytes(StandardCharsets.UTF_8));
    }

    public static byte[] head(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            return in.readNBytes(64 * 1024);
        }
    }
}
