package dev.forkline.views.data;

import dev.forkline.importers.ImportWatcher;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.TraceChecks;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Finding;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.store.LibrarySearchResult;
import dev.forkline.trace.store.StoreException;
import dev.forkline.trace.store.StoreResult;
import dev.forkline.trace.store.StreamedImport;
import dev.forkline.trace.store.TraceConflictException;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.views.concurrent.Progress;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The library backed by Forkline's H2 {@link TraceStore}; imports go through the importers registry, the linter and the
 * integrity check, whose verdict is stored with the trace.
 */
public final class StoreTraceLibrary implements TraceLibrary {

    private final TraceStore store;
    private final Importers importers;
    private volatile Supplier<TrustedKeys> trustedKeys = TrustedKeys::none;

    public StoreTraceLibrary(TraceStore store, Importers importers) {
        this.store = store;
        this.importers = importers;
    }

    public StoreTraceLibrary(TraceStore store) {
        this(store, Importers.builtIn());
    }

    @Override
    public void recordDecision(String traceId, dev.forkline.trace.Event decision) throws IOException {
        try {
            if (store.find(traceId).isPresent()) {
                store.recordDecision(traceId, decision, java.util.Map.of());
            }
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public String location() {
        return store.describe();
    }

    @Override
    public List<TraceSummary> list() throws IOException {
        try {
            return summaries(store.list());
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public List<TraceSummary> listQueueCandidates() throws IOException {
        try {
            return summaries(store.listQueueCandidates());
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public List<TraceSummary> search(LibraryQuery query) throws IOException {
        return find(query).traces();
    }

    /**
     * Title and id as {@link LibraryQuery#matches}, or the events' text through the store's library search when the
     * text has words its index keeps; a text without (punctuation only, a long hash) is matched against titles and ids
     * only: looking for it in every trace's events would read the whole store on each keystroke ({@code forkline list
     * --search} does, when asked).
     */
    @Override
    public LibraryMatches find(LibraryQuery query) throws IOException {
        List<TraceSummary> all = list();
        if (query.text() == null || query.text().isBlank() || LibrarySearchResult.Mode.of(query.text()) != LibrarySearchResult.Mode.WORDS) {
            return LibraryMatches.byFields(all.stream().filter(query::matches).toList());
        }
        LibrarySearchResult found;
        try {
            found = store.searchLibrary(query.text());
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
        java.util.Map<String, LibraryMatches.EventHits> hits = new java.util.HashMap<>();
        for (LibrarySearchResult.Hit hit : found.hits()) {
            hits.put(hit.traceId(), new LibraryMatches.EventHits(hit.events(), hit.exact()));
        }
        LibraryQuery otherFields = query.withText(null);
        List<TraceSummary> traces = all.stream()
                .filter(trace -> otherFields.matches(trace) && (hits.containsKey(trace.traceId()) || query.matches(trace))).toList();
        hits.keySet().retainAll(traces.stream().map(TraceSummary::traceId).toList());
        return new LibraryMatches(traces, hits, found.scannedTraces());
    }

    @Override
    public int updateSearchIndex(java.util.Set<String> leaveOut) throws IOException {
        try {
            return store.updateSearchIndex(leaveOut);
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public Bundle load(String traceId) throws IOException {
        try {
            return store.load(traceId);
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Searches with the store's SQL search (text in tool names, arguments, outputs and messages). */
    @Override
    public Optional<List<String>> searchEvents(String traceId, String text, String type, String actor, boolean errorsOnly,
                                               java.util.function.BooleanSupplier stopped) throws IOException {
        try {
            return Optional.of(store.search(traceId, blankToNull(text), blankToNull(type), blankToNull(actor), errorsOnly, stopped));
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    @Override
    public Optional<Path> sourcePath(String traceId) throws IOException {
        try {
            return store.find(traceId).map(dev.forkline.trace.store.TraceSummary::sourcePath).filter(p -> !p.isBlank()).map(Path::of);
        } catch (StoreException | java.nio.file.InvalidPathException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The store's {@link dev.forkline.trace.store.ChangeMark}: one aggregate row over the trace list. */
    @Override
    public Optional<Object> changeMark() throws IOException {
        try {
            return Optional.of(store.changeMark());
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public Optional<TraceIntegrity> integrity(String traceId) throws IOException {
        try {
            return store.integrity(traceId);
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public List<Finding> unreadParts(String traceId) throws IOException {
        try {
            return ImportedTrace.unreadPartsAmong(store.findings(traceId));
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public TraceIntegrity reverify(String traceId) throws IOException {
        try {
            return store.reverify(traceId, trustedKeys.get());
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public void useTrustedKeys(Supplier<TrustedKeys> keys) {
        trustedKeys = keys;
    }

    @Override
    public boolean canRead(Path path) {
        return importers.canRead(path);
    }

    @Override
    public ImportResult importTrace(Path path, Progress progress) throws IOException, TraceFormatException {
        try {
            return importTrace(path, progress, null);
        } catch (StoredOtherwiseException refused) {
            refused.close(); // no one here to take an offer to replace
            throw refused;
        }
    }

    @Override
    public ImportResult importTrace(Path path, Progress progress, ImportWatcher watcher) throws IOException, TraceFormatException {
        progress.update("Reading " + path.getFileName(), -1);
        String source = path.toAbsolutePath().toString();
        // a large bundle is stored while it is read (as forkline import does); leaving without finish() stores nothing
        try (StreamedImport stream = store.streamedImport(source)) {
            ImportedTrace imported = watcher == null ? importers.read(path, stream)
                    : importers.readWatched(path, stream, watcher);
            Bundle bundle = imported.bundle();
            boolean keptForAnOffer = false;
            try {
                String checking = "Checking " + bundle.manifest().title();
                progress.update(checking, 0.4);
                // a cancel thrown from here stops the checks at their next range of events
                TraceChecks.Checked checked = TraceChecks.check(imported, trustedKeys.get(), (swept, events) ->
                        progress.update(String.format("%s · %,d of %,d events", checking, swept, events), 0.4 + 0.2 * swept / events));
                progress.update(String.format(java.util.Locale.ROOT, "Storing %,d events", bundle.events().size()), 0.6);
                StoreResult stored;
                try {
                    stored = stream.finish(bundle, checked.findings(), checked.integrity());
                } catch (TraceConflictException e) { // thrown as it is, as forkline import catches it
                    keptForAnOffer = true;
                    throw new StoredOtherwiseException(path, e.getMessage(), e, new StoredOtherwiseException.KeptRead() {
                        @Override
                        public ImportResult storeReplacing(Progress storing) throws IOException {
                            return storedInPlace(imported, checked, source, storing);
                        }

                        @Override
                        public void close() {
                            closeQuietly(bundle);
                        }
                    });
                }
                return result(stored, imported, checked, progress);
            } finally {
                if (!keptForAnOffer) {
                    bundle.close();
                }
            }
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static void closeQuietly(Bundle bundle) {
        try {
            bundle.close();
        } catch (IOException e) {
            // a read let go that fails to close leaves nothing the user could act on
        }
    }

    /** Stores a file read and checked before in place of the stored trace ({@link TraceStore#importReplacing}). */
    private ImportResult storedInPlace(ImportedTrace imported, TraceChecks.Checked checked, String source, Progress progress)
            throws IOException {
        Bundle bundle = imported.bundle();
        progress.update(String.format(java.util.Locale.ROOT, "Storing %,d events in place of the stored trace", bundle.events().size()), 0.6);
        try {
            return result(store.importReplacing(bundle, checked.findings(), source, checked.integrity()), imported, checked, progress);
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private ImportResult result(StoreResult stored, ImportedTrace imported, TraceChecks.Checked checked, Progress progress)
            throws StoreException, IOException {
        progress.update("Stored: " + stored.message(), 1.0);
        int unread = imported.unreadParts().size();
        TraceSummary summary = store.find(stored.traceId()).map(found -> summary(found, unread))
                .orElseThrow(() -> new IOException("trace '" + stored.traceId() + "' is not in the store after importing it"));
        return new ImportResult(summary, checked.findings());
    }

    /** The rows of {@code stored}, each with how many parts of its file were not read (one query for all). */
    private List<TraceSummary> summaries(List<dev.forkline.trace.store.TraceSummary> stored) throws StoreException {
        Map<String, Integer> unread = store.findingCounts(ImportedTrace.unreadPartCodes());
        return stored.stream().map(trace -> summary(trace, unread.getOrDefault(trace.traceId(), 0))).toList();
    }

    private static TraceSummary summary(dev.forkline.trace.store.TraceSummary stored, int unreadParts) {
        return new TraceSummary(stored.traceId(), stored.title(), stored.created(), stored.sourceFormat(), stored.outcome(),
                stored.runCount(), (int) Math.min(Integer.MAX_VALUE, stored.eventCount()), stored.integrity(), unreadParts);
    }
}
