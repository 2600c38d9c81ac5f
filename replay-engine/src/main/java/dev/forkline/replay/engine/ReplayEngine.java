package dev.forkline.replay.engine;

import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.SessionOutcome;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.RunForkData;
import dev.forkline.trace.payload.ReplayMarks;
import dev.forkline.trace.payload.ReplaySummaryFields;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.ForkReason;
import dev.forkline.trace.payload.ErrorData;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.ReplayInputException;
import dev.forkline.replay.sandbox.SandboxBackend;
import dev.forkline.replay.sandbox.ImageResolver;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.SandboxImages;
import dev.forkline.replay.sandbox.SandboxException;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.WorkspaceManifest;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.MemoryBlobStore;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decision.DecisionLedger;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.integrity.IntegrityVerdict;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.decision.TrustedKeys;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Replays a recorded run from one of its checkpoints in a fresh sandbox, step by step, and says where and how the new
 * run differs from the recording. Model calls are not re-sent (the recording drives the run); tool calls are
 * re-executed, stubbed or re-fired by effect class (see docs/replay.md). The replay is appended to the bundle as a new
 * run forked from the checkpoint, so the fork tree grows and the bundle still verifies.
 */
public final class ReplayEngine {

    private final SandboxBackend engine;

    public ReplayEngine(SandboxBackend engine) {
        this.engine = engine;
    }

    /**
     * Runs the replay; returns when it completed or stopped (divergence with stopAtFirstDivergence, a decision needed,
     * cancellation, its sandbox lost). The sandbox is removed before this returns.
     *
     * @throws IllegalArgumentException          when the run, checkpoint or an edit does not fit the bundle
     * @throws dev.forkline.replay.sandbox.EngineUnavailableException when no Docker engine answers
     * @throws SandboxException                  when the sandbox cannot be provisioned or fails for another reason than
     *                                           stopping (the replay run then ends with an error and session.end aborted)
     * @throws IOException                       when the bundle cannot be read or appended to, or a blob is missing
     * @throws TraceFormatException              when the bundle is malformed
     */
    public ReplayResult replay(ReplayRequest request, ReplayListener listener) throws IOException, TraceFormatException {
        ReplayListener progress = listener == null ? ReplayListener.NONE : listener;
        long startedAt = System.nanoTime();
        try (Start start = load(request, true)) {
            return replay(request, progress, start, startedAt);
        }
    }

