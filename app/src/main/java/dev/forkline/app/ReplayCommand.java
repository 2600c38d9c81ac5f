package dev.forkline.app;

import dev.forkline.replay.engine.EventEdit;
import dev.forkline.replay.engine.JUnitReport;
import dev.forkline.replay.engine.NormalizationRule;
import dev.forkline.replay.engine.Normalizer;
import dev.forkline.replay.engine.ReplayEngine;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Replay RUN from CHECKPOINT in a fresh sandbox container and report where it differs from the recording; "
                + "the replay is appended to BUNDLE as a new run. With --edit and no --from, starts from the latest checkpoint "
                + "before the first edited event. See docs/replay.md.%n"
                + "Exit: 0 every step matched (expected divergences after an edit do not count), 1 stopped without diverging "
                + "(a decision is needed, terminated, cancelled, sandbox lost), 2 bad input, 3 diverged, 4 no Docker engine.")
final class ReplayCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE", description = "An unpacked bundle directory.")
    Path bundle;

    @Option(names = "--from", paramLabel = "CHECKPOINT", description = "The checkpoint to start from.")
    String from;

    @Option(names = "--run", paramLabel = "RUN", description = "The run to replay (default: the run holding the checkpoint).")
    String run;

    @Option(names = "--edit", paramLabel = "EVENT=JSON", description = "Merge JSON into an event's data, or {\"drop\":true} (repeatable).")
    List<String> edits = List.of();

    @Option(names = "--stop-at-first-divergence", description = "Stop at the first step that differs.")
    boolean stopAtFirstDivergence;

    @Option(names = "--normalize", paramLabel = "NAME=REGEX=>REPLACEMENT", description = "An extra output normalisation rule (repeatable).")
    List<String> normalizations = List.of();

    @Option(names = "--no-default-normalization", description = "Compare outputs without the default rules (timestamps, durations, ids).")
    boolean noDefaultNormalization;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write a JUnit XML report (one test case per replayed step).")
    Path junit;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ReplayRequest request = request();
        var err = spec.commandLine().getErr();
        ReplayListener progress = json ? ReplayListener.NONE : new ReplayListener() {
            @Override
            public void started(String replayRun, String checkpointId, int totalSteps) {
                err.println("replaying into run " + replayRun + " from " + checkpointId + ": " + totalSteps + " steps");
                err.flush();
            }
        };
        ReplayResult result;
        try {
            result = new ReplayEngine(Engines.docker()).replay(request, progress);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
        if (junit != null) {
            JUnitReport.write(result, junit);
        }
        var out = spec.commandLine().getOut();
        out.print(json ? result.toJson().toPrettyString() + "\n" : result.describe());
        out.flush();
        return result.exitCode();
    }

    private ReplayRequest request() {
        try {
            if (from == null && edits.isEmpty()) {
                throw new UserInputException("--from CHECKPOINT is required (or give --edit to start before the edited event)");
            }
            List<EventEdit> parsedEdits = new ArrayList<>();
            edits.forEach(edit -> parsedEdits.add(EventEdit.parse(edit)));
            Normalizer normalizer = noDefaultNormalization ? Normalizer.none() : Normalizer.defaults();
            for (String rule : normalizations) {
                normalizer = normalizer.with(NormalizationRule.parse(rule));
            }
            return ReplayRequest.builder(bundle).run(run).checkpoint(from).edits(parsedEdits)
                    .stopAtFirstDivergence(stopAtFirstDivergence).normalizer(normalizer).build();
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
    }
}
