package dev.forkline.app;

import dev.forkline.trace.store.TraceStore;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code forkline hold TRACE-ID [--release]}: puts a trace on legal hold, or lifts the hold. */
@Command(name = "hold", mixinStandardHelpOptions = true, description = "Put a stored trace on legal hold: neither forkline"
        + " delete nor forkline retention removes it until the hold is lifted with --release.")
final class HoldCommand implements Callable<Integer> {

    @Mixin
    DatabaseOption database;

    @Parameters(paramLabel = "TRACE-ID")
    String traceId;

    @Option(names = "--reason", paramLabel = "TEXT", description = "Why, recorded with the hold (default: legal hold).")
    String reason = "legal hold";

    @Option(names = "--release", description = "Lift the hold instead.")
    boolean release;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        var out = spec.commandLine().getOut();
        try (TraceStore store = database.open()) {
            if (release) {
                out.println(store.releaseHold(traceId) ? "released the hold on " + traceId : traceId + " was not on hold");
            } else {
                out.println(store.hold(traceId, Operator.name(), reason) ? traceId + " is on legal hold" : traceId + " was on hold already");
            }
        }
        return ExitCodes.OK;
    }
}
