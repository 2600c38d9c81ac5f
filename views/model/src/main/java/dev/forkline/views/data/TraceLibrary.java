package dev.forkline.views.data;

import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.views.concurrent.Progress;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The stored traces the workbench shows and opens. Called off the UI thread. */
public interface TraceLibrary {

    /** Where the traces live, for the status bar (a database file, or "in memory"). */
    String location();

    List<TraceSummary> list() throws IOException;

    /**
     * The traces the escape queue must read: at least every trace holding an approval.request, escape.attempt or
     * external tool.call ({@code EscapeQueue.canWait}), in {@link #list()}'s order. All of them unless the library
     * keeps count.
     */
    default List<TraceSummary> listQueueCandidates() throws IOException {
        return list();
    }

    List<TraceSummary> search(LibraryQuery query) throws IOException;

    /**
     * As {@link #search}, also finding traces whose events hold the query's text (tool names, arguments, outputs and
     * messages) when this library can, with how many events hold it; a library that cannot finds by title and id only.
     */
    default LibraryMatches find(LibraryQuery query) throws IOException {
        return LibraryMatches.byFields(search(query));
    }

    /**
     * Brings the index {@link #find} answers from up to date (traces imported, grown or replaced since), when this
     * library keeps one; a long call, made in the background. Traces not indexed yet are found all the same, slower.
     *
     * @param leaveOut traces still growing (live sessions): counting them whole on every change would be wasted
     * @return how many traces were indexed
     */
    default int updateSearchIndex(java.util.Set<String> leaveOut) throws IOException {
        return 0;
    }

    Bundle load(String traceId) throws IOException, TraceFormatException;

    /**
     * Ids of the stored trace's events matching all given filters (null or blank parts match anything), or empty when
     * this library cannot search (the workbench then filters in memory). Once {@code stopped} says so (a newer search
     * replaced this one), the search may end early with an {@link IOException}.
     */
    default java.util.Optional<List<String>> searchEvents(String traceId, String text, String type, String actor, boolean errorsOnly,
                                                          java.util.function.BooleanSupplier stopped) throws IOException {
        return java.util.Optional.empty();
    }

    /**
     * The file or folder the stored trace was imported from, when the library knows it (a replay or a decision is
     * appended to that folder when it is a bundle directory).
     */
    default java.util.Optional<Path> sourcePath(String traceId) throws IOException {
        return java.util.Optional.empty();
    }

    /**
     * A value that changes whenever a trace is stored, grows, is replaced or removed, also by another process (forkline
     * serve, a hook, forkline decide); cheap enough to ask twice a second. Empty when this library cannot tell.
     */
    default java.util.Optional<Object> changeMark() throws IOException {
        return java.util.Optional.empty();
    }

    /** Whether some importer reads this file or folder as a trace (cheap: looks at its head or structure only). */
    boolean canRead(Path path);

    /**
     * Reads a trace file or folder in any known format, verifies it (against the keys {@link #useTrustedKeys} gave)
     * and stores it with its integrity verdict; an altered trace is stored too, as evidence.
     */
    ImportResult importTrace(Path path, Progress progress) throws IOException, TraceFormatException;

    /**
     * As {@link #importTrace(Path, Progress)}, also handing a large bundle's events to {@code watcher} as they are read
     * (before they are stored), or telling it how far a foreign file was read (a Claude Code transcript), so that what
     * was read so far can be shown. The watcher or {@code progress} throwing ends the import with nothing of the trace
     * stored (the window cancels an import so). A library or format that does neither never calls the watcher.
     * Refused because the store holds the trace with other events, it throws a {@link StoredOtherwiseException}, which
     * may keep the file as read to be stored in place of the stored trace; the caller closes it.
     */
    default ImportResult importTrace(Path path, Progress progress, dev.forkline.importers.ImportWatcher watcher)
            throws IOException, TraceFormatException {
        return importTrace(path, progress);
    }

    /**
     * The stored trace's integrity verdict and the problems behind it (lines are those of the file it was imported
     * from); empty when the trace is not stored or this library keeps no verdicts.
     */
    default java.util.Optional<TraceIntegrity> integrity(String traceId) throws IOException {
        return java.util.Optional.empty();
    }

    /**
     * What the importer of the stored trace could not read of the file it came from (each a finding naming the file and
     * line): when there is any, the trace may be incomplete. Empty when all was read, the trace is not stored, or this
     * library keeps no findings.
     */
    default java.util.List<dev.forkline.trace.Finding> unreadParts(String traceId) throws IOException {
        return java.util.List.of();
    }

    /**
     * Verifies the stored trace again against the keys trusted now and stores the new verdict, when this library can;
     * otherwise returns the verdict it has.
     */
    default TraceIntegrity reverify(String traceId) throws IOException {
        return integrity(traceId).orElseThrow(() -> new IOException("no stored trace '" + traceId + "'"));
    }

    /**
     * Where imports and verifications get the keys trusted for decision signatures (the workbench's, which grow); a
     * library that verifies nothing ignores it.
     */
    default void useTrustedKeys(java.util.function.Supplier<TrustedKeys> keys) {
    }

    /**
     * Records a signed decision about a stored trace before its bundle gets it, when this library keeps decisions
     * itself (a store, whose race check refuses a decision someone else took meanwhile: the IOException then says who
     * decided and when, and the bundle is left as it was). A library that keeps none does nothing.
     */
    default void recordDecision(String traceId, dev.forkline.trace.Event decision) throws IOException {
    }
}
