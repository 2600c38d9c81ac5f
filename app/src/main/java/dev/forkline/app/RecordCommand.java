package dev.forkline.app;

import dev.forkline.replay.scenario.ScenarioRecorder;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "record", mixinStandardHelpOptions = true,
        description = "Run a scenario file for real in a fresh sandbox container and record it as a bundle "
                + "(tool outputs, mutations, checkpoints, the demonstrated recovery as a second run). Needs a Docker engine (exit 4 without).")
final class RecordCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SCENARIO", description = "A scenario file (sample-traces/scenarios/<name>.yaml).")
    Path scenario;

    @Option(names = "--out", required = true, paramLabel = "BUNDLE", description = "The bundle directory to create (must not exist).")
    Path out;

    @Mixin
    EngineOptions engineOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path bundle = new ScenarioRecorder(engineOptions.open()).recordScenario(scenario, out);
        spec.commandLine().getOut().printf("recorded %s into %s%n", scenario, bundle);
        return ExitCodes.OK;
    }
}
