package dev.forkline.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decision.EscapeQueue;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.TraceSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "queue", mixinStandardHelpOptions = true,
        description = "The escape queue: every approval request, escape attempt and unknown-outcome external effect without a "
                + "decision in force, newest first — across the stored library, or in the bundles given. Only decisions signed "
                + "by a trusted key close an item.")
final class QueueCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE", arity = "0..*", description = "Bundles to read instead of the stored library.")
    List<Path> bundles = List.of();

    @Mixin
    DatabaseOption database;

    @Option(names = "--json", description = "Print a JSON array.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        TrustedKeys trusted = KeyRing.open().trustedKeys();
        List<QueueItem> found = new ArrayList<>();
        if (bundles.isEmpty()) {
            try (TraceStore store = database.open()) {
                TrustedKeys withStore = TrustedKeyOptions.withStore(trusted, store);
                for (TraceSummary summary : store.listQueueCandidates()) { // the others hold nothing that can wait
                    try (Bundle trace = store.load(summary.traceId())) {
                        found.addAll(EscapeQueue.pending(trace, withStore));
                    }
                }
            }
        } else {
            for (Path path : bundles) {
                try (Bundle trace = BundleReader.read(path)) {
                    found.addAll(EscapeQueue.pending(trace, trusted));
                }
            }
        }
        print(EscapeQueue.newestFirst(found));
        return ExitCodes.OK;
    }

    private void print(List<QueueItem> items) throws IOException {
        var out = spec.commandLine().getOut();
        if (json) {
            ArrayNode array = Json.MAPPER.createArrayNode();
            items.forEach(item -> array.add(item.toJson()));
            out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(array));
        } else if (items.isEmpty()) {
            out.println("the escape queue is empty");
        } else {
            for (QueueItem item : items) {
                out.printf("%s  %-16s %s %s/%s%s  %s%n", EventCodec.formatTs(item.ts()), item.kind().wireName(), item.traceId(), item.run(),
                        item.eventId(), item.escalated() ? " (escalated)" : "", item.summary());
            }
        }
        out.flush();
    }

}