    private ReplayResult replay(ReplayRequest request, ReplayListener progress, Start start, long startedAt) throws IOException {
        Path dir = request.bundleDirectory();
        ReplayPlan plan = start.plan();
        String parentOutcome = plan.originalOutcome();

        long imageStarted = System.nanoTime();
        Placement placement = place(start, request);
        ImageResolver.ImageChoice image = placement.image();
        IsolationBoundary boundary = placement.boundary();
        long imageMs = millisSince(imageStarted);

        String base = plan.run() + (request.edits().isEmpty() ? "-replay" : "-fork");
        String newRun = RunAppender.reserveRunId(dir, start.events(), base);
        try {
            progress.started(newRun, plan.checkpointId(), plan.stepCount());

            SandboxLabels labels = new SandboxLabels(traceIdOf(dir), newRun);
            SandboxPool.Provisioned provisioned = request.pool() != null
                    ? request.pool().take(boundary, image.imageId(), labels, start.workspace())
                    : SandboxPool.fresh(engine, boundary, labels, start.workspace());
            try (var sandbox = provisioned.sandbox();
                 RunAppender out = RunAppender.fork(dir, eventsNow(start, dir), newRun, plan.checkpoint())) {
                long checking = System.nanoTime();
                WorkspaceManifest restored = provisioned.restored();
                List<FieldDiff> restoreDiffs = WorkspaceComparison.againstCheckpoint(CheckpointFiles.expected(plan.checkpoint()), restored);
                if (!restoreDiffs.isEmpty()) {
                    throw new SandboxException("restoring checkpoint " + plan.checkpointId() + " did not reproduce its workspace: "
                            + restoreDiffs.getFirst().describe(), sandbox.containerId(), null, null, null);
                }
                long restoreMs = provisioned.restoreMs() + millisSince(checking);
                Instant restoredAt = Instant.now();
                progress.provisioned(sandbox.containerId(), provisioned.provisionMs(), restoreMs, provisioned.fromPool());

                out.append(NewEvent.of(newRun, "harness", EventType.RUN_FORK).touches(StateKind.HARNESS)
                        .data(forkData(request, start, image, boundary, sandbox.containerId(), provisioned)));
                ReplaySession session = new ReplaySession(plan, request, sandbox, out, start.blobs(), start.decisions(), progress,
                        start.harness(), start.imported());
                long stepsStarted = System.nanoTime();
                List<String> setupNotes = List.of();
                try {
                    setupNotes = start.harness().prepare(sandbox);
                    Event lastNote = null;
                    for (String note : setupNotes) {
                        ObjectNode data = NoteData.of("set-up: " + note).toPayload();
                        lastNote = out.append(NewEvent.of(newRun, "harness", EventType.NOTE).touches(StateKind.HARNESS).data(data));
                    }
                    session.walk(lastNote == null ? restored : session.recordSetup(restored, lastNote));
                } catch (IOException | RuntimeException e) {
                    ObjectNode error = new ErrorData("the replay failed: " + e.getMessage(), "replay").toPayload();
                    out.append(NewEvent.of(newRun, "harness", EventType.ERROR).touches(StateKind.HARNESS).data(error));
                    ObjectNode end = new SessionEndData(SessionOutcome.ABORTED, "the replay failed: " + e.getMessage(), null, null, null,
                            null).toPayload();
                    out.append(NewEvent.of(newRun, "harness", EventType.SESSION_END).touches(StateKind.SESSION).data(end));
                    throw e;
                }
                long stepsMs = millisSince(stepsStarted);

                String checkEvent = plan.lastCheck().map(Event::id).orElse(null);
                Integer originalExit = plan.lastCheck().flatMap(plan::resultOf)
                        .map(r -> ToolResultData.from(r.data()).exitCode()).map(Long::intValue).orElse(null);
                String replayOutcome = replayOutcome(session, parentOutcome, request, originalExit);
                long totalMs = millisSince(startedAt);
                RecoveryCost recovery = RecoveryAccounting.of(start.index(), plan.run(), plan.checkpoint(), request.failureEventId(), restoredAt, totalMs);
                OutcomeComparison outcome = new OutcomeComparison(parentOutcome, replayOutcome, checkEvent, originalExit, session.replayCheckExit());
                ReplayTimings timings = new ReplayTimings(imageMs, provisioned.provisionMs(), restoreMs, stepsMs, totalMs, provisioned.fromPool(),
                        provisioned.prepared());
                ReplayResult result = new ReplayResult(dir, plan.run(), newRun, plan.checkpointId(), plan.checkpoint().id(), request.edits(),
                        image.image(), image.reason(), sandbox.containerId(), plan.stepCount(), session.steps(), session.stopReason(),
                        session.stopDetail(), timings, outcome, recovery, request.strictEnvironment(), setupNotes,
                        integrityWarning(start, request).orElse(null));
                out.append(NewEvent.of(newRun, "harness", EventType.SESSION_END).touches(StateKind.SESSION).data(sessionEnd(result)));
                out.sync();
                progress.finished(result);
                return result;
            }
        } finally {
            RunAppender.release(dir, newRun);
            if (request.pool() != null) {
                // the next replay most likely starts from the same checkpoint (a fork with other edits)
                request.pool().prepare(boundary, image.imageId(), start.workspace());
            }
        }
    }

    /**
     * Has the request's pool restore, in the background, a sandbox to the checkpoint this request would start from, so
     * that {@link #replay} with the same pool finds it ready: call it as soon as the checkpoint is chosen. Reads the
     * bundle and resolves the image on the calling thread, like {@link #replay}.
     *
     * @return completes with true once the prepared sandbox is waiting (see {@link SandboxPool#prepare})
     * @throws IllegalArgumentException when the request has no pool, or does not fit the bundle
     */
    public CompletableFuture<Boolean> prepare(ReplayRequest request) throws IOException, TraceFormatException {
        if (request.pool() == null) {
            throw new IllegalArgumentException("preparing a replay needs a sandbox pool in the request");
        }
        try (Start start = load(request, false)) {
            Placement placement = place(start, request);
            return request.pool().prepare(placement.boundary(), placement.image().imageId(), start.workspace());
        }
    }

