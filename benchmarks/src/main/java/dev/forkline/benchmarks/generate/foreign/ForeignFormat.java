package dev.forkline.benchmarks.generate.foreign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The foreign formats the benchmarks write the synthetic run in, each with the importer format name that must read it
 * back. {@link #writeOrReuse} keeps a file an earlier run wrote from the same record count and seed.
 */
public enum ForeignFormat {
    CLAUDE_CODE("claude-code", "session.jsonl", new ClaudeTranscriptMaker()),
    CODEX("codex-rollout", "rollout.jsonl", new CodexRolloutMaker()),
    OTEL("otel-genai", "export.json", new OtlpExportMaker()),
    INSPECT("inspect-ai", "eval.json", new InspectLogMaker()),
    OPENHANDS("openhands", "output.jsonl", new OpenHandsOutputMaker()),
    LANGFUSE("langfuse", "export.json", new LangfuseExportMaker());

    /** A written file and how many records (lines, spans) it holds. */
    public record Written(ForeignFormat format, Path file, long records, long bytes) {
    }

    private final String importerFormat;
    private final String fileName;
    private final ForeignTraceMaker maker;

    ForeignFormat(String importerFormat, String fileName, ForeignTraceMaker maker) {
        this.importerFormat = importerFormat;
        this.fileName = fileName;
        this.maker = maker;
    }

    /** The format name of the importer that reads it (and the figure's suffix). */
    public String importerFormat() {
        return importerFormat;
    }

    public Written write(Path file, int records, long seed) throws IOException {
        long written = maker.write(file, records, seed);
        return new Written(this, file, written, Files.size(file));
    }

    /** Writes {@code records} records into {@code dir}, or reuses the file a run with the same record count and seed left there. */
    public Written writeOrReuse(Path dir, int records, long seed) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(importerFormat + "-" + records + "-" + fileName);
        Path marker = file.resolveSibling(file.getFileName() + ".records");
        String spec = records + " " + Long.toHexString(seed) + " ";
        if (Files.isRegularFile(file) && Files.isRegularFile(marker) && Files.readString(marker).startsWith(spec)) {
            return new Written(this, file, Long.parseLong(Files.readString(marker).substring(spec.length()).strip()), Files.size(file));
        }
        Files.deleteIfExists(marker);
        Written written = write(file, records, seed);
        Files.writeString(marker, spec + written.records() + "\n");
        return written;
    }
}
