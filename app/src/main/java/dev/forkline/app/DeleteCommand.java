package dev.forkline.app;

import dev.forkline.trace.store.TraceDeletion;
import dev.forkline.trace.store.TraceStore;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code forkline delete TRACE-ID...}: deletes stored traces with their own blob packs, recording each deletion. */
@Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete stored traces, with the blob packs that hold"
        + " only their blobs (blobs other traces share stay). Each deletion is recorded in the store: who, when, which trace,"
        + " its last hash. A trace on legal hold (forkline hold) is refused.")
final class DeleteCommand implements Callable<Integer> {

    @Mixin
    DatabaseOption database;

    @Parameters(arity = "1..*", paramLabel = "TRACE-ID")
    List<String> traceIds;

    @Option(names = "--reason", paramLabel = "TEXT", description = "Why, recorded with the deletion (default: deleted by hand).")
    String reason = "deleted by hand";

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        try (TraceStore store = database.open()) {
            for (String traceId : traceIds) {
                TraceDeletion deletion = store.delete(traceId, Operator.name(), reason);
                spec.commandLine().getOut().printf("deleted %s (%d events, last hash %s, %d blob packs)%n", deletion.traceId(),
                        deletion.eventCount(), deletion.lastHash(), deletion.deletedPacks());
            }
        }
        return ExitCodes.OK;
    }
}
