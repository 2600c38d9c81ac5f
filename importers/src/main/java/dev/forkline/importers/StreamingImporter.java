package dev.forkline.importers;

import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatchSink;
import java.io.IOException;
import java.nio.file.Path;

/**
 * An importer that hands its events to a sink while it reads and tells a watcher how far it got: it reads in one way,
 * {@link #read(Path, EventBatchSink, ReadingWatcher)}, which the shorter forms call without sink or watcher.
 */
public interface StreamingImporter extends TraceImporter {

    @Override
    ImportedTrace read(Path path, EventBatchSink sink, ReadingWatcher watcher) throws IOException, TraceFormatException;

    @Override
    default ImportedTrace read(Path path) throws IOException, TraceFormatException {
        return read(path, null, ReadingWatcher.NONE);
    }

    @Override
    default ImportedTrace read(Path path, EventBatchSink sink) throws IOException, TraceFormatException {
        return read(path, sink, ReadingWatcher.NONE);
    }
}
