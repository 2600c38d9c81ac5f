package dev.forkline.importers;

import dev.forkline.trace.bundle.EventBatchSink;

/**
 * What watches an import to show it while it goes on: a large bundle's checked batches as they are read, or how far
 * an importer of a foreign format has read its file. A foreign importer that stores its events while it reads (Claude
 * Code, Codex, OTel) also hands them over as batches, after its first pass, to the watcher as to the store.
 */
public interface ImportWatcher extends EventBatchSink, ReadingWatcher {
}
