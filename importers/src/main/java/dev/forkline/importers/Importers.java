package dev.forkline.importers;

import dev.forkline.importers.aider.AiderImporter;
import dev.forkline.importers.claudecode.ClaudeCodeImporter;
import dev.forkline.importers.cline.ClineImporter;
import dev.forkline.importers.codex.CodexRolloutImporter;
import dev.forkline.importers.gemini.GeminiImporter;
import dev.forkline.importers.inspect.InspectImporter;
import dev.forkline.importers.langfuse.LangfuseImporter;
import dev.forkline.importers.openaiagents.OpenAiAgentsImporter;
import dev.forkline.importers.openhands.OpenHandsImporter;
import dev.forkline.importers.otel.OtelImporter;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.sweagent.MiniSweAgentImporter;
import dev.forkline.importers.sweagent.SweAgentImporter;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** All formats Forkline reads, tried in order; the first whose content check accepts the file reads it. */
public final class Importers {

    private final List<TraceImporter> importers;

    public Importers(List<TraceImporter> importers) {
        this.importers = List.copyOf(importers);
    }

    /** Every built-in format. The native bundle goes first: it is the only one identified by structure, not content. */
    public static Importers builtIn() {
        return new Importers(List.of(
                new NativeBundleImporter(),
                new ClaudeCodeImporter(),
                new CodexRolloutImporter(),
                new OtelImporter(),
                new OpenAiAgentsImporter(),
                new SweAgentImporter(),
                new MiniSweAgentImporter(),
                new OpenHandsImporter(),
                new InspectImporter(),
                new LangfuseImporter(),
                new AiderImporter(),
                new ClineImporter(),
                new GeminiImporter()));
    }

    public List<TraceImporter> all() {
        return importers;
    }

    public TraceImporter detect(Path path) throws IOException, TraceFormatException {
        if (!Files.exists(path)) {
            throw new TraceFormatException(path.toString(), 0, "no such file or directory");
        }
        boolean file = Files.isRegularFile(path);
        byte[] head = file ? FileHead.firstBytes(path) : new byte[0];
        if (file && head.length == 0) {
            throw new TraceFormatException(path.toString(), 0, "the file is empty: nothing to import");
        }
        for (TraceImporter importer : importers) {
            if (importer.accepts(path, head)) {
                return importer;
            }
        }
        throw new TraceFormatException(path.toString(), 0, "unrecognised trace format (Forkline reads: "
                + String.join(", ", importers.stream().map(TraceImporter::format).toList()) + ")");
    }

    /** Whether some built-in format reads this file or folder (never throws: unreadable means no). */
    public boolean canRead(Path path) {
        try {
            detect(path);
            return true;
        } catch (IOException | TraceFormatException e) {
            return false;
        }
    }

    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        return detect(path).read(path);
    }

    /** As {@link #read(Path)}, handing events to {@code sink} as they are read where the format's importer can. */
    public ImportedTrace read(Path path, dev.forkline.trace.bundle.EventBatchSink sink) throws IOException, TraceFormatException {
        return detect(path).read(path, sink);
    }

    /** As {@link #read(Path, dev.forkline.trace.bundle.EventBatchSink)}, telling {@code watcher} how far a foreign file was read where the format's importer can. */
    public ImportedTrace read(Path path, dev.forkline.trace.bundle.EventBatchSink sink, ReadingWatcher watcher) throws IOException, TraceFormatException {
        return detect(path).read(path, sink, watcher);
    }

    /**
     * Reads {@code path} into {@code store} (the store's {@code StreamedImport}, say) while {@code watcher}
     * sees it: each batch of events first (what it shows waits for no write), then the store, which keeps the lines; and
     * how far a foreign file was read.
     */
    public ImportedTrace readWatched(Path path, EventBatchSink store, ImportWatcher watcher) throws IOException, TraceFormatException {
        return read(path, new Tee(watcher, store), watcher);
    }

    private record Tee(EventBatchSink watcher, EventBatchSink store) implements EventBatchSink {
        @Override
        public void begin(String eventsFile, Manifest manifest, BlobSource blobs) throws IOException {
            watcher.begin(eventsFile, manifest, blobs);
            store.begin(eventsFile, manifest, blobs);
        }

        @Override
        public void accept(EventBatch batch) throws IOException {
            watcher.accept(batch);
            store.accept(batch);
        }

        @Override
        public boolean keepsLines() throws IOException {
            return store.keepsLines();
        }

        @Override
        public EventLines linesKept(EventColumns columns) throws IOException {
            return store.linesKept(columns);
        }
    }
}
