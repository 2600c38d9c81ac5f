package dev.forkline.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.fanout.FanOutResult;
import dev.forkline.trace.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "replay-all", mixinStandardHelpOptions = true,
        description = "Replay many traces at once over a list of Docker engines (--engines FILE), at most --per-engine sandboxes on "
                + "each, with a progress line per engine. Each replay is appended to its bundle as `forkline replay` appends one. An "
                + "engine lost mid-replay is reported and its replays run again on another engine (marked retried). See docs/scale.md.%n"
                + "Exit: the worst replay's: 0 all matched, 1 one stopped, 3 one diverged, 2 bad input, 4 an engine or sandbox failed.")
final class ReplayAllCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE", arity = "1..*", description = "Bundle directories to replay (each once).")
    List<Path> traces;

    @Mixin
    FanOutOptions fanOut;

    @Option(names = "--json", description = "Print the results as JSON.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<FanOutResult> results = fanOut.replay(traces, spec.commandLine().getErr());
        var out = spec.commandLine().getOut();
        if (json) {
            ArrayNode array = Json.MAPPER.createArrayNode();
            results.forEach(result -> array.add(toJson(result)));
            out.print(array.toPrettyString() + "\n");
        } else {
            results.forEach(result -> out.println(line(result)));
        }
        out.flush();
        return FanOutOptions.exitCode(results);
    }

    /** One line per replay: where it ran, what it found, and whether it was retried. */
    static String line(FanOutResult result) {
        String retried = result.retried() ? " [retried: " + String.join(", ", result.lostEngines()) + " lost]" : "";
        if (!result.succeeded()) {
            return result.job().name() + ": failed" + (result.engine() == null ? "" : " on " + result.engine()) + ": "
                    + ErrorReporting.messageOf(result.failure()) + retried;
        }
        ReplayResult replay = result.result();
        return result.job().name() + ": run " + replay.replayRun() + " on " + result.engine() + ": " + replay.matched() + " matched, "
                + replay.diverged() + " diverged, " + replay.stopReason().wireName() + retried;
    }

    static ObjectNode toJson(FanOutResult result) {
        ObjectNode node = Json.object();
        node.put("trace", result.job().name());
        node.put("engine", result.engine());
        node.put("retried", result.retried());
        ArrayNode lost = node.putArray("lostEngines");
        result.lostEngines().forEach(lost::add);
        if (result.succeeded()) {
            node.put("exitCode", result.result().exitCode());
            node.set("result", result.result().toJson());
        } else {
            node.put("exitCode", ErrorReporting.exitCodeFor(result.failure()));
            node.put("error", ErrorReporting.messageOf(result.failure()));
        }
        return node;
    }
}
