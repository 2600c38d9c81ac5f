package dev.forkline.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.trace.store.LibrarySearchResult;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.TraceSummary;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "list", mixinStandardHelpOptions = true, description = "List the traces in the store, each with its integrity "
        + "verdict: intact, altered, untrusted-decisions (signed by keys not trusted for their owners), not-signed (an agent's "
        + "own format) or unverified (stored before traces were verified at import: forkline verify --db PATH TRACE-ID). A trace "
        + "stored without parts of its file its importer could not read is marked incomplete (--json: unreadParts).")
final class ListCommand implements Callable<Integer> {

    @Mixin
    DatabaseOption database;

    @Option(names = "--json", description = "Print a JSON array instead of a table.")
    boolean json;

    @Option(names = "--integrity", paramLabel = "VERDICT",
            description = "Only traces with this verdict: intact, altered, untrusted-decisions, not-signed or unverified.")
    String integrity;

    @Option(names = "--search", paramLabel = "TEXT",
            description = "Only traces whose title or id holds TEXT, or whose events do (tool names, arguments, outputs, messages:"
                    + " every word of TEXT, each as a word or the start of one), as the window's library search finds them,"
                    + " with how many events hold it (MATCHING; \"<=N\" where the search index can only bound the count)."
                    + " Traces the search index does not hold yet are read, which is slower; stderr says how many.")
    String search;

    @Option(names = "--update-index", description = "With --search: first bring the search index up to date (counts the words"
            + " of traces imported or changed since it was last brought up to date; the window does this in the background).")
    boolean updateIndex;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        IntegrityStatus only;
        try {
            only = integrity == null ? null : IntegrityStatus.fromWire(integrity);
        } catch (IllegalArgumentException e) {
            throw new UserInputException("--integrity: " + e.getMessage());
        }
        if (search != null && search.isBlank()) {
            throw new UserInputException("--search: give the text to look for");
        }
        if (updateIndex && search == null) {
            throw new UserInputException("--update-index goes with --search TEXT");
        }
        List<TraceSummary> traces;
        Map<String, LibrarySearchResult.Hit> hits = Map.of();
        Map<String, Integer> unread;
        try (TraceStore store = database.open()) {
            traces = store.list().stream().filter(trace -> only == null || trace.integrity().status() == only).toList();
            unread = store.findingCounts(ImportedTrace.unreadPartCodes());
            if (search != null) {
                if (updateIndex) {
                    store.updateSearchIndex();
                }
                LibrarySearchResult found = store.searchLibrary(search);
                hits = found.hits().stream().collect(Collectors.toMap(LibrarySearchResult.Hit::traceId, hit -> hit));
                Map<String, LibrarySearchResult.Hit> byEvents = hits;
                String needle = search.toLowerCase(Locale.ROOT);
                traces = traces.stream().filter(trace -> byEvents.containsKey(trace.traceId())
                        || trace.title().toLowerCase(Locale.ROOT).contains(needle) || trace.traceId().toLowerCase(Locale.ROOT).contains(needle)).toList();
                if (found.scannedTraces() > 0) {
                    var err = spec.commandLine().getErr();
                    err.println(found.mode() == LibrarySearchResult.Mode.TEXT
                            ? "read all " + found.scannedTraces() + " traces: '" + search + "' has no word the search index keeps"
                            : "read " + found.scannedTraces() + " traces the search index does not hold yet (--update-index adds them)");
                    err.flush();
                }
            }
        }
        var out = spec.commandLine().getOut();
        if (json) {
            ArrayNode array = Json.MAPPER.createArrayNode();
            for (TraceSummary trace : traces) {
                var item = array.addObject();
                item.put("traceId", trace.traceId());
                item.put("title", trace.title());
                item.put("format", trace.sourceFormat());
                item.put("created", EventCodec.formatTs(trace.created()));
                item.put("imported", EventCodec.formatTs(trace.importedAt()));
                item.put("events", trace.eventCount());
                item.put("runs", trace.runCount());
                item.put("outcome", trace.outcome());
                item.put("source", trace.sourcePath());
                item.set("integrity", trace.integrity().toJson());
                item.put("unreadParts", unread.getOrDefault(trace.traceId(), 0));
                if (search != null) {
                    LibrarySearchResult.Hit hit = hits.get(trace.traceId());
                    item.put("matchingEvents", hit == null ? 0 : hit.events());
                    item.put("matchingEventsExact", hit == null || hit.exact());
                }
            }
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(array));
        } else if (traces.isEmpty()) {
            out.println((only == null ? "no traces" : "no " + only.wireName() + " traces") + (search == null ? "" : " matching '" + search + "'")
                    + " stored in " + database.location());
        } else if (search != null) {
            out.printf("%-40s %-14s %8s %9s %-9s %-19s %s%n", "TRACE", "FORMAT", "EVENTS", "MATCHING", "OUTCOME", "INTEGRITY", "TITLE");
            for (TraceSummary trace : traces) {
                LibrarySearchResult.Hit hit = hits.get(trace.traceId());
                String matching = hit == null ? "0" : (hit.exact() ? "" : "<=") + hit.events();
                out.printf("%-40s %-14s %8d %9s %-9s %-19s %s%n", trace.traceId(), trace.sourceFormat(), trace.eventCount(), matching,
                        trace.outcome() == null ? "-" : trace.outcome(), trace.integrity().status().wireName(), titled(trace, unread));
            }
        } else {
            out.printf("%-40s %-14s %8s %5s %-9s %-19s %s%n", "TRACE", "FORMAT", "EVENTS", "RUNS", "OUTCOME", "INTEGRITY", "TITLE");
            for (TraceSummary trace : traces) {
                out.printf("%-40s %-14s %8d %5d %-9s %-19s %s%n", trace.traceId(), trace.sourceFormat(), trace.eventCount(), trace.runCount(),
                        trace.outcome() == null ? "-" : trace.outcome(), trace.integrity().status().wireName(), titled(trace, unread));
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** The title, marked when parts of the trace's file could not be read. */
    private static String titled(TraceSummary trace, Map<String, Integer> unread) {
        int parts = unread.getOrDefault(trace.traceId(), 0);
        return parts == 0 ? trace.title() : "(incomplete: " + parts + (parts == 1 ? " part" : " parts") + " not read) " + trace.title();
    }
}
