package dev.forkline.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.DockerTestSupport;
import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.SandboxException;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.trace.testing.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Container hygiene: many sandbox lifecycles, some cut off mid-way (an exception during a call, close during a call,
 * a call timing out, the container killed under a call, a child JVM killed while holding a sandbox, with or without a
 * call running), leave no labelled container, no workspace volume and no temporary directory behind once the next
 * start's sweep ({@link dev.forkline.replay.sandbox.SandboxBackend#sweepOrphans()}) has run. Replays of a sample bundle
 * take part too: completed, cancelled at their first step, and in a child JVM killed mid-replay. {@code -Dforkline.soak.lifecycles=N} for a longer soak.
 */
@Tag("docker")
class SandboxHygieneSoakTest {

    private static final int LIFECYCLES = Integer.getInteger("forkline.soak.lifecycles", 24);
    private static final long SEED = Long.getLong("forkline.fuzz.seed", 20261130L);

    enum Ending {
        CLEAN, THROW_MID_CALL, CLOSE_DURING_CALL, CALL_TIMES_OUT, CONTAINER_KILLED, CHILD_JVM_KILLED, CHILD_KILLED_DURING_CALL,
        REPLAY_COMPLETED, REPLAY_CANCELLED, CHILD_KILLED_DURING_REPLAY
    }

    /** A recorded sample that replays in a few seconds, and the run and checkpoint it replays from. */
    private static final String REPLAYED_SAMPLE = "wrong-tool-call";

    @org.junit.jupiter.api.io.TempDir
    Path work;

