package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.DockerEngine;
import dev.forkline.replay.sandbox.EngineUnavailableException;
import dev.forkline.replay.sandbox.SandboxException;
import dev.forkline.trace.TraceFormatException;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code forkline replay} and {@code forkline revert} as a thin call for the application's command line: parses the
 * arguments, runs, prints, returns the exit code.
 *
 * <pre>
 * forkline replay BUNDLE --from CHECKPOINT [--run RUN] [--edit EVENT=JSON]... [--stop-at-first-divergence]
 *                 [--normalize NAME=REGEX=&gt;REPLACEMENT]... [--no-default-normalization] [--json] [--junit FILE]
 * forkline revert BUNDLE --to CHECKPOINT [--run RUN] (--out DIR | --keep-container) [--failure EVENT] [--json]
 * </pre>
 *
 * Exit codes: 0 every step matched (replay) / restored (revert), 1 the replay stopped without diverging (a decision is
 * needed, terminated, cancelled, its sandbox lost), 2 bad usage or input, 3 a step diverged, 4 no Docker engine.
 */
public final class ReplayCli {

    public static final String REPLAY_USAGE = """
            usage: forkline replay BUNDLE --from CHECKPOINT [--run RUN] [--edit EVENT=JSON]... [--stop-at-first-divergence]
                                   [--normalize NAME=REGEX=>REPLACEMENT]... [--no-default-normalization] [--json] [--junit FILE]
            Replays RUN (default: the run holding CHECKPOINT) from CHECKPOINT in a fresh sandbox and reports where it differs
            from the recording; appends the replay to BUNDLE as a new run. With --edit and no --from, starts from the latest
            checkpoint before the first edited event. See docs/replay.md.
            exit: 0 all matched, 1 stopped (needs a decision, ...), 2 bad usage, 3 diverged, 4 no Docker engine""";

    public static final String REVERT_USAGE = """
            usage: forkline revert BUNDLE --to CHECKPOINT [--run RUN] (--out DIR | --keep-container) [--failure EVENT] [--json]
            Restores CHECKPOINT's workspace into a new or empty DIR, or into a container kept running for inspection, and
            records the revert (with recovery time and cost) in BUNDLE.
            exit: 0 restored, 2 bad usage, 4 no Docker engine (--keep-container)""";

    private ReplayCli() {
    }

    public static int replay(List<String> args, PrintStream out, PrintStream err, Supplier<DockerEngine> engine) {
        Path bundle = null;
        ReplayRequest.Builder builder = null;
        boolean json = false;
        Path junit = null;
        String from = null;
        String run = null;
        boolean stop = false;
        boolean defaults = true;
        List<EventEdit> edits = new ArrayList<>();
        List<NormalizationRule> rules = new ArrayList<>();
        try {
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                switch (arg) {
                    case "--from" -> from = value(args, ++i, arg);
                    case "--run" -> run = value(args, ++i, arg);
                    case "--edit" -> edits.add(EventEdit.parse(value(args, ++i, arg)));
                    case "--normalize" -> rules.add(NormalizationRule.parse(value(args, ++i, arg)));
                    case "--no-default-normalization" -> defaults = false;
                    case "--stop-at-first-divergence" -> stop = true;
                    case "--json" -> json = true;
                    case "--junit" -> junit = Path.of(value(args, ++i, arg));
                    case "-h", "--help" -> {
                        out.println(REPLAY_USAGE);
                        return 0;
                    }
                    default -> {
                        if (arg.startsWith("-") || bundle != null) {
                            throw new IllegalArgumentException("unexpected argument '" + arg + "'");
                        }
                        bundle = Path.of(arg);
                    }
                }
            }
            if (bundle == null) {
                throw new IllegalArgumentException("which bundle? (forkline replay BUNDLE --from CHECKPOINT)");
            }
            if (from == null && edits.isEmpty()) {
                throw new IllegalArgumentException("--from CHECKPOINT is required (or give --edit to start before the edit)");
            }
            Normalizer normalizer = defaults ? Normalizer.defaults() : Normalizer.none();
            for (NormalizationRule rule : rules) {
                normalizer = normalizer.with(rule);
            }
            builder = ReplayRequest.builder(bundle).run(run).checkpoint(from).edits(edits).stopAtFirstDivergence(stop).normalizer(normalizer);
        } catch (IllegalArgumentException e) {
            err.println("forkline replay: " + e.getMessage());
            err.println(REPLAY_USAGE);
            return 2;
        }
        try {
            ReplayListener progress = json ? ReplayListener.NONE : new ReplayListener() {
                @Override
                public void started(String replayRun, String checkpointId, int totalSteps) {
                    err.println("replaying into run " + replayRun + " from " + checkpointId + ": " + totalSteps + " steps");
                }
            };
            ReplayResult result = new ReplayEngine(engine.get()).replay(builder.build(), progress);
            if (junit != null) {
                JUnitReport.write(result, junit);
            }
            out.print(json ? result.toJson().toPrettyString() + "\n" : result.describe());
            return result.exitCode();
        } catch (EngineUnavailableException e) {
            err.println("forkline replay: " + e.getMessage());
            return 4;
        } catch (IllegalArgumentException | TraceFormatException | IOException e) {
            err.println("forkline replay: " + e.getMessage());
            return 2;
        } catch (SandboxException e) {
            err.println("forkline replay: " + e.getMessage());
            return 4;
        }
    }

    public static int revert(List<String> args, PrintStream out, PrintStream err, Supplier<DockerEngine> engine) {
        Path bundle = null;
        String to = null;
        String run = null;
        Path outDir = null;
        boolean keep = false;
        boolean json = false;
        String failure = null;
        try {
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                switch (arg) {
                    case "--to" -> to = value(args, ++i, arg);
                    case "--run" -> run = value(args, ++i, arg);
                    case "--out" -> outDir = Path.of(value(args, ++i, arg));
                    case "--keep-container" -> keep = true;
                    case "--failure" -> failure = value(args, ++i, arg);
                    case "--json" -> json = true;
                    case "-h", "--help" -> {
                        out.println(REVERT_USAGE);
                        return 0;
                    }
                    default -> {
                        if (arg.startsWith("-") || bundle != null) {
                            throw new IllegalArgumentException("unexpected argument '" + arg + "'");
                        }
                        bundle = Path.of(arg);
                    }
                }
            }
            if (bundle == null || to == null) {
                throw new IllegalArgumentException("forkline revert BUNDLE --to CHECKPOINT (--out DIR | --keep-container)");
            }
            if ((outDir == null) == !keep) {
                throw new IllegalArgumentException("give exactly one of --out DIR and --keep-container");
            }
        } catch (IllegalArgumentException e) {
            err.println("forkline revert: " + e.getMessage());
            err.println(REVERT_USAGE);
            return 2;
        }
        try {
            RevertRequest request = (keep ? RevertRequest.toContainer(bundle, to) : RevertRequest.toDirectory(bundle, to, outDir))
                    .inRun(run).failureEvent(failure);
            RevertResult result = new Reverter(keep ? engine.get() : null).revert(request);
            out.print(json ? result.toJson().toPrettyString() + "\n" : result.describe());
            return 0;
        } catch (EngineUnavailableException e) {
            err.println("forkline revert: " + e.getMessage());
            return 4;
        } catch (IllegalArgumentException | TraceFormatException | IOException e) {
            err.println("forkline revert: " + e.getMessage());
            return 2;
        } catch (SandboxException e) {
            err.println("forkline revert: " + e.getMessage());
            return 4;
        }
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args.get(i);
    }
}
