package dev.forkline.app;

import dev.forkline.replay.ReplayInputException;
import dev.forkline.replay.engine.EventEdit;
import dev.forkline.replay.engine.JUnitReport;
import dev.forkline.replay.engine.NormalizationRule;
import dev.forkline.replay.engine.Normalizer;
import dev.forkline.replay.engine.ReplayEngine;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.engine.SessionSetup;
import dev.forkline.replay.workspace.FileHistory;
import dev.forkline.replay.workspace.StartingTree;
import dev.forkline.replay.workspace.WorkspaceSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Replay RUN from CHECKPOINT in a fresh sandbox container and report where it differs from the recording. "
                + "FILE is a bundle directory (the replay is appended to it as a new run) or any trace Forkline imports "
                + "(Claude Code, SWE-agent, Codex, OpenHands ...: --out writes a bundle holding it and the replay). An imported "
                + "session replays from checkpoint 'start', the tree it started from, given with --workspace. With --edit and "
                + "no --from, starts from the latest checkpoint before the first edited event. See docs/replay.md.%n"
                + "Exit: 0 every step matched (expected divergences after an edit and environment divergences do not count), "
                + "1 stopped without diverging (a decision is needed, terminated, cancelled, sandbox lost), 2 bad input, "
                + "3 diverged (behaviour or workspace; environment too with --strict-environment), 4 no Docker engine or image.")
final class ReplayCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "An unpacked bundle directory, or a trace in a format Forkline imports.")
    Path trace;

    @Option(names = "--workspace", paramLabel = "SRC", description = "The tree the session started from: a directory, a .tar/.tar.gz,"
            + " or a git repository at a commit (REPO@COMMIT; the repository's .git is kept).")
    String workspace;

    @Option(names = "--tools", paramLabel = "DIR", description = "SWE-agent's tool bundles named by the trajectory (SWE-agent's tools/ folder).")
    Path tools;

    @Option(names = "--file-history", paramLabel = "DIR", description = "Claude Code's file-history folder of the session"
            + " (~/.claude/file-history/<session id>/): its backups are compared with the workspace at each file-history snapshot"
            + " and supply the files the tree lacks.")
    Path fileHistory;

    @Option(names = "--image", paramLabel = "IMAGE", description = "Run in this image (present on the engine) whatever the trace records.")
    String image;

    @Option(names = "--pull", description = "Pull the recorded image from its registry when it is not present locally.")
    boolean pull;

    @Option(names = "--setup", paramLabel = "CMD", description = "A shell command run in the workspace before the first step (repeatable).")
    List<String> setupCommands = List.of();

    @Option(names = "--env", paramLabel = "NAME=VALUE", description = "A variable given to every re-executed call (repeatable).")
    List<String> environment = List.of();

    @Option(names = "--out", paramLabel = "BUNDLE", description = "For a trace in another format: the new bundle directory that keeps"
            + " the imported run and its replay (without it the replay is reported and not kept).")
    Path out;

    @Option(names = "--strict-environment", description = "Environment divergences (a missing command, no network, another OS) fail"
            + " the replay like behaviour ones.")
    boolean strictEnvironment;

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

    @Mixin
    EngineOptions engineOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        var err = spec.commandLine().getErr();
        try (ReplayTarget target = ReplayTarget.of(trace, out)) {
            if (target.temporary()) {
                err.println("replaying " + trace + " (" + target.format() + ") in a temporary bundle: give --out BUNDLE to keep the replay");
            }
            return replay(target, err);
        }
    }

    private int replay(ReplayTarget target, java.io.PrintWriter err) throws Exception {
        ReplayRequest request = request(target);
        ReplayListener progress = json ? ReplayListener.NONE : new ReplayListener() {
            @Override
            public void started(String replayRun, String checkpointId, int totalSteps) {
                err.println("replaying into run " + replayRun + " from " + checkpointId + ": " + totalSteps + " steps");
                err.flush();
            }
        };
        ReplayResult result = new ReplayEngine(engineOptions.open()).replay(request, progress);
        target.keep();
        if (junit != null) {
            JUnitReport.write(result, junit);
        }
        var out = spec.commandLine().getOut();
        out.print(json ? result.toJson().toPrettyString() + "\n" : result.describe());
        out.flush();
        return result.exitCode();
    }

    private SessionSetup setup(ReplayTarget target) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        for (String variable : environment) {
            int eq = variable.indexOf('=');
            if (eq <= 0) {
                throw new UserInputException("--env takes NAME=VALUE, got '" + variable + "'");
            }
            env.put(variable.substring(0, eq), variable.substring(eq + 1));
        }
        StartingTree tree = workspace == null ? null : WorkspaceSource.forTrace(workspace, target.pinnedCommit(from)).load();
        FileHistory history;
        try {
            history = fileHistory == null ? null : FileHistory.open(fileHistory);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
        return new SessionSetup(tree, tools, setupCommands, env, history);
    }

    /** The request the options describe; what the engine refuses in them is a {@link ReplayInputException} (exit 2). */
    private ReplayRequest request(ReplayTarget target) throws IOException {
        if (from == null && edits.isEmpty()) {
            throw new UserInputException("--from CHECKPOINT is required (or give --edit to start before the edited event)");
        }
        List<EventEdit> parsedEdits = new ArrayList<>();
        edits.forEach(edit -> parsedEdits.add(EventEdit.parse(edit)));
        Normalizer normalizer = noDefaultNormalization ? Normalizer.none() : Normalizer.defaults();
        for (String rule : normalizations) {
            normalizer = normalizer.with(NormalizationRule.parse(rule));
        }
        SessionSetup sessionSetup = setup(target);
        return ReplayRequest.builder(target.bundle()).run(run).checkpoint(from).edits(parsedEdits)
                .stopAtFirstDivergence(stopAtFirstDivergence).normalizer(normalizer)
                .setup(sessionSetup).image(image).pull(pull).strictEnvironment(strictEnvironment).build();
    }
}
