package dev.forkline.replay.fanout;

import dev.forkline.replay.engine.Normalizer;
import dev.forkline.replay.engine.ReplayEngine;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.DockerTestSupport;
import dev.forkline.replay.sandbox.EngineAddress;
import dev.forkline.replay.sandbox.EngineCredentialsException;
import dev.forkline.replay.sandbox.EngineUnavailableException;
import dev.forkline.replay.sandbox.SandboxImages;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.testing.DirectoryTrees;
import dev.forkline.trace.testing.RepositoryFiles;
import dev.forkline.trace.testing.TlsDockerd;
import dev.forkline.trace.verify.Verifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Replays on a second, TLS-protected dockerd standing in for a remote engine ({@link TlsDockerd}), fan-outs over it and
 * the main engine, and the loss of one engine mid-fan-out. Skipped without Docker, or where a second dockerd cannot run
 * (not root): the reason is given.
 */
@Tag("docker")
class RemoteEnginesTest {

    private static final List<String> SAMPLES = List.of("wrong-tool-call", "permission-escalation", "poisoned-artifact",
            "multi-agent-conflict");

    private static TlsDockerd second;
    /** What the lost-engine test saw, in order: shown when it fails. */
    private static final List<String> TIMELINE = java.util.Collections.synchronizedList(new ArrayList<>());
    private static DockerEngine local;
    private static DockerEngine remote;

    @TempDir
    Path work;

    @BeforeAll
    static void engines() throws Exception {
        local = DockerTestSupport.engineOrSkip();
        try {
            second = TlsDockerd.start(SandboxImages.DEFAULT);
        } catch (TlsDockerd.Unavailable e) {
            if ("true".equalsIgnoreCase(System.getenv("CI")) && "root".equals(System.getProperty("user.name"))) {
                fail("CI=true but a second dockerd could not start: " + e.getMessage());
            }
            assumeTrue(false, "skipped: " + e.getMessage());
        }
        remote = DockerEngine.connect(EngineAddress.parse(second.host(), second.clientCertificates()));
    }

    @AfterAll
    static void stopTheSecondEngine() throws Exception {
        if (remote != null) {
            remote.close();
        }
        if (second != null) {
            second.close();
        }
    }

