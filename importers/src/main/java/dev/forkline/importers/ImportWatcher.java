package dev.forkline.importers;

import dev.forkline.trace.bundle.EventBatchSink;

/**
 * What watches an import to show it while it goes on: a large bundle's checked batches as they are read, or how far
 * an importer of a foreign format has read its file. An import hears only the one its format has.
 */
public interface ImportWatcher extends EventBatchSink, ReadingWatcher {
}
