package dev.forkline.importers;

import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatchSink;
import java.io.IOException;
import java.nio.file.Path;

/** Reads one foreign (or the native) trace format into Forkline's typed trace. Detection is by content, never by file name. */
public interface TraceImporter {

    /** The format's stable name, e.g. {@code claude-code}, written to the manifest's {@code sourceFormat}. */
    String format();

    /**
     * Whether this importer reads the given file or folder. {@code head} holds up to the first 64 KiB of a regular file
     * (empty for a folder). Must be cheap and must not throw on garbage.
     */
    boolean accepts(Path path, byte[] head);

    /**
     * Reads the whole trace. Constant memory in the size of the input apart from the events produced. Malformed parts the
     * format lets it skip become findings (with file and line); anything that makes the trace unusable is a
     * {@link TraceFormatException} naming file and line.
     */
    ImportedTrace read(Path path) throws IOException, TraceFormatException;

    /**
     * As {@link #read(Path)}, handing the events to {@code sink} as they are read when the importer can (Forkline's
     * own large bundles, Claude Code transcripts, Codex rollouts, OTel exports, Inspect eval logs), so that they are
     * stored while the rest is read. The default reads the whole trace and never calls the sink.
     */
    default ImportedTrace read(Path path, EventBatchSink sink) throws IOException, TraceFormatException {
        return read(path);
    }

    /**
     * As {@link #read(Path, EventBatchSink)}, also telling {@code watcher} how far the file was read when the importer
     * can (Claude Code transcripts), so that the part read so far can be shown. The default never calls the watcher.
     */
    default ImportedTrace read(Path path, EventBatchSink sink, ReadingWatcher watcher) throws IOException, TraceFormatException {
        return read(path, sink);
    }
}