    private List<FanOutJob> jobs(int count) throws Exception {
        List<FanOutJob> jobs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String sample = SAMPLES.get(i % SAMPLES.size());
            Path bundle = DirectoryTrees.copy(RepositoryFiles.resolve("sample-traces", sample), work.resolve(i + "-" + sample));
            jobs.add(new FanOutJob(bundle.getFileName().toString(),
                    ReplayRequest.builder(bundle).run("r1").checkpoint("cp-initial").normalizer(Normalizer.defaults()).build()));
        }
        return jobs;
    }

    private static void assertMatched(FanOutResult result) throws Exception {
        assertThat(result.failure()).as(result.job().name()).isNull();
        ReplayResult replay = result.result();
        assertThat(replay.stopReason()).as(result.job().name() + ": " + replay.stopDetail()).isEqualTo(ReplayResult.StopReason.COMPLETED);
        assertThat(replay.diverged()).as(result.job().name()).isZero();
        try (var bundle = BundleReader.read(result.job().request().bundleDirectory())) {
            assertThat(Verifier.verify(bundle).problems()).as(result.job().name()).isEmpty();
        }
    }

    @Test
    void aReplayOnTheTlsEngineMatchesAndLeavesNoContainer() throws Exception {
        FanOutJob job = jobs(1).getFirst();
        ReplayResult result = new ReplayEngine(remote).replay(job.request(), ReplayListener.NONE);
        assertMatched(new FanOutResult(job, remote.address().toString(), result, null, List.of()));
        assertThat(result.containerId()).isNotBlank();
        DockerTestSupport.assertNoContainerLeft(remote);
    }

    @Test
    void aFanOutUsesBothEnginesAndEveryReplayMatches() throws Exception {
        Map<String, EngineProgress> last = new ConcurrentHashMap<>();
        List<FanOutResult> results = new ReplayFanOut(List.of(local, remote), 2).run(jobs(4), new FanOutListener() {
            @Override
            public void progress(EngineProgress engine) {
                assertThat(engine.running()).isBetween(0, 2);
                last.put(engine.engine(), engine);
            }
        });
        assertThat(results).hasSize(4);
        for (FanOutResult result : results) {
            assertMatched(result);
            assertThat(result.retried()).isFalse();
        }
        assertThat(results).extracting(FanOutResult::engine).contains("local", second.host());
        assertThat(last.get(second.host()).done() + last.get("local").done()).isEqualTo(4);
        DockerTestSupport.assertNoContainerLeft(local);
        DockerTestSupport.assertNoContainerLeft(remote);
    }

    @Test
    void anEngineStoppedMidFanOutIsReportedAndItsReplaysRunAgainOnTheOther() throws Exception {
        List<String> lost = new ArrayList<>();
        ReplayFanOut fanOut = new ReplayFanOut(List.of(local, remote), 2);
        CompletableFuture<Void> stopped = new CompletableFuture<>();
        java.util.concurrent.atomic.AtomicReference<Thread> stopper = new java.util.concurrent.atomic.AtomicReference<>();
        FanOutListener listener = new FanOutListener() {
            @Override
            public void progress(EngineProgress engine) {
                TIMELINE.add(System.nanoTime() / 1_000_000 + " " + engine.describe());
                if (engine.engine().equals(second.host()) && engine.running() > 0 && !stopped.isDone()) {
                    stopped.complete(null);
                    // stop it from another thread once its sandbox runs, so that the loss comes in mid-replay
                    stopper.set(Thread.ofPlatform().start(RemoteEnginesTest::stopWhenASandboxRuns));
                }
            }

            @Override
            public void engineLost(String engine, String reason) {
                synchronized (lost) {
                    lost.add(engine);
                }
            }
        };
        List<FanOutResult> results;
        List<FanOutJob> jobs = jobs(4);
        TIMELINE.add(System.nanoTime() / 1_000_000 + " start");
        try {
            results = fanOut.run(jobs, listener);
            TIMELINE.add(System.nanoTime() / 1_000_000 + " fan-out done");
        } finally {
            if (stopper.get() != null) {
                stopper.get().join();
            }
            second.stop();
            second.restart();
        }
        assertThat(lost).as(String.join("\n", TIMELINE)).containsExactly(second.host());
        assertThat(results).hasSize(4);
        List<FanOutResult> retried = results.stream().filter(FanOutResult::retried).toList();
        assertThat(retried).as("the replays running on the stopped engine").isNotEmpty();
        for (FanOutResult result : results) {
            assertMatched(result);
        }
        for (FanOutResult result : retried) {
            assertThat(result.lostEngines()).containsExactly(second.host());
            assertThat(result.engine()).isEqualTo("local");
            // the lost attempt stays in the bundle as an aborted run; the retry is a run of its own
            try (var bundle = BundleReader.read(result.job().request().bundleDirectory())) {
                assertThat(bundle.events().stream().map(e -> e.run()).distinct().filter(run -> run.startsWith("r1-replay-")))
                        .hasSizeGreaterThanOrEqualTo(1);
                // the retry's own run says so in the trace, not only in the command's output
                assertThat(bundle.events().stream().filter(e -> e.is(dev.forkline.trace.EventType.RUN_FORK))
                        .filter(e -> e.run().equals(result.result().replayRun()))
                        .map(e -> dev.forkline.trace.payload.RunForkData.from(e.data()).note()))
                        .containsExactly("retried on local after " + second.host() + " was lost");
            }
        }
        DockerTestSupport.assertNoContainerLeft(local);
        // the sandboxes the stopped engine held were stopped with it: swept once it answers again
        fanOut.sweep();
        DockerTestSupport.assertNoContainerLeft(remote);
    }

    /** Stops the second engine as soon as one of this process's sandboxes runs on it. */
    private static void stopWhenASandboxRuns() {
        try {
            for (int i = 0; i < 200 && DockerTestSupport.containersOfThisProcess(remote).isEmpty(); i++) {
                Thread.sleep(20);
            }
            TIMELINE.add(System.nanoTime() / 1_000_000 + " stopping, containers: " + DockerTestSupport.containersOfThisProcess(remote).size());
            second.stop();
            TIMELINE.add(System.nanoTime() / 1_000_000 + " stopped");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            TIMELINE.add("stopper: " + e);
        }
    }

    @Test
    void aCertificateOfAnotherCaIsRefusedAsBadCredentials() throws Exception {
        try (DockerEngine foreign = DockerEngine.connect(EngineAddress.parse(second.host(), second.foreignCertificates()))) {
            assertThatThrownBy(foreign::ping).isInstanceOf(EngineCredentialsException.class)
                    .hasMessageContaining(second.host()).hasMessageContaining("TLS")
                    .hasMessageContaining(second.foreignCertificates().toString());
            FanOutJob job = jobs(1).getFirst();
            long lines = Files.readAllLines(job.request().bundleDirectory().resolve("trace.jsonl")).size();
            assertThatThrownBy(() -> new ReplayFanOut(List.of(local, foreign), 1).run(List.of(job), FanOutListener.NONE))
                    .isInstanceOf(EngineCredentialsException.class);
            assertThat(Files.readAllLines(job.request().bundleDirectory().resolve("trace.jsonl"))).as("nothing written").hasSize((int) lines);
        }
    }

    @Test
    void aPlainConnectionToTheTlsEngineAndAnUnreachableEngineAreTold() throws Exception {
        try (DockerEngine plain = DockerEngine.at(second.host())) {
            assertThatThrownBy(plain::ping).isInstanceOfAny(EngineUnavailableException.class, EngineCredentialsException.class)
                    .hasMessageContaining(second.host());
        }
        try (DockerEngine nowhere = DockerEngine.at("tcp://127.0.0.1:9")) {
            FanOutJob job = jobs(1).getFirst();
            long lines = Files.readAllLines(job.request().bundleDirectory().resolve("trace.jsonl")).size();
            assertThatThrownBy(() -> new ReplayFanOut(List.of(local, nowhere), 1).run(List.of(job), FanOutListener.NONE))
                    .isInstanceOf(EngineUnavailableException.class).hasMessageContaining("tcp://127.0.0.1:9");
            assertThat(Files.readAllLines(job.request().bundleDirectory().resolve("trace.jsonl"))).hasSize((int) lines);
        }
    }
}
