package dev.forkline.replay.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.EngineUnavailableException;
import dev.forkline.replay.sandbox.EnvironmentIdentity;
import dev.forkline.replay.sandbox.ImageResolver;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.SandboxBackend;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.trace.Event;
import dev.forkline.trace.ExitStatus;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;

import dev.forkline.trace.payload.SessionStartData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Records a scenario for real: every tool call runs in a {@link dev.forkline.replay.sandbox.Sandbox}, its output, exit
 * code, duration and file mutations are recorded, checkpoints capture the real workspace, external effects go to the
 * scenario's stand-ins on the host. The demonstrated recovery is recorded as a second run forked from a checkpoint.
 * The bundle appears atomically at the target on success. {@code forkline record SCENARIO --out BUNDLE} calls this.
 */
public final class ScenarioRecorder {

    public static final String MAIN_RUN = "r1";
    public static final String DEFAULT_RECOVERY_RUN = "r2";
    public static final String PRODUCER = "forkline-recorder/0.1.0";
    /** Where the final contents of outbox stand-ins are copied inside the bundle directory (not part of the trace). */
    public static final String STAND_INS_DIR = "stand-ins";

    private final SandboxBackend engine;
    private final IsolationBoundary boundaryTemplate;

    public ScenarioRecorder(SandboxBackend engine) {
        this(engine, IsolationBoundary.strict());
    }

    public ScenarioRecorder(SandboxBackend engine, IsolationBoundary boundary) {
        this.engine = engine;
        this.boundaryTemplate = boundary;
    }

    /** Records {@code scenarioFile} into a new bundle directory {@code outBundleDir} with the shared engine. */
    public static Path record(Path scenarioFile, Path outBundleDir) throws IOException {
        return new ScenarioRecorder(DockerEngine.shared()).recordScenario(scenarioFile, outBundleDir);
    }

    public Path recordScenario(Path scenarioFile, Path outBundleDir) throws IOException {
        Scenario scenario = ScenarioLoader.load(scenarioFile);
        if (Files.exists(outBundleDir)) {
            throw new java.nio.file.FileAlreadyExistsException(outBundleDir.toString(), null, "remove it first or choose another --out");
        }
        engine.ping();
        engine.sweepOrphans();
        ImageResolver.ImageChoice image = new ImageResolver(engine).resolve(boundaryTemplate.image());
        IsolationBoundary boundary = boundaryTemplate.withImage(image.image());
        Path standInDir = Files.createTempDirectory("forkline-stand-ins-");
        Path committed;
        try (BundleWriter writer = BundleWriter.create(outBundleDir,
                Manifest.of("forkline-sample-" + scenario.name(), scenario.title(), Instant.now(), PRODUCER))) {
            TraceSink sink = new TraceSink(writer);
            StandIns standIns = new StandIns(scenario.standIns(), standInDir);
            recordRuns(scenario, sink, standIns, boundary, image);
            committed = writer.commit();
        }
        try {
            if (scenario.readme() != null) {
                Files.writeString(committed.resolve("README.md"), scenario.readme().strip() + "\n", StandardCharsets.UTF_8);
            }
            copyStandIns(standInDir, committed.resolve(STAND_INS_DIR));
        } finally {
            deleteTree(standInDir);
        }
        return committed;
    }

