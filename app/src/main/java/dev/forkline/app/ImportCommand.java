package dev.forkline.app;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.TraceChecks;
import dev.forkline.importers.TraceFiles;
import dev.forkline.trace.Finding;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.IntegrityVerdict;
import dev.forkline.trace.store.ReplacementRefusedException;
import dev.forkline.trace.store.StoreResult;
import dev.forkline.trace.store.StreamedImport;
import dev.forkline.trace.store.TraceConflictException;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.verify.EventSweep;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Store traces (Forkline bundles or a supported agent format). Each file is one transaction: "
                + "a file that fails leaves the store exactly as it was. Every trace is verified as it is imported (hashes, "
                + "chain, blobs, decision signatures against trusted keys) and its verdict stored with it: an altered trace, or "
                + "one with decisions by untrusted keys, is stored anyway (it is evidence) and named on stderr with its first bad "
                + "event and line; the exit code is then 1. A file of an agent format with parts that cannot be read (a "
                + "damaged line, JSON cut short) is stored with the rest, the parts named on stderr, exit code 1 too. Agent "
                + "formats have no chain: they are 'not signed'. On a terminal, a line on stderr says how far each import got "
                + "(bytes read, events made, the checks, the store).")
final class ImportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "Bundle directories, .zip bundles or agent trace files, or"
            + " folders holding them (such as ~/.claude/projects/NAME/ or sample-traces/; searched " + TraceFiles.MAX_DEPTH
            + " levels deep, as the window's File › Import does), each trace in name order.")
    List<Path> files;

    @Option(names = "--strict", description = "Refuse a trace whose verification fails, or whose file could not be read whole, "
            + "instead of storing it (the store is left unchanged).")
    boolean strict;

    @Option(names = "--replace", description = "Store a trace in place of the stored one of the same id where their events differ "
            + "(the file of a session imported while it was still going on, imported again once it has grown), instead of "
            + "refusing it. Refused still for a trace on legal hold, for a file that fails its integrity check, and for a trace "
            + "holding forks, replays, reverts or decisions made in Forkline that the file does not have.")
    boolean replace;

    @Mixin
    DatabaseOption database;

    @Mixin
    TrustedKeyOptions trust;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        int badInput = 0;
        int failedChecks = 0;
        Importers importers = Importers.builtIn();
        boolean onTerminal = System.console() != null && System.console().isTerminal();
        try (TraceStore store = database.open()) {
            TrustedKeys trusted = TrustedKeyOptions.withStore(trust.trusted(), store);
            for (Path file : tracesIn(files, importers)) {
                ImportProgressLine progress = onTerminal ? new ImportProgressLine(err, file, System::nanoTime) : null;
                // a large bundle is stored while it is read; leaving this block without finish() stores nothing
                String source = file.toAbsolutePath().toString();
                try (StreamedImport stream = replace ? store.streamedImportReplacing(source) : store.streamedImport(source)) {
                    ImportedTrace trace = progress == null ? importers.read(file, stream)
                            : importers.readWatched(file, stream, progress);
                    try (var bundle = trace.bundle()) {
                        if (progress != null) {
                            progress.step(String.format("checking %,d events", bundle.events().size()));
                        }
                        TraceChecks.Checked checked = TraceChecks.check(trace, trusted,
                                progress == null ? EventSweep.Progress.NONE : progress::checked);
                        IntegrityVerdict verdict = checked.integrity().verdict();
                        List<Finding> unread = trace.unreadParts();
                        if (strict && (verdict.fails() || !unread.isEmpty())) {
                            clear(progress);
                            failedChecks++;
                            err.println("forkline: " + (verdict.fails() ? IntegrityMessages.firstProblem(bundle.eventsFile(), verdict)
                                    : unread.getFirst().message()) + "; refused (--strict): nothing stored");
                            continue;
                        }
                        if (progress != null) {
                            progress.step("storing");
                        }
                        StoreResult result = stream.finish(bundle, checked.findings(), checked.integrity());
                        clear(progress);
                        out.printf("%s\t%s\t%d events\t%s\t%s%n", bundle.manifest().traceId(), bundle.manifest().sourceFormat(),
                                bundle.events().size(), result.message(), verdict.status().wireName());
                        indexForSearch(store, result.traceId(), bundle.events().size(), err);
                        if (!unread.isEmpty()) {
                            failedChecks++;
                            tellUnread(file, unread, err);
                        }
                        if (verdict.fails()) {
                            failedChecks++;
                            err.println("forkline: " + IntegrityMessages.firstProblem(bundle.eventsFile(), verdict)
                                    + "; stored anyway, as evidence: " + IntegrityMessages.advice(verdict) + " (--strict refuses such traces)");
                        }
                    }
                } catch (StreamedImport.WriteFailedException e) {
                    throw e.storeFailure(); // the store failed, not the file: reported as for any store failure
                } catch (TraceConflictException e) {
                    clear(progress);
                    badInput++;
                    err.println("forkline: " + e.getMessage() + "; 'forkline import --replace " + file + "' stores the file in its place");
                } catch (TraceFormatException | IOException | ReplacementRefusedException e) {
                    clear(progress);
                    badInput++;
                    err.println("forkline: " + (e instanceof IOException ? file + ": " + e.getMessage() : e.getMessage()));
                } finally {
                    clear(progress); // whatever else ends the import (a store failure, a bug) is reported on a clean line
                }
            }
        }
        out.flush();
        err.flush();
        return badInput > 0 ? ExitCodes.BAD_INPUT : failedChecks > 0 ? ExitCodes.CHECK_FAILED : ExitCodes.OK;
    }

    /** The traces to import: each location given, or the traces found in a folder that is not one itself. */
    private static List<Path> tracesIn(List<Path> locations, Importers importers) {
        return locations.stream().flatMap(location -> TraceFiles.expand(location, importers::canRead).stream()).toList();
    }

    /** At most this many unread parts are named one by one; {@code forkline inspect} lists them all. */
    static final int UNREAD_PARTS_NAMED = 5;

    private static void tellUnread(Path file, List<Finding> unread, java.io.PrintWriter err) {
        err.println("forkline: " + file + ": stored without " + (unread.size() == 1 ? "a part" : unread.size() + " parts")
                + " it could not read: the trace may be incomplete");
        unread.stream().limit(UNREAD_PARTS_NAMED).forEach(finding -> err.println("  " + finding.message()));
        if (unread.size() > UNREAD_PARTS_NAMED) {
            err.println("  and " + (unread.size() - UNREAD_PARTS_NAMED) + " more ('forkline inspect " + file + "' lists them all)");
        }
    }

    private static void clear(ImportProgressLine progress) {
        if (progress != null) {
            progress.clear();
        }
    }

    /**
     * Indexes a trace of up to {@value #INDEX_AT_IMPORT_MAX_EVENTS} events for the library search right after storing it
     * (about 24 µs of CPU per event: a quarter of a second for 10,000); a larger one is left to the window's background
     * indexing or {@code forkline list --search TEXT --update-index}, and is found meanwhile by reading it. Not being
     * able to index only slows later searches: it is said, and the import stands.
     */
    private static void indexForSearch(TraceStore store, String traceId, int events, java.io.PrintWriter err) {
        if (events > INDEX_AT_IMPORT_MAX_EVENTS) {
            return;
        }
        try {
            store.updateSearchIndex(traceId);
        } catch (dev.forkline.trace.store.StoreException e) {
            err.println("forkline: stored '" + traceId + "', but could not index it for the library search: " + e.getMessage());
        }
    }

    static final int INDEX_AT_IMPORT_MAX_EVENTS = 100_000;
}