    @Test
    void noContainerVolumeOrTempDirectoryOutlivesAnyLifecycleOrReplay() throws Exception {
        DockerEngine engine = DockerTestSupport.engineOrSkip();
        Set<String> tempBefore = forklineTempEntries();
        Random random = new Random(SEED);
        Map<Ending, Integer> endings = new EnumMap<>(Ending.class);
        List<String> containers = new ArrayList<>();
        Set<String> volumes = new HashSet<>();
        for (int i = 0; i < LIFECYCLES; i++) {
            Ending ending = Ending.values()[i < Ending.values().length ? i : random.nextInt(Ending.values().length)];
            String container = switch (ending) {
                case CHILD_JVM_KILLED -> inChildKilled(engine, false, volumes);
                case CHILD_KILLED_DURING_CALL -> inChildKilled(engine, true, volumes);
                case REPLAY_COMPLETED -> replay(engine, false, volumes, i);
                case REPLAY_CANCELLED -> replay(engine, true, volumes, i);
                case CHILD_KILLED_DURING_REPLAY -> replayInChildKilled(engine, volumes, i);
                default -> inThisJvm(engine, ending, volumes);
            };
            containers.add(container);
            endings.merge(ending, 1, Integer::sum);
            // every start sweeps first, as the recorder and replays do
            engine.sweepOrphans();
        }
        engine.sweepOrphans();

        for (String container : containers) {
            assertThat(goneWithin(engine, container, Duration.ofSeconds(30))).as("container %s removed", container).isTrue();
        }
        Set<String> remaining = new HashSet<>();
        engine.client().listVolumesCmd().exec().getVolumes().forEach(v -> remaining.add(v.getName()));
        assertThat(volumes).as("workspace volumes of the soaked sandboxes").isNotEmpty();
        assertThat(volumes.stream().filter(remaining::contains).toList()).as("workspace volumes left").isEmpty();
        List<Container> labelled = engine.client().listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(SandboxLabels.PRODUCT, SandboxLabels.PRODUCT_VALUE, SandboxLabels.SESSION, "soak-child")).exec();
        assertThat(labelled).as("child sandboxes left").isEmpty();
        DockerTestSupport.assertNoContainerLeft(engine);
        assertThat(forklineTempEntries()).as("temporary directories").isSubsetOf(tempBefore);
        Reliability.record("soak", LIFECYCLES + " sandbox lifecycles " + endings + ": " + containers.size() + " containers and "
                + volumes.size() + " workspace volumes, none left after the sweep");
    }

    private static String inThisJvm(DockerEngine engine, Ending ending, Set<String> volumes) throws Exception {
        Sandbox sandbox = engine.start(IsolationBoundary.strict(), new SandboxLabels("soak", "r1"), List.of());
        String id = sandbox.containerId();
        volumes.addAll(workspaceVolumes(engine, id));
        switch (ending) {
            case CLEAN -> {
                try (sandbox) {
                    assertThat(call(sandbox, "echo ok", Duration.ofSeconds(20)).stdoutText()).isEqualTo("ok\n");
                }
            }
            case THROW_MID_CALL -> {
                try (sandbox) {
                    call(sandbox, "echo partial > /workspace/f", Duration.ofSeconds(20));
                    throw new IllegalStateException("replay logic failed mid-way");
                } catch (IllegalStateException expected) {
                    // the try-with-resources closed the sandbox
                }
            }
            case CLOSE_DURING_CALL -> {
                CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
                    try {
                        return call(sandbox, "sleep 60", Duration.ofSeconds(90));
                    } catch (RuntimeException e) {
                        return e;
                    }
                });
                Thread.sleep(500);
                sandbox.close();
                Object outcome = running.get(60, TimeUnit.SECONDS);
                assertThat(outcome).as("a call whose sandbox was closed under it").isInstanceOf(SandboxException.class);
            }
            case CALL_TIMES_OUT -> {
                try (sandbox) {
                    assertThat(call(sandbox, "sleep 60", Duration.ofSeconds(1)).timedOut()).isTrue();
                }
            }
            case CONTAINER_KILLED -> {
                try (sandbox) {
                    CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
                        try {
                            return call(sandbox, "sleep 60", Duration.ofSeconds(90));
                        } catch (RuntimeException e) {
                            return e;
                        }
                    });
                    Thread.sleep(500);
                    sandbox.kill();
                    assertThat(running.get(60, TimeUnit.SECONDS)).isInstanceOf(SandboxException.class);
                }
            }
            default -> throw new IllegalArgumentException(ending.name());
        }
        return id;
    }

    private static String inChildKilled(DockerEngine engine, boolean duringCall, Set<String> volumes) throws Exception {
        ChildJvm child = ChildJvm.start(HoldSandbox.class, duringCall ? "exec" : "hold");
        String id = child.awaitLineStartingWith("READY ", Duration.ofSeconds(120)).substring(6);
        volumes.addAll(workspaceVolumes(engine, id));
        if (duringCall) {
            Thread.sleep(500);
        }
        child.kill();
        return id;
    }

    private String replay(DockerEngine engine, boolean cancel, Set<String> volumes, int index) throws Exception {
        Path bundle = copyOfSample(index);
        dev.forkline.replay.engine.Cancellation cancellation = new dev.forkline.replay.engine.Cancellation();
        String[] container = new String[1];
        dev.forkline.replay.engine.ReplayResult result = new dev.forkline.replay.engine.ReplayEngine(engine).replay(
                dev.forkline.replay.engine.ReplayRequest.builder(bundle).run("r1").checkpoint("cp-initial").cancellation(cancellation).build(),
                new dev.forkline.replay.engine.ReplayListener() {
                    @Override
                    public void provisioned(String containerId, long provisionMs, long restoreMs, boolean fromPool) {
                        container[0] = containerId;
                        volumes.addAll(workspaceVolumes(engine, containerId));
                    }

                    @Override
                    public void stepStarted(int number, int total, String label) {
                        if (cancel) {
                            cancellation.cancel();
                        }
                    }
                });
        assertThat(container[0]).as("the replay provisioned a sandbox").isNotNull();
        assertThat(result.stopReason()).isEqualTo(cancel ? dev.forkline.replay.engine.ReplayResult.StopReason.CANCELLED
                : dev.forkline.replay.engine.ReplayResult.StopReason.COMPLETED);
        return container[0];
    }

    private String replayInChildKilled(DockerEngine engine, Set<String> volumes, int index) throws Exception {
        Path bundle = copyOfSample(index);
        ChildJvm child = ChildJvm.start(ReplayInChild.class, bundle.toString(), "r1", "cp-initial");
        String id = child.awaitLineStartingWith("READY ", Duration.ofSeconds(120)).substring(6);
        volumes.addAll(workspaceVolumes(engine, id));
        Thread.sleep(200);
        child.kill();
        return id;
    }

    private Path copyOfSample(int index) throws IOException {
        Path source = null;
        for (Path dir = Path.of("").toAbsolutePath(); dir != null && source == null; dir = dir.getParent()) {
            Path candidate = dir.resolve("sample-traces").resolve(REPLAYED_SAMPLE);
            if (Files.isRegularFile(candidate.resolve("manifest.json"))) {
                source = candidate;
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(source != null, "sample-traces/" + REPLAYED_SAMPLE + " not found: skipped");
        Path target = work.resolve("replay-" + index);
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path from : walk.sorted().toList()) {
                Path to = target.resolve(source.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to);
                }
            }
        }
        return target;
    }

    private static ExecResult call(Sandbox sandbox, String script, Duration timeout) {
        return sandbox.exec(List.of("sh", "-c", script), "/workspace", Map.of(), timeout);
    }

    private static List<String> workspaceVolumes(DockerEngine engine, String container) {
        try {
            InspectContainerResponse inspected = engine.client().inspectContainerCmd(container).exec();
            return inspected.getMounts() == null ? List.of()
                    : inspected.getMounts().stream().filter(m -> m.getName() != null).map(InspectContainerResponse.Mount::getName).toList();
        } catch (NotFoundException gone) {
            return List.of();
        }
    }

    /** A removal another sweeper started may still be running when ours returns. */
    private static boolean goneWithin(DockerEngine engine, String container, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (exists(engine, container)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(200);
        }
        return true;
    }

    private static boolean exists(DockerEngine engine, String container) {
        try {
            engine.client().inspectContainerCmd(container).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    private static Set<String> forklineTempEntries() throws IOException {
        try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return new HashSet<>(entries.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("forkline")).toList());
        }
    }
}
