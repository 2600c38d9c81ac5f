package dev.forkline.app;

import dev.forkline.importers.Importers;
import dev.forkline.replay.fanout.FanOutResult;
import dev.forkline.trace.gate.Contract;
import dev.forkline.trace.gate.ContractReader;
import dev.forkline.trace.gate.Gate;
import dev.forkline.trace.gate.GateResult;
import dev.forkline.trace.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "gate", mixinStandardHelpOptions = true,
        description = "Check traces against a recovery contract, clause by clause (integrity, checkpoint cadence, tool results, identity, isolation, "
                + "escapes decided by the owner, demonstrated recoveries, recovery time). Exit 0 when every clause passes, 1 otherwise.")
final class GateCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE", arity = "1..*", description = "Traces to check (bundles or any supported format).")
    List<Path> bundles;

    @Option(names = "--contract", required = true, paramLabel = "FILE", description = "The recovery contract (YAML or JSON, see docs/recovery-contract.md).")
    Path contractFile;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write a JUnit XML report (one test case per clause).")
    Path junit;

    @Mixin
    TrustedKeyOptions trust;

    @Option(names = "--replay", description = "First replay every bundle (each from --from or its first checkpoint), fanned out over"
            + " --engines FILE or the one engine, so that the replays count as demonstrated recoveries; exits 2 or 4 without"
            + " checking when a replay could not run.")
    boolean replay;

    @Mixin
    FanOutOptions fanOut;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Contract contract = ContractReader.read(contractFile);
        if (replay) {
            List<FanOutResult> replays = fanOut.replay(bundles, spec.commandLine().getErr());
            replays.forEach(result -> spec.commandLine().getErr().println("replay " + ReplayAllCommand.line(result)));
            if (replays.stream().anyMatch(result -> !result.succeeded())) {
                return FanOutOptions.exitCode(replays);
            }
        } else if (fanOut.enginesFile != null || fanOut.from != null || fanOut.engineOptions.address != null) {
            throw new UserInputException("--engines, --engine and --from are for gate --replay");
        }
        try (OpenBundles traces = new OpenBundles()) {
            Importers importers = Importers.builtIn();
            for (Path path : bundles) {
                traces.add(importers.read(path).bundle());
            }
            GateResult result = Gate.check(traces.all(), contract, trust.trusted());
            var out = spec.commandLine().getOut();
            out.print(json ? Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(result.toJson()) + "\n" : result.toText());
            out.flush();
            if (junit != null) {
                Files.writeString(junit, result.toJUnitXml());
            }
            return result.passed() ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
        }
    }
}
