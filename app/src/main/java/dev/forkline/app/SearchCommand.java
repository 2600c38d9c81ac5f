package dev.forkline.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.store.EventSearchMatch;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.TraceSummary;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The window's event search (the search box over the timeline, its type and actor lists, "Errors only") of a stored trace. */
@Command(name = "search", mixinStandardHelpOptions = true, description = "Find a stored trace's events as the window's event search"
        + " finds them: by TEXT (case-insensitive, anywhere in tool names, arguments, outputs and messages), type, actor or"
        + " errors, all given ones at once; one line per event in run and seq order, then how many matched. Once the"
        + " search index holds the trace (the window indexes in the background; forkline list --search TEXT --update-index),"
        + " a text search reads only the parts of the trace that may hold the text.")
final class SearchCommand implements Callable<Integer> {

    @Mixin
    DatabaseOption database;

    @Parameters(index = "0", paramLabel = "TRACE-ID", description = "The stored trace (forkline list shows the ids).")
    String traceId;

    @Parameters(index = "1", arity = "0..1", paramLabel = "TEXT", description = "The text to look for.")
    String text;

    @Option(names = "--type", paramLabel = "TYPE", description = "Only events of this type (e.g. tool.call).")
    String type;

    @Option(names = "--actor", paramLabel = "ACTOR", description = "Only events of this actor (e.g. agent:coder).")
    String actor;

    @Option(names = "--errors", description = "Only errors: error and sandbox.lost events, failed tool results, non-zero process exits.")
    boolean errorsOnly;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (isBlank(text) && isBlank(type) && isBlank(actor) && !errorsOnly) {
            throw new UserInputException("give TEXT, --type, --actor or --errors: what to look for");
        }
        try (TraceStore store = database.open()) {
            TraceSummary trace = store.find(traceId)
                    .orElseThrow(() -> new UserInputException("no trace '" + traceId + "' is stored in " + database.location()));
            print(store.searchMatches(traceId, text, type, actor, errorsOnly), trace.eventCount());
        }
        return ExitCodes.OK;
    }

    private void print(List<EventSearchMatch> matches, long events) throws Exception {
        var out = spec.commandLine().getOut();
        if (json) {
            ObjectNode result = Json.object().put("traceId", traceId).put("events", events).put("matching", matches.size());
            var array = result.putArray("matches");
            for (EventSearchMatch match : matches) {
                array.addObject().put("id", match.id()).put("run", match.run()).put("seq", match.seq())
                        .put("ts", EventCodec.formatTs(match.ts())).put("type", match.type()).put("actor", match.actor());
            }
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(result));
        } else {
            if (!matches.isEmpty()) {
                out.printf("%-16s %7s %-27s %-18s %-20s %s%n", "RUN", "SEQ", "TIME", "TYPE", "ACTOR", "EVENT");
            }
            for (EventSearchMatch match : matches) {
                out.printf("%-16s %7d %-27s %-18s %-20s %s%n", match.run(), match.seq(), EventCodec.formatTs(match.ts()),
                        match.type(), match.actor(), match.id());
            }
            out.printf("%,d of %,d events match%n", matches.size(), events);
        }
        out.flush();
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
