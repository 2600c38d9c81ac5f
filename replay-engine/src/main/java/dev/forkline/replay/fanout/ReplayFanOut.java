package dev.forkline.replay.fanout;

import dev.forkline.replay.ReplayInputException;
import dev.forkline.replay.engine.ReplayEngine;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.sandbox.EngineUnavailableException;
import dev.forkline.replay.sandbox.SandboxBackend;
import dev.forkline.trace.TraceFormatException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs many replays at once over several engines ({@link SandboxBackend}s: Docker engines today), at most {@code perEngine} sandboxes on each. Each replay is an
 * ordinary {@link ReplayEngine#replay} on one engine, appended to its bundle as a single replay is. Engines take the next
 * waiting replay as a sandbox frees up, so a faster engine runs more of them.
 *
 * <p>An engine that stops answering while it runs replays is <em>lost</em>: it takes no more work, and each replay it was
 * running (whose run in the bundle ends with the error that interrupted it) runs again on another engine and is marked
 * as retried. A replay that fails while its engine still answers (bad input, a sandbox that failed) is not retried.
 * When the fan-out ends, this process's containers are swept from every engine that answers, so none is left.
 */
public final class ReplayFanOut {

    private static final Logger LOG = LoggerFactory.getLogger(ReplayFanOut.class);
    private static final long POLL_MILLIS = 100;
    /**
     * How long an engine is watched after a replay on it failed before it is judged still there: an engine shutting down
     * answers for a moment after its containers stopped.
     */
    static final java.time.Duration LOSS_SETTLE = java.time.Duration.ofSeconds(3);

    private final List<SandboxBackend> engines;
    private final int perEngine;

    /**
     * @param engines   the engines, each named by its {@link SandboxBackend#name()}
     * @param perEngine the most sandboxes at once on one engine (at least 1)
     */
    public ReplayFanOut(List<? extends SandboxBackend> engines, int perEngine) {
        if (engines.isEmpty()) {
            throw new IllegalArgumentException("a fan-out needs at least one engine");
        }
        if (perEngine < 1) {
            throw new ReplayInputException("--per-engine must be at least 1, got " + perEngine);
        }
        this.engines = List.copyOf(engines);
        this.perEngine = perEngine;
    }

    /**
     * Checks that every engine answers before anything is replayed, so that a wrong address or certificate is reported
     * with nothing written.
     *
     * @throws EngineUnavailableException                                 naming the engine that does not answer
     * @throws dev.forkline.replay.sandbox.EngineCredentialsException     when an engine refuses the TLS certificates
     */
    public void checkEngines() {
        engines.forEach(SandboxBackend::ping);
    }

    /**
     * Runs the jobs; returns when each has a result or a failure, in the order of {@code jobs}.
     *
     * @throws ReplayInputException when two jobs share a bundle (their runs would interleave)
     */
    public List<FanOutResult> run(List<FanOutJob> jobs, FanOutListener listener) throws InterruptedException {
        FanOutListener report = listener == null ? FanOutListener.NONE : listener;
        checkDistinctBundles(jobs);
        checkEngines();
        Run run = new Run(jobs, report);
        List<Thread> workers = new ArrayList<>();
        for (int e = 0; e < engines.size(); e++) {
            EngineState state = run.states.get(e);
            for (int slot = 0; slot < perEngine; slot++) {
                workers.add(Thread.ofPlatform().name("forkline-fanout-" + e + "-" + slot).daemon(true).start(() -> run.work(state)));
            }
        }
        try {
            for (Thread worker : workers) {
                worker.join();
            }
        } finally {
            run.failWhatIsLeft();
            sweep();
        }
        return run.results();
    }

    private static void checkDistinctBundles(List<FanOutJob> jobs) {
        Set<Path> bundles = new HashSet<>();
        for (FanOutJob job : jobs) {
            if (!bundles.add(job.request().bundleDirectory().toAbsolutePath().normalize())) {
                throw new ReplayInputException(job.name() + " is given twice: each trace is replayed once per fan-out");
            }
        }
    }

    /**
     * Removes this process's containers from every engine of the fan-out that answers: {@link #run} does it as it ends;
     * call it again once a lost engine answers again, whose sandboxes were stopped, not removed, when it went away.
     * Returns how many were removed.
     */
    public int sweep() {
        int removed = 0;
        for (SandboxBackend engine : engines) {
            if (!engine.isAvailable()) {
                LOG.warn("fan-out: {} does not answer, so it was not swept; its sandboxes stopped with it and are removed by the"
                        + " next sweep that reaches it", engine.name());
                continue;
            }
            try {
                List<String> ids = engine.sweepOwn();
                if (!ids.isEmpty()) {
                    LOG.info("fan-out: removed {} leftover sandbox(es) from {}", ids.size(), engine.name());
                }
                removed += ids.size();
            } catch (RuntimeException e) {
                LOG.warn("fan-out: sweeping {} failed: {}", engine.name(), e.getMessage());
            }
        }
        return removed;
    }

    /** One engine's counts; guarded by the run's lock. */
    private static final class EngineState {
        final SandboxBackend engine;
        final String name;
        int running;
        int done;
        int failed;
        boolean lost;

        EngineState(SandboxBackend engine) {
            this.engine = engine;
            this.name = engine.name();
        }

        EngineProgress progress() {
            return new EngineProgress(name, running, done, failed, lost);
        }
    }

    /** A job waiting for (another) engine, with the engines lost under it so far. */
    private record Attempt(int index, List<String> lostEngines) {
    }

    /** The state of one {@link #run}: the queue, the results and the engines' counts. */
    private final class Run {
        final List<FanOutJob> jobs;
        final FanOutListener listener;
        final List<EngineState> states = new ArrayList<>();
        final LinkedBlockingDeque<Attempt> queue = new LinkedBlockingDeque<>();
        final FanOutResult[] results;
        final AtomicInteger unfinished;
        final Object lock = new Object();

        Run(List<FanOutJob> jobs, FanOutListener listener) {
            this.jobs = List.copyOf(jobs);
            this.listener = listener;
            this.results = new FanOutResult[jobs.size()];
            this.unfinished = new AtomicInteger(jobs.size());
            engines.forEach(engine -> states.add(new EngineState(engine)));
            for (int i = 0; i < jobs.size(); i++) {
                queue.add(new Attempt(i, List.of()));
            }
        }

        void work(EngineState state) {
            try {
                while (unfinished.get() > 0 && !isLost(state)) {
                    Attempt attempt = queue.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                    if (attempt == null) {
                        continue;
                    }
                    if (isLost(state)) {
                        queue.addFirst(attempt);
                        return;
                    }
                    runOn(state, attempt);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void runOn(EngineState state, Attempt attempt) {
            FanOutJob job = jobs.get(attempt.index());
            changed(state, +1, 0, 0);
            ReplayResult result = null;
            Exception failure = null;
            try {
                ReplayRequest request = attempt.lostEngines().isEmpty() ? job.request()
                        : job.request().withNote(retryNote(state.name, attempt.lostEngines()));
                result = new ReplayEngine(state.engine).replay(request, ReplayListener.NONE);
            } catch (ReplayInputException | TraceFormatException e) {
                finish(state, attempt, null, e);
                return;
            } catch (Exception e) {
                failure = e;
            } catch (Error e) {
                // ends this job, not the worker: the other jobs still need the engine
                failure = new IllegalStateException("the replay of " + job.name() + " failed: " + e, e);
            }
            boolean suspect = failure != null || result.stopReason() == ReplayResult.StopReason.SANDBOX_LOST;
            if (suspect && isGone(state.engine)) {
                lose(state, attempt, failure != null ? describe(failure) : result.stopDetail());
                return;
            }
            finish(state, attempt, result, failure);
        }

        private void finish(EngineState state, Attempt attempt, ReplayResult result, Exception failure) {
            FanOutResult outcome = new FanOutResult(jobs.get(attempt.index()), state.name, result, failure, attempt.lostEngines());
            results[attempt.index()] = outcome;
            changed(state, -1, 1, failure == null ? 0 : 1);
            unfinished.decrementAndGet();
            synchronized (lock) {
                listener.finished(outcome);
            }
        }

        /** The engine stopped answering under {@code attempt}: it takes no more work, and the attempt goes back first in line. */
        private void lose(EngineState state, Attempt attempt, String reason) {
            boolean first;
            synchronized (lock) {
                first = !state.lost;
                state.lost = true;
                state.running--;
                if (first) {
                    listener.engineLost(state.name, reason);
                }
                listener.progress(state.progress());
            }
            List<String> lost = new ArrayList<>(attempt.lostEngines());
            lost.add(state.name);
            LOG.warn("fan-out: {} was lost while replaying {} ({}); it runs again on another engine", state.name,
                    jobs.get(attempt.index()).name(), reason);
            queue.addFirst(new Attempt(attempt.index(), lost));
        }

        private boolean isLost(EngineState state) {
            synchronized (lock) {
                return state.lost;
            }
        }

        private void changed(EngineState state, int running, int done, int failed) {
            synchronized (lock) {
                state.running += running;
                state.done += done;
                state.failed += failed;
                listener.progress(state.progress());
            }
        }

        /** Jobs still waiting when every engine was lost end with that failure. */
        void failWhatIsLeft() {
            Map<Integer, Attempt> left = new LinkedHashMap<>();
            for (Attempt attempt; (attempt = queue.poll()) != null; ) {
                left.put(attempt.index(), attempt);
            }
            for (Attempt attempt : left.values()) {
                if (results[attempt.index()] != null) {
                    continue;
                }
                String lostNames = String.join(", ", states.stream().filter(s -> s.lost).map(s -> s.name).toList());
                Exception failure = new EngineUnavailableException(lostNames.isEmpty() ? "the listed engines" : lostNames,
                        new IllegalStateException("every engine of the fan-out was lost before this replay could run"));
                FanOutResult outcome = new FanOutResult(jobs.get(attempt.index()), null, null, failure, attempt.lostEngines());
                results[attempt.index()] = outcome;
                unfinished.decrementAndGet();
                synchronized (lock) {
                    listener.finished(outcome);
                }
            }
        }

        List<FanOutResult> results() {
            return List.of(results);
        }
    }

    /** True when the engine stops answering within {@link #LOSS_SETTLE}. */
    private static boolean isGone(SandboxBackend engine) {
        long deadline = System.nanoTime() + LOSS_SETTLE.toNanos();
        while (true) {
            if (!engine.isAvailable()) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("").strip();
    }

    /** What the run of a retried replay keeps in its {@code run.fork}: where it ran, and which engines were lost before. */
    static String retryNote(String engine, List<String> lostEngines) {
        return "retried on " + engine + " after " + String.join(", ", lostEngines) + " was lost";
    }
}