    private void recordRuns(Scenario scenario, TraceSink sink, StandIns standIns, IsolationBoundary boundary,
                            ImageResolver.ImageChoice image) {
        Map<String, RunRecorder.CheckpointState> checkpoints = new HashMap<>();
        List<WorkspaceFile> initial = scenario.workspace().stream()
                .map(f -> WorkspaceFile.regular(f.path(), f.content().getBytes(StandardCharsets.UTF_8), RunRecorder.modeBits(f.mode())))
                .toList();
        try (RunRecorder main = new RunRecorder(scenario, sink, standIns, engine, boundary, MAIN_RUN, checkpoints, Map.of())) {
            main.startSandbox(initial);
            EnvironmentIdentity identity = main.sandbox().identity();
            ObjectNode environment = identity.toJson(boundary);
            environment.put("imageChoice", image.reason());
            ObjectNode harness = environment.putObject(SessionStartData.ENVIRONMENT_HARNESS);
            harness.put(SessionStartData.HARNESS_NAME, "forkline-scenario-recorder");
            harness.put(SessionStartData.HARNESS_VERSION, "0.1.0");
            main.sessionStart(environment);
            for (Scenario.Step step : scenario.steps()) {
                main.perform(step, null);
            }
            main.sessionEnd(scenario.outcome());

            Scenario.Recovery recovery = scenario.recovery();
            if (recovery == null) {
                return;
            }
            String run = recovery.run() == null ? DEFAULT_RECOVERY_RUN : recovery.run();
            try (RunRecorder fork = new RunRecorder(scenario, sink, standIns, engine, boundary, run, checkpoints, recovery.expect())) {
                fork.useEdits(recovery.edits());
                RunRecorder.CheckpointState from = checkpoints.get(recovery.from());
                Event forkEvent = fork.runFork(recovery, from, MAIN_RUN);
                if (recovery.mode().equals("revert")) {
                    if (main.sandbox() != null && main.sandbox().state().running()) {
                        fork.adoptSandbox(main.sandbox());
                    }
                    long durationMs = fork.restore(from, true);
                    fork.revertEvent(from, durationMs, forkEvent.id());
                } else {
                    fork.restore(from, false);
                }
                if (recovery.replay()) {
                    int at = indexOfCheckpoint(scenario.steps(), recovery.from());
                    for (Scenario.Step step : scenario.steps().subList(at + 1, scenario.steps().size())) {
                        Scenario.Edit edit = fork.editFor(step.id());
                        if (edit != null && edit.skips()) {
                            continue;
                        }
                        fork.perform(step, edit);
                    }
                }
                for (Scenario.Step step : recovery.steps()) {
                    fork.perform(step, fork.editFor(step.id()));
                }
                fork.sessionEnd(recovery.outcome());
            }
        }
    }

    /** The step index of a checkpoint; -1 for the initial one, so that a replay from it runs every step. */
    private static int indexOfCheckpoint(List<Scenario.Step> steps, String checkpointId) {
        if (checkpointId.equals(RunRecorder.INITIAL_CHECKPOINT)) {
            return -1;
        }
        for (int i = 0; i < steps.size(); i++) {
            Scenario.Step step = steps.get(i);
            if (step.checkpoint() != null && step.checkpoint().id().equals(checkpointId)) {
                return i;
            }
        }
        throw new ScenarioException("no checkpoint step with id " + checkpointId);
    }

    private static void copyStandIns(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.list(from)) {
            List<Path> outboxes = files.filter(Files::isRegularFile).sorted().toList();
            if (outboxes.isEmpty()) {
                return;
            }
            Files.createDirectories(to);
            for (Path outbox : outboxes) {
                Files.copy(outbox, to.resolve(outbox.getFileName()));
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** {@code ScenarioRecorder SCENARIO --out BUNDLE}: exit 0 recorded, 1 failed, 2 usage, 4 no Docker engine ({@link ExitStatus}). */
    public static void main(String[] args) {
        if (args.length != 3 || !args[1].equals("--out")) {
            System.err.println("usage: record SCENARIO.yaml --out BUNDLE_DIR");
            System.exit(ExitStatus.BAD_INPUT);
        }
        try {
            Path bundle = record(Path.of(args[0]), Path.of(args[2]));
            System.out.println("recorded " + args[0] + " into " + bundle);
            System.exit(ExitStatus.OK);
        } catch (EngineUnavailableException e) {
            System.err.println(e.getMessage());
            System.exit(ExitStatus.ENVIRONMENT);
        } catch (IOException | RuntimeException e) {
            System.err.println("recording failed: " + e.getMessage());
            System.exit(ExitStatus.CHECK_FAILED);
        }
    }
}