    /**
     * The bundle's events as the new run is forked: those read for the plan, unless the events file grew since (another
     * process appended), in which case it is read again so that the fork sees every run that exists.
     */
    private static List<Event> eventsNow(Start start, Path dir) throws IOException {
        if (Files.size(dir.resolve(Bundle.EVENTS)) == start.eventsBytes()) {
            return start.events();
        }
        try (Bundle reread = BundleReader.read(dir)) {
            return reread.events();
        } catch (TraceFormatException e) {
            throw new IOException("the bundle changed during the replay and no longer reads: " + e.getMessage(), e);
        }
    }

    /**
     * What a replay starts from, read from the bundle, which stays open for the replay's blobs until this is closed;
     * {@code eventsBytes} is the size of the events file before it was read; {@code decisions} is null when it was not
     * asked for.
     */
    private record Start(Bundle bundle, long eventsBytes, List<Event> events, TraceIndex index, ReplayPlan plan,
                         DecisionLedger decisions, StartingWorkspace workspace, BlobSource blobs, SessionHarness harness,
                         ImportedSession imported, IntegrityVerdict integrity) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            bundle.close();
        }
    }

    private static Start load(ReplayRequest request, boolean withDecisions) throws IOException, TraceFormatException {
        Path dir = request.bundleDirectory();
        if (!Files.isDirectory(dir)) {
            throw new ReplayInputException(dir + " is not an unpacked bundle directory: a replay is appended to the bundle"
                    + " (unpack a .zip bundle first)");
        }
        Path eventsFile = dir.resolve(Bundle.EVENTS);
        long eventsBytes = Files.isRegularFile(eventsFile) ? Files.size(eventsFile) : -1;
        Bundle bundle = BundleReader.read(dir);
        try {
            List<Event> events = bundle.events();
            TraceIndex index = TraceIndex.of(events);
            ReplayPlan plan = ReplayPlan.build(index, request.run(), request.checkpointId(), request.edits());
            BlobSource blobs = bundle.blobs();
            ImportedSession imported = ImportedSession.of(index, plan.run(), plan.checkpoint()).orElse(null);
            if (SuppliedCheckpoint.isSupplied(plan.checkpoint())) {
                if (request.setup().tree() == null) {
                    throw new ReplayInputException(SuppliedCheckpoint.missingTreeMessage(plan.checkpoint()));
                }
                MemoryBlobStore supplied = new MemoryBlobStore();
                plan = plan.startingAt(SuppliedCheckpoint.filled(plan.checkpoint(), request.setup().tree(), supplied));
                blobs = new LayeredBlobs(blobs, supplied);
            }
            SessionHarness harness = imported == null ? SessionHarness.RECORDER : ImportedHarness.of(imported, request.setup());
            harness.check();
            DecisionLedger decisions = !withDecisions ? null
                    : request.trustedKeys() == null ? DecisionLedger.of(events) : DecisionLedger.verified(bundle, request.trustedKeys());
            IntegrityVerdict integrity = !withDecisions ? null : TraceIntegrity.check(bundle, index,
                    request.trustedKeys() == null ? TrustedKeys.none() : request.trustedKeys()).verdict();
            return new Start(bundle, eventsBytes, events, index, plan, decisions, StartingWorkspace.of(plan.checkpoint(), blobs), blobs,
                    harness, imported, integrity);
        } catch (IOException | RuntimeException e) {
            bundle.close();
            throw e;
        }
    }

    /** The image a replay runs in (the recorded one when it can be had) and the recorded boundary around it. */
    private record Placement(ImageResolver.ImageChoice image, IsolationBoundary boundary) {
    }

    /**
     * The image: the one asked for, else the recorded one when present (or pulled when allowed), else Forkline's own
     * (for an imported session the Debian one first). The boundary: the recorded one; for an imported session the
     * workspace sits where the session worked, so its paths mean what they meant, and SWE-agent's actions run as root
     * in a writable root filesystem, as SWE-agent ran them.
     */
    private Placement place(Start start, ReplayRequest request) {
        JsonNode environment = recordedEnvironment(start.index(), start.plan().run());
        IsolationBoundary recorded = IsolationBoundary.fromJson(environment.path(SessionStartData.ENVIRONMENT_ISOLATION));
        ImportedSession imported = start.imported();
        if (imported != null && imported.root() != null) {
            recorded = new IsolationBoundary(recorded.image(), recorded.network(), recorded.user(), recorded.readOnlyRoot(),
                    recorded.capDrop(), recorded.noNewPrivileges(), recorded.memoryBytes(), recorded.nanoCpus(), recorded.pidsLimit(),
                    recorded.tmpSizeBytes(), imported.root());
        }
        if (imported != null && imported.isSweAgent()) {
            recorded = SweAgentHarness.boundary(recorded);
        }
        String recordedImage = environment.path(SessionStartData.ENVIRONMENT_IMAGE).asText(environment.path(SessionStartData.ENVIRONMENT_ISOLATION).path("image").asText(null));
        List<String> ownImages = imported == null ? List.of(SandboxImages.DEFAULT) : List.of(SandboxImages.DEBIAN, SandboxImages.DEFAULT);
        ImageResolver resolver = new ImageResolver(engine, ImageResolver.DEFAULT_PULL_TIMEOUT, ownImages, request.pull());
        // resolving pings the engine first, so that a missing engine is reported as such before the sweep
        ImageResolver.ImageChoice image = request.image() != null ? resolver.requested(request.image()) : resolver.resolve(recordedImage);
        engine.sweepOrphansOnce();
        return new Placement(image, recorded.withImage(image.image()));
    }

    private static String traceIdOf(Path dir) {
        return dir.getFileName() == null ? "" : dir.getFileName().toString();
    }

    /** data.environment of the session.start in {@code run}'s lineage; an empty object when there is none. */
    static JsonNode recordedEnvironment(TraceIndex index, String run) {
        for (Event event : index.lineage(run)) {
            if (event.is(EventType.SESSION_START)) {
                return event.data().path(SessionStartData.ENVIRONMENT);
            }
        }
        return Json.object();
    }

    private static ObjectNode forkData(ReplayRequest request, Start start, ImageResolver.ImageChoice image, IsolationBoundary boundary,
                                       String containerId, SandboxPool.Provisioned provisioned) {
        ReplayPlan plan = start.plan();
        ArrayNode edits = Json.MAPPER.createArrayNode();
        request.edits().forEach(e -> edits.add(e.toJson()));
        // the fork hangs off the run that holds the checkpoint, which is the replayed run or one of its ancestors
        ObjectNode data = new RunForkData(plan.checkpoint().run(), plan.checkpointId(), plan.checkpoint().id(),
                request.edits().isEmpty() ? ForkReason.REPLAY : ForkReason.FORK, edits, plan.run(), request.note()).toPayload();
        ObjectNode replay = data.putObject(ReplayMarks.REPLAY);
        replay.put("image", image.image());
        replay.put("imageId", image.imageId());
        replay.put("imageSource", image.source().name().toLowerCase(java.util.Locale.ROOT));
        replay.put("imageReason", image.reason());
        replay.set("isolation", boundary.toJson());
        replay.put("containerId", containerId);
        replay.put("fromPool", provisioned.fromPool());
        replay.put("prepared", provisioned.prepared());
        replay.put("stopAtFirstDivergence", request.stopAtFirstDivergence());
        replay.set("normalization", ReplaySession.normalizerFor(request.normalizer(), start.imported()).toJson());
        replay.put("strictEnvironment", request.strictEnvironment());
        if (start.integrity() != null) {
            data.set(IntegrityVerdict.REPLAYED_FIELD, start.integrity().toJson());
        }
        if (start.imported() != null) {
            ObjectNode session = replay.putObject("importedSession");
            session.put("format", start.imported().format());
            session.put("root", start.imported().root());
            SessionSetup setup = request.setup();
            if (setup.tree() != null) {
                session.put("startingTree", setup.tree().description());
                if (setup.tree().commit() != null) {
                    session.put("commit", setup.tree().commit());
                }
            }
            if (setup.toolsDirectory() != null) {
                session.put("tools", setup.toolsDirectory().toString());
            }
            ArrayNode commands = session.putArray("setupCommands");
            setup.commands().forEach(commands::add);
            ArrayNode env = session.putArray("env");
            setup.env().keySet().stream().sorted().forEach(env::add);
        }
        return data;
    }

    private static String replayOutcome(ReplaySession session, String parentOutcome, ReplayRequest request, Integer originalExit) {
        if (session.stopReason() != ReplayResult.StopReason.COMPLETED) {
            return "aborted";
        }
        long failures = session.steps().stream().filter(s -> s.countsAsFailure(request.strictEnvironment())).count();
        if (request.edits().isEmpty() && failures == 0) {
            return parentOutcome == null ? "unknown" : parentOutcome;
        }
        Integer check = session.replayCheckExit();
        if (check != null) {
            return check == 0 ? "success" : "failure";
        }
        return failures > 0 ? "failure" : parentOutcome == null ? "unknown" : parentOutcome;
    }

    private static ObjectNode sessionEnd(ReplayResult result) {
        ObjectNode data = Json.object();
        data.put(SessionEndData.OUTCOME, result.outcome().replayOutcome());
        String summary = "replay of " + result.replayedRun() + " from " + result.checkpointId() + ": " + result.matched() + " matched, "
                + result.diverged() + " diverged, " + result.expectedDivergences() + " expected divergences, " + result.stubbed()
                + " stubbed, " + result.contained() + " contained, " + result.needsDecision() + " needing a decision"
                + (result.stopReason() == ReplayResult.StopReason.COMPLETED ? "" : "; stopped: " + result.stopDetail());
        data.put(SessionEndData.SUMMARY, summary);
        result.recovery().putInto(data);
        ObjectNode replay = data.putObject(ReplayMarks.REPLAY);
        replay.put(ReplaySummaryFields.REPLAYED_RUN, result.replayedRun());
        replay.put(ReplaySummaryFields.CHECKPOINT, result.checkpointId());
        replay.put(ReplaySummaryFields.STOP_REASON, result.stopReason().wireName());
        replay.put(ReplaySummaryFields.MATCHED, result.matched());
        replay.put(ReplaySummaryFields.DIVERGED, result.diverged());
        replay.put(ReplaySummaryFields.EXPECTED_DIVERGENCES, result.expectedDivergences());
        replay.put(ReplaySummaryFields.STUBBED, result.stubbed());
        replay.put(ReplaySummaryFields.CONTAINED, result.contained());
        replay.put(ReplaySummaryFields.NOT_CONTAINED, result.notContained());
        replay.put(ReplaySummaryFields.NEEDS_DECISION, result.needsDecision());
        result.firstDivergence().ifPresentOrElse(step -> replay.put(ReplaySummaryFields.FIRST_DIVERGENCE, step.eventId()),
                () -> replay.putNull(ReplaySummaryFields.FIRST_DIVERGENCE));
        replay.set(ReplaySummaryFields.TIMINGS, result.timings().toJson());
        replay.set(ReplaySummaryFields.OUTCOME, result.outcome().toJson());
        result.pendingDecision().ifPresent(step -> data.putArray(SessionEndData.UNKNOWN_OUTCOMES)
                .add(step.callId() == null ? step.eventId() : step.callId()));
        return data;
    }

    /**
     * The warning a replay of a failing trace carries: always for an altered one; for decisions by untrusted keys only
     * when the request names the keys it trusts (without them every recorded decision counts, as documented).
     */
    private static java.util.Optional<String> integrityWarning(Start start, ReplayRequest request) {
        IntegrityVerdict verdict = start.integrity();
        if (verdict == null || !(verdict.altered() || request.trustedKeys() != null)) {
            return java.util.Optional.empty();
        }
        return verdict.replayWarning();
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }
}
