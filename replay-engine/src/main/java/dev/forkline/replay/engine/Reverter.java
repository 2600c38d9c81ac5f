package dev.forkline.replay.engine;

import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.SessionOutcome;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.RunForkData;
import dev.forkline.trace.payload.RevertTarget;
import dev.forkline.trace.payload.RevertData;
import dev.forkline.trace.payload.ForkReason;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.ReplayInputException;
import dev.forkline.replay.sandbox.CheckpointWorkspace;
import dev.forkline.replay.sandbox.SandboxBackend;
import dev.forkline.replay.sandbox.ImageResolver;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.index.TraceIndex;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * Restores a checkpoint's workspace into a host directory (safely, see {@link HostWorkspaceWriter}) or into a fresh
 * container inside the run's recorded boundary that stays running for inspection, and records it in the bundle as a
 * run forked from the checkpoint ({@code run.fork} reason {@code revert}) holding a {@code revert} event with the
 * duration and the recovery time and cost.
 */
public final class Reverter {

    private final SandboxBackend engine;

    /** @param engine the engine container reverts run on; may be null when only directories are restored */
    public Reverter(SandboxBackend engine) {
        this.engine = engine;
    }

    public RevertResult revert(RevertRequest request) throws IOException, TraceFormatException {
        Path dir = request.bundleDirectory();
        if (request.record() && !Files.isDirectory(dir)) {
            throw new ReplayInputException(dir + " is not an unpacked bundle directory: the revert is recorded in the bundle");
        }
        try (Bundle bundle = BundleReader.read(dir)) {
            TraceIndex index = TraceIndex.of(bundle.events());
            String checkpointId = request.checkpointId();
            String run = request.run() != null ? request.run() : index.checkpoint(checkpointId).map(c -> c.run())
                    .orElseThrow(() -> new ReplayInputException("there is no checkpoint '" + checkpointId + "' in the bundle"));
            ReplayPlan plan = ReplayPlan.build(index, run, checkpointId, List.of());
            Event checkpoint = plan.checkpoint();
            List<WorkspaceFile> files = CheckpointWorkspace.files(checkpoint, bundle.blobs());

            long started = System.nanoTime();
            Path directory = null;
            String containerId = null;
            int regular;
            int links;
            List<String> skipped = List.of();
            if (request.target() == RevertRequest.Target.DIRECTORY) {
                HostWorkspaceWriter.Written written = HostWorkspaceWriter.write(request.outDirectory(), files);
                directory = request.outDirectory().toAbsolutePath().normalize();
                regular = written.files();
                links = written.links();
                skipped = written.skipped();
            } else {
                if (engine == null) {
                    throw new IllegalStateException("a revert into a container needs a Docker engine");
                }
                JsonNode environment = ReplayEngine.recordedEnvironment(index, run);
                IsolationBoundary recorded = IsolationBoundary.fromJson(environment.path(SessionStartData.ENVIRONMENT_ISOLATION));
                ImageResolver.ImageChoice image = new ImageResolver(engine)
                        .resolve(environment.path(SessionStartData.ENVIRONMENT_IMAGE).asText(recorded.image()));
                containerId = InspectionContainer.start(engine, recorded.withImage(image.image()), bundle.manifest().traceId(),
                        run, files);
                regular = (int) files.stream().filter(f -> !f.isSymlink()).count();
                links = files.size() - regular;
            }
            long durationMs = (System.nanoTime() - started) / 1_000_000;
            RecoveryCost recovery = RecoveryAccounting.of(index, run, checkpoint, request.failureEventId(), Instant.now(), durationMs);

            String revertRun = null;
            String revertEventId = null;
            if (request.record()) {
                revertRun = RunAppender.reserveRunId(dir, bundle.events(), run + "-revert");
                try (RunAppender out = RunAppender.fork(dir, bundle.events(), revertRun, checkpoint)) {
                    ObjectNode fork = new RunForkData(checkpoint.run(), plan.checkpointId(), checkpoint.id(), ForkReason.REVERT,
                            Json.MAPPER.createArrayNode(), null, null).toPayload();
                    Event forkEvent = out.append(NewEvent.of(revertRun, "harness", EventType.RUN_FORK).touches(StateKind.HARNESS).data(fork));
                    ObjectNode data = new RevertData(plan.checkpointId(), request.target() == RevertRequest.Target.DIRECTORY
                            ? RevertTarget.DIRECTORY : RevertTarget.CONTAINER, (double) durationMs,
                            directory == null ? null : directory.toString(), containerId).toPayload();
                    recovery.putInto(data);
                    Event revert = out.append(NewEvent.of(revertRun, "harness", EventType.REVERT).causes(forkEvent.id(), recovery.failureEventId())
                            .touches(StateKind.WORKSPACE).data(data));
                    revertEventId = revert.id();
                    ObjectNode end = new SessionEndData(SessionOutcome.UNKNOWN, "checkpoint " + plan.checkpointId() + " restored into "
                            + (directory != null ? directory.toString() : "container " + containerId)
                            + " for inspection; no agent work in this run", null, null, null, null).toPayload();
                    out.append(NewEvent.of(revertRun, "harness", EventType.SESSION_END).causes(revert.id()).touches(StateKind.SESSION).data(end));
                }
            }
            return new RevertResult(run, plan.checkpointId(), checkpoint.id(), request.target(), directory, containerId, regular, links,
                    skipped, durationMs, recovery, revertRun, revertEventId);
        }
    }
}
