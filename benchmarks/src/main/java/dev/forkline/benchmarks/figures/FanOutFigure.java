package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.benchmarks.harness.WorkDirs;
import dev.forkline.replay.engine.Normalizer;
import dev.forkline.replay.engine.ReplayEngine;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.fanout.FanOutJob;
import dev.forkline.replay.fanout.FanOutListener;
import dev.forkline.replay.fanout.FanOutResult;
import dev.forkline.replay.fanout.ReplayFanOut;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.EngineAddress;
import dev.forkline.replay.sandbox.SandboxImages;
import dev.forkline.trace.testing.DirectoryTrees;
import dev.forkline.trace.testing.RepositoryFiles;
import dev.forkline.trace.testing.TlsDockerd;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code replay.fanout}: replays of the sample bundles (each from {@code cp-initial}, the sample's whole run) fanned out by
 * {@link ReplayFanOut} over two engines, the main one and a second dockerd with TLS on 127.0.0.1 ({@link TlsDockerd}),
 * two sandboxes at once on each by default, against the same replays one after another on the main engine (the floor). Both sets
 * run on fresh copies of the samples. The goal is a speed-up of at least 1.7: the fan-out takes at most 1/1.7 of the
 * serial time. On one 2-core machine both engines share the CPU, so the figure shows how far replays are bound by waiting
 * on the engine (container start, exec round trips) rather than by CPU.
 *
 * <p>100 replays at full size, 10 with {@code --quick}; {@code -Dforkline.bench.fanoutReplays=N} sets another count.
 */
public final class FanOutFigure {

    public static final String NAME = "replay.fanout";
    /** Sandboxes at once on each engine: {@code -Dforkline.bench.fanoutPerEngine=N}, default 2. */
    static final int PER_ENGINE = Integer.getInteger("forkline.bench.fanoutPerEngine", 2);
    private static final List<String> SAMPLES = List.of("wrong-tool-call", "permission-escalation", "poisoned-artifact",
            "multi-agent-conflict", "sandbox-lost-mid-effect");

    private final Path work;
    private final int replays;
    private final PrintStream out;

    public FanOutFigure(Sizes sizes, Path work, PrintStream out) {
        this.work = work;
        this.replays = Integer.getInteger("forkline.bench.fanoutReplays", sizes.isQuick() ? 10 : 100);
        this.out = out;
    }

    /** Measures the figure, or says why not (no second engine here). */
    public Figure measure() throws Exception {
        TlsDockerd second;
        try {
            second = TlsDockerd.start(SandboxImages.DEFAULT);
        } catch (TlsDockerd.Unavailable e) {
            return Figure.skipped(NAME, "fan-out figure", "no second engine: " + e.getMessage());
        }
        // the copies replayed are written to (each replay adds a run): those of an earlier run are not reused
        Path copies = work.resolve("fanout");
        WorkDirs.deleteTree(copies);
        try (second;
             DockerEngine local = DockerEngine.fromEnvironment();
             DockerEngine remote = DockerEngine.connect(EngineAddress.parse(second.host(), second.clientCertificates()))) {
            // one replay on each engine first, untimed: images into the page cache, the JIT past the first run
            new ReplayEngine(local).replay(jobs("warm-local", 1).getFirst().request(), ReplayListener.NONE);
            new ReplayEngine(remote).replay(jobs("warm-remote", 1).getFirst().request(), ReplayListener.NONE);

            List<FanOutJob> serialJobs = jobs("serial", replays);
            long serialStarted = System.nanoTime();
            for (FanOutJob job : serialJobs) {
                ReplayResult result = new ReplayEngine(local).replay(job.request(), ReplayListener.NONE);
                check(job.name(), result);
            }
            double serialMs = (System.nanoTime() - serialStarted) / 1e6;
            out.printf("bench: %s: %d replays one after another on the main engine: %.1f s%n", NAME, replays, serialMs / 1000);

            List<FanOutJob> fanOutJobs = jobs("fanout", replays);
            long fanOutStarted = System.nanoTime();
            List<FanOutResult> results = new ReplayFanOut(List.of(local, remote), PER_ENGINE).run(fanOutJobs, FanOutListener.NONE);
            double fanOutMs = (System.nanoTime() - fanOutStarted) / 1e6;
            long onRemote = results.stream().filter(r -> second.host().equals(r.engine())).count();
            for (FanOutResult result : results) {
                if (!result.succeeded() || result.retried()) {
                    throw new IllegalStateException("the fan-out's replay of " + result.job().name() + " did not run cleanly: "
                            + (result.failure() == null ? "retried" : result.failure().getMessage()));
                }
                check(result.job().name(), result.result());
            }
            out.printf("bench: %s: the same over two engines (%d on the second): %.1f s, speed-up %.2f%n", NAME, onRemote,
                    fanOutMs / 1000, serialMs / fanOutMs);
            return Figure.measured(NAME, replays + " sample replays fanned out over two engines, " + PER_ENGINE + " sandboxes each",
                    fanOutMs, serialMs, "the same replays one after another on one engine", Unit.MILLIS,
                    new Goal(Goal.Kind.RATIO, 1 / 1.7, "speed-up >= 1.7"));
        } finally {
            WorkDirs.deleteTree(copies);
        }
    }

    private List<FanOutJob> jobs(String set, int count) throws Exception {
        List<FanOutJob> jobs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String sample = SAMPLES.get(i % SAMPLES.size());
            Path bundle = DirectoryTrees.copy(RepositoryFiles.resolve("sample-traces", sample), work.resolve("fanout").resolve(set).resolve(i + "-" + sample));
            jobs.add(new FanOutJob(set + "/" + i + "-" + sample,
                    ReplayRequest.builder(bundle).run("r1").checkpoint("cp-initial").normalizer(Normalizer.defaults()).build()));
        }
        return jobs;
    }

    /** A replay that did not run to its end would make the comparison meaningless. */
    private static void check(String name, ReplayResult result) {
        if (result.stopReason() != ReplayResult.StopReason.COMPLETED && result.stopReason() != ReplayResult.StopReason.NEEDS_DECISION) {
            throw new IllegalStateException("the replay of " + name + " stopped: " + result.stopReason().wireName() + " " + result.stopDetail());
        }
    }
}
