package dev.forkline.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.TraceSummary;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "list", mixinStandardHelpOptions = true, description = "List the traces in the store, each with its integrity "
        + "verdict: intact, altered, untrusted-decisions (signed by keys not trusted for their owners), not-signed (an agent's "
        + "own format) or unverified (stored before traces were verified at import: forkline verify --db PATH TRACE-ID).")
final class ListCommand implements Callable<Integer> {

    @Mixin
    DatabaseOption database;

    @Option(names = "--json", description = "Print a JSON array instead of a table.")
    boolean json;

    @Option(names = "--integrity", paramLabel = "VERDICT",
            description = "Only traces with this verdict: intact, altered, untrusted-decisions, not-signed or unverified.")
    String integrity;

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
        List<TraceSummary> traces;
        try (TraceStore store = database.open()) {
            traces = store.list().stream().filter(trace -> only == null || trace.integrity().status() == only).toList();
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
            }
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(array));
        } else if (traces.isEmpty()) {
            out.println((only == null ? "no traces" : "no " + only.wireName() + " traces") + " stored in " + database.location());
        } else {
            out.printf("%-40s %-14s %8s %5s %-9s %-19s %s%n", "TRACE", "FORMAT", "EVENTS", "RUNS", "OUTCOME", "INTEGRITY", "TITLE");
            for (TraceSummary trace : traces) {
                out.printf("%-40s %-14s %8d %5d %-9s %-19s %s%n", trace.traceId(), trace.sourceFormat(), trace.eventCount(), trace.runCount(),
                        trace.outcome() == null ? "-" : trace.outcome(), trace.integrity().status().wireName(), trace.title());
            }
        }
        out.flush();
        return ExitCodes.OK;
    }
}
