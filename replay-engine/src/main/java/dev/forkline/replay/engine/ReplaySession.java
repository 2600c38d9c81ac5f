package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.replay.sandbox.CheckpointWorkspace;
import dev.forkline.replay.sandbox.ManifestEntry;
import dev.forkline.replay.sandbox.RecordedExec;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.SandboxLostException;
import dev.forkline.replay.sandbox.SandboxPayloads;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.replay.sandbox.WorkspaceListing;
import dev.forkline.replay.sandbox.WorkspaceManifest;
import dev.forkline.replay.sandbox.WorkspacePaths;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.decision.DecisionLedger;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.trace.payload.ApprovalDecisionData;
import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.EscapeAttemptData;
import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.ReplayMarks;
import dev.forkline.trace.payload.ReplayStepData;
import dev.forkline.trace.payload.RevertData;
import dev.forkline.trace.payload.RevertTarget;
import dev.forkline.trace.payload.RunForkData;
import dev.forkline.trace.payload.SandboxLostData;
import dev.forkline.trace.payload.StateMutationData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.replay.workspace.BackupCheck;
import dev.forkline.replay.workspace.BackupComparison;
import dev.forkline.replay.workspace.FileHistory;
import dev.forkline.replay.workspace.MutationApplier;
import dev.forkline.replay.workspace.MutationOutcome;
import dev.forkline.replay.workspace.MutationPaths;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * One replay in progress: walks the plan's events in a running sandbox, re-executes or stubs each step, compares, and
 * writes the new run event by event.
 */
final class ReplaySession {


    private final ReplayPlan plan;
    private final ReplayRequest request;
    private final Sandbox sandbox;
    private final RunAppender out;
    private final BlobSource blobs;
    private final DecisionLedger decisions;
    private final ReplayListener listener;
    private final SessionHarness harness;
    private final ImportedSession imported;
    private final String image;
    private final Normalizer normalizer;
    /** Workspace paths some replayed step created, changed or deleted. */
    private final java.util.Set<String> touched = new java.util.HashSet<>();
    private final Map<String, String> replayed = new HashMap<>();
    private final Map<String, String> replayedCheckpointIds = new HashMap<>();
    private final List<StepResult> steps = new ArrayList<>();
    private final int totalSteps;
    private final FileHistory fileHistory;
    private final java.util.Set<String> backupsSeen = new java.util.HashSet<>();
    /** Snapshots handled before the tool call they were recorded within (see {@link #snapshotsWithin}). */
    private final java.util.Set<String> handledEarly = new java.util.HashSet<>();
    private WorkspaceManifest manifest;
    private ReplayResult.StopReason stopReason = ReplayResult.StopReason.COMPLETED;
    private String stopDetail;
    private Integer replayCheckExit;
    private boolean firstDivergenceSeen;

    /**
     * @param harness  how the recording's harness ran calls ({@link SessionHarness#RECORDER} for Forkline's own)
     * @param imported the imported session, or null for a run Forkline recorded
     */
    ReplaySession(ReplayPlan plan, ReplayRequest request, Sandbox sandbox, RunAppender out, BlobSource blobs,
                  DecisionLedger decisions, ReplayListener listener, SessionHarness harness, ImportedSession imported) {
        this.plan = plan;
        this.request = request;
        this.sandbox = sandbox;
        this.out = out;
        this.blobs = blobs;
        this.decisions = decisions;
        this.listener = listener;
        this.harness = harness;
        this.imported = imported;
        this.image = sandbox.boundary().image();
        this.normalizer = normalizerFor(request.normalizer(), imported);
        this.fileHistory = request.setup().fileHistory();
        this.totalSteps = plan.stepCount() + snapshotSteps(plan, fileHistory);
    }

    /** A file-history snapshot that names new backups is a step when the user gave the folder of backups. */
    private static int snapshotSteps(ReplayPlan plan, FileHistory history) {
        if (history == null) {
            return 0;
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        int steps = 0;
        List<Event> walked = plan.walked();
        for (int position = 0; position < walked.size(); position++) {
            if (!plan.belongsToACall(walked.get(position)) && !FileHistory.newBackupsAt(walked.get(position), position, seen).isEmpty()) {
                steps++;
            }
        }
        return steps;
    }

    private List<FileHistory.TrackedBackup> newBackups(Event event, int position) {
        return fileHistory == null ? List.of() : FileHistory.newBackupsAt(event, position, backupsSeen);
    }

    /** The request's rules, and for an imported session the ones that hide what any re-execution of it changes. */
    static Normalizer normalizerFor(Normalizer requested, ImportedSession imported) {
        if (imported == null || requested.rules().isEmpty()) {
            return requested;
        }
        return requested.with(Normalizer.LINE_ENDINGS).with(Normalizer.TRAILING_WHITESPACE);
    }

    Normalizer normalizer() {
        return normalizer;
    }

    List<StepResult> steps() {
        return steps;
    }

    ReplayResult.StopReason stopReason() {
        return stopReason;
    }

    String stopDetail() {
        return stopDetail;
    }

    Integer replayCheckExit() {
        return replayCheckExit;
    }

    /**
     * Records what the set-up did to the workspace (a base commit, an editable install ...): its changes from
     * {@code restored}, written as mutations caused by {@code setupNote}, contents included, so that every later
     * change's content before is in the bundle. Returns the workspace after the set-up.
     */
    WorkspaceManifest recordSetup(WorkspaceManifest restored, Event setupNote) {
        manifest = restored;
        WorkspaceListing listed = sandbox.list();
        WorkspaceManifest after = listed.manifest();
        writeActualMutations(setupNote, listed, WorkspaceComparison.actual(restored, after), List.of());
        manifest = after;
        return after;
    }

    /** Walks every event after the checkpoint, or until a stop condition. */
    void walk(WorkspaceManifest restored) throws IOException {
        manifest = restored;
        List<Event> walked = plan.walked();
        for (int position = 0; position < walked.size(); position++) {
            if (request.cancellation().isCancelled() || Thread.currentThread().isInterrupted()) {
                stop(ReplayResult.StopReason.CANCELLED, "cancelled before " + walked.get(position).id());
                return;
            }
            Event event = walked.get(position);
            if (plan.belongsToACall(event) || handledEarly.contains(event.id())) {
                continue;
            }
            // Claude Code takes a file's backup just before writing the edit, and records the snapshot between the edit's
            // call and its result: the snapshot is handled before the call, which applies the edit
            for (int early : snapshotsWithin(walked, position)) {
                handledEarly.add(walked.get(early).id());
                if (!walkStep(walked.get(early), early)) {
                    return;
                }
            }
            if (!walkStep(event, position)) {
                return;
            }
        }
    }

    /** Handles one event and records its step; false when the walk must stop. */
    private boolean walkStep(Event event, int position) throws IOException {
        StepResult step;
        try {
            step = handle(event, position);
        } catch (SandboxLostException lost) {
            sandboxLost(event, lost);
            return false;
        }
        if (step == null) {
            return true;
        }
        steps.add(step);
        listener.stepFinished(step);
        if (step.status().isFailure() && !firstDivergenceSeen) {
            firstDivergenceSeen = true;
            listener.firstDivergence(step);
            if (request.stopAtFirstDivergence()) {
                stop(ReplayResult.StopReason.FIRST_DIVERGENCE, "stopped at the first divergence, " + step.eventId());
                return false;
            }
        }
        if (step.status() == StepStatus.NEEDS_DECISION) {
            stop(ReplayResult.StopReason.NEEDS_DECISION, step.note());
            return false;
        }
        return stopReason != ReplayResult.StopReason.TERMINATED_BY_DECISION;
    }

    /**
     * With a file-history folder: the positions of file-history snapshots naming new backups that lie after the tool call
     * at {@code position} and before its recorded result (none for any other event).
     */
    private List<Integer> snapshotsWithin(List<Event> walked, int position) {
        Event call = walked.get(position);
        if (fileHistory == null || !call.is(EventType.TOOL_CALL)) {
            return List.of();
        }
        Optional<Event> result = plan.resultOf(call);
        List<Integer> found = new ArrayList<>();
        for (int p = position + 1; p < walked.size(); p++) {
            Event event = walked.get(p);
            if (result.isPresent() && event.id().equals(result.get().id()) || event.is(EventType.TOOL_CALL)) {
                break;
            }
            ObjectNode tracked = event.is(EventType.NOTE) ? NoteData.from(event.data()).trackedFileBackups() : null;
            if (tracked != null && !tracked.isEmpty()) {
                found.add(p);
            }
        }
        return found;
    }

    private void stop(ReplayResult.StopReason reason, String detail) {
        stopReason = reason;
        stopDetail = detail;
    }

    private StepResult handle(Event event, int position) throws IOException {
        EventType type = event.kind();
        return switch (type) {
            case TOOL_CALL -> asStep(event, position, this::toolCall);
            case CHECKPOINT -> asStep(event, position, this::checkpoint);
            case REVERT, RUN_FORK -> asStep(event, position, this::restore);
            case STATE_MUTATION -> asStep(event, position, this::harnessMutation);
            case SESSION_START, SESSION_END -> null;
            case NOTE -> {
                List<FileHistory.TrackedBackup> backups = newBackups(event, position);
                if (backups.isEmpty()) {
                    if (!plan.isDropped(event)) {
                        copy(event);
                    }
                    yield null;
                }
                yield asStep(event, position, (snapshot, number, started, afterEdit)
                        -> fileHistorySnapshot(snapshot, number, started, afterEdit, backups));
            }
            case APPROVAL_REQUEST, APPROVAL_DECISION, SANDBOX_LOST, HARNESS_RESTART -> {
                if (!plan.isDropped(event)) {
                    note(event, "recorded " + event.type() + " " + event.id() + " (" + summary(event) + "), not replayed");
                }
                yield null;
            }
            default -> {
                if (!plan.isDropped(event)) {
                    copy(event);
                }
                yield null;
            }
        };
    }

    /** What one kind of step does once it has begun and is not dropped. */
    private interface StepBody {
        StepResult run(Event event, int number, long started, boolean afterEdit) throws IOException;
    }

    /** Begins a step for {@code event} (announced, timed); an event an edit dropped is a dropped step, else {@code body} runs. */
    private StepResult asStep(Event event, int position, StepBody body) throws IOException {
        int number = beginStep(event);
        long started = System.nanoTime();
        boolean afterEdit = plan.afterEdit(position);
        if (plan.isDropped(event)) {
            return step(number, event, null, StepStatus.DROPPED, List.of(), "dropped by an edit", started, afterEdit);
        }
        return body.run(event, number, started, afterEdit);
    }

    // ---- tool calls ----------------------------------------------------------------------------------------------

    private StepResult toolCall(Event call, int number, long started, boolean afterEdit) throws IOException {
        Optional<Event> recordedResult = plan.resultOf(call);
        Optional<Event> escape = plan.escapeOf(call);
        EffectClass effect = ToolCallData.from(call.data()).effect();
        boolean executable = harness.exec(call).isPresent();
        if (executable && (escape.isPresent() || effect == EffectClass.PRIVILEGED)) {
            return containment(number, call, copy(call), recordedResult, escape, started, afterEdit);
        }
        if (effect == EffectClass.EXTERNAL) {
            return external(number, call, recordedResult, started, afterEdit);
        }
        Event newCall = copy(call);
        if (executable) {
            return reexecute(number, call, newCall, recordedResult, started, afterEdit);
        }
        if (harness.answersItself(call)) {
            return answerInHarness(number, call, newCall, recordedResult, started, afterEdit);
        }
        if (imported != null && !plan.mutationsCausedBy(call).isEmpty()) {
            return recordedEdit(number, call, newCall, recordedResult, started, afterEdit);
        }
        return stubbed(number, call, newCall, recordedResult, imported == null ? "no exec spec recorded: answered from the recording"
                : "not a command and no recorded change to apply: answered from the recording", started, afterEdit);
    }

    private StepResult reexecute(int number, Event call, Event newCall, Optional<Event> recordedResult, long started,
                                 boolean afterEdit) throws IOException {
        ExecResult result = execute(number, call);
        WorkspaceListing listed = sandbox.list();
        WorkspaceManifest after = listed.manifest();
        SortedMap<String, WorkspaceComparison.Change> actualChanges = WorkspaceComparison.actual(manifest, after);
        List<FieldDiff> diffs = new ArrayList<>();
        List<String> normalizations = List.of();
        if (recordedResult.isPresent()) {
            ToolResultComparison.Compared compared = ToolResultComparison.compare(recordedResult.get(), result, normalizer, blobs,
                    harness.recordsExitStatus());
            diffs.addAll(compared.diffs());
            normalizations = compared.normalizations();
        }
        List<Event> recordedMutations = plan.mutationsCausedBy(call);
        diffs.addAll(WorkspaceComparison.diff(WorkspaceComparison.recorded(recordedMutations), comparedChanges(actualChanges, recordedMutations)));
        StepStatus status;
        String note = null;
        if (recordedResult.isEmpty() && diffs.isEmpty()) {
            status = StepStatus.UNVERIFIED;
            note = "the recording has no result for this call: only its workspace changes were compared";
        } else {
            status = diffs.isEmpty() ? StepStatus.MATCHED : afterEdit ? StepStatus.EXPECTED_DIVERGENCE : StepStatus.DIVERGED;
        }
        Classified classified = classify(diffs, call, result, recordedResult);
        touched.addAll(actualChanges.keySet());
        if (plan.lastCheck().map(c -> c.id().equals(call.id())).orElse(false)) {
            replayCheckExit = result.exitCode();
        }
        boolean changed = writeActualMutations(newCall, listed, actualChanges, recordedMutations);
        manifest = after;
        Event written = writeResult(newCall, recordedResult, result, status, diffs, changed, classified);
        return step(number, call, written.id(), status, diffs, note, started, afterEdit, classified, normalizations);
    }

    /** Why a step's diffs arose, and what the environment lacks when that is why. */
    private record Classified(DivergenceClass kind, String cause) {
        static final Classified NONE = new Classified(null, null);
    }

    /**
     * Environment or behaviour, for an imported session's divergence (see {@link EnvironmentDiagnosis}); Forkline's own
     * recordings ran in the image they replay in, so their divergences are behaviour.
     */
    private Classified classify(List<FieldDiff> diffs, Event call, ExecResult result, Optional<Event> recordedResult) {
        if (diffs.isEmpty()) {
            return Classified.NONE;
        }
        if (imported == null) {
            return new Classified(DivergenceClass.BEHAVIOUR, null);
        }
        Optional<String> known = harness.knownEnvironmentDifference(call);
        if (known.isPresent()) {
            return new Classified(DivergenceClass.ENVIRONMENT, known.get());
        }
        String command = harness.exec(call).map(e -> String.join(" ", e.argv())).orElse(argumentsText(call));
        boolean recordedOk = recordedResult.map(r -> ToolResultData.from(r.data())).map(r -> r.exitCode() != null ? r.exitCode() == 0
                : !Boolean.TRUE.equals(r.isError())).orElse(false);
        Optional<String> cause = EnvironmentDiagnosis.of(command, result.stdoutText() + "\n" + result.stderrText(), recordedOk, image,
                imported.foreignPlatform(), this::absentFromTree, imported.root());
        return cause.map(c -> new Classified(DivergenceClass.ENVIRONMENT, c)).orElse(new Classified(DivergenceClass.BEHAVIOUR, null));
    }

    /** A path the replay's workspace lacks (no file at or under it) that no replayed step touched. */
    private boolean absentFromTree(String path) {
        if (manifest.get(path) != null) {
            return false;
        }
        String prefix = path + "/";
        for (String existing : manifest.entries().keySet()) {
            if (existing.startsWith(prefix)) {
                return false;
            }
        }
        for (String changed : touched) {
            if (changed.equals(path) || changed.startsWith(prefix)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The changes compared with the recording: all of them for Forkline's recordings, which list every change; for an
     * imported session only those of the paths its recording names (its edit tools' changes), the others being written
     * to the replay run without a verdict.
     */
    private SortedMap<String, WorkspaceComparison.Change> comparedChanges(SortedMap<String, WorkspaceComparison.Change> actual,
                                                                        List<Event> recordedMutations) {
        if (harness.recordsEveryChange()) {
            return actual;
        }
        java.util.Set<String> named = new java.util.HashSet<>();
        recordedMutations.forEach(m -> named.add(StateMutationData.from(m.data()).path()));
        SortedMap<String, WorkspaceComparison.Change> compared = new java.util.TreeMap<>(actual);
        compared.keySet().retainAll(named);
        return compared;
    }

    /**
     * A call the recorded harness answered itself (Claude Code's Read, Grep, Glob): answered again from the sandbox's
     * workspace and compared with the recording in the harness's comparable form.
     */
    private StepResult answerInHarness(int number, Event call, Event newCall, Optional<Event> recordedResult, long started,
                                       boolean afterEdit) throws IOException {
        Map<String, byte[]> files = new HashMap<>();
        sandbox.pullWorkspace().forEach((path, file) -> {
            if (!file.isSymlink()) {
                files.put(path, file.content());
            }
        });
        Optional<String> answer = harness.answerItself(call, files);
        if (answer.isEmpty()) {
            return stubbed(number, call, newCall, recordedResult, "answered by the agent's harness with arguments Forkline cannot"
                    + " answer again: answered from the recording", started, afterEdit);
        }
        List<FieldDiff> diffs = new ArrayList<>();
        java.util.Set<String> applied = new java.util.LinkedHashSet<>();
        String recorded = recordedResult.isEmpty() ? null : ToolResultComparison.recordedStdout(recordedResult.get(), blobs);
        if (recorded == null && recordedResult.isPresent()) {
            recorded = ToolResultComparison.recordedStderr(recordedResult.get(), blobs);
        }
        if (recorded != null) {
            ToolResultComparison.compareText(diffs, applied, ToolResultData.STDOUT, harness.comparable(call, recorded),
                    harness.comparable(call, answer.get()), normalizer);
        }
        StepStatus status = recorded == null ? StepStatus.UNVERIFIED
                : diffs.isEmpty() ? StepStatus.MATCHED : afterEdit ? StepStatus.EXPECTED_DIVERGENCE : StepStatus.DIVERGED;
        Classified classified = Classified.NONE;
        if (!diffs.isEmpty()) {
            // the paths the call named, and for a file list the listed ones (never words of a file's content)
            String named = argumentsText(call);
            if (!"Read".equals(ToolCallData.from(call.data()).tool()) && recorded != null) {
                named += " " + String.join(" ", recorded.lines().filter(l -> !l.isBlank() && !l.strip().contains(" ")).toList());
            }
            Optional<String> missing = EnvironmentDiagnosis.pathsIn(named, imported.root()).stream()
                    .filter(this::absentFromTree).findFirst()
                    .map(p -> "the supplied tree lacks " + p + ", which the recorded session saw (files outside the commit, e.g. not"
                            + " committed by the author)");
            classified = missing.map(c -> new Classified(DivergenceClass.ENVIRONMENT, c)).orElse(new Classified(DivergenceClass.BEHAVIOUR, null));
        }
        ObjectNode data = resultOf(newCall).withStdout(answer.get()).withError(false).toPayload();
        ReplayMarks.of(recordedResult.map(Event::id).orElse(null)).answeredBy("forkline (the harness's own tool, re-run on the workspace)")
                .withReplay(replayInfo(status, diffs, classified, List.copyOf(applied))).into(data);
        List<String> causes = new ArrayList<>(List.of(newCall.id()));
        recordedResult.ifPresent(r -> causes.add(r.id()));
        Event written = out.append(NewEvent.of(out.run(), "harness", EventType.TOOL_RESULT).causes(causes).touches(StateKind.HARNESS).data(data));
        recordedResult.ifPresent(r -> replayed.put(r.id(), written.id()));
        return step(number, call, written.id(), status, diffs, null, started, afterEdit, classified, List.copyOf(applied));
    }

    /**
     * An edit the imported session's agent made through its editor tool (Claude Code's Edit and Write, Codex's
     * apply_patch, OpenHands' editor): each recorded change is applied to the sandbox's file once the file is what the
     * edit was made on; when it is not, that is a divergence of the workspace, named by file, and the file is left as it is.
     */
    private StepResult recordedEdit(int number, Event call, Event newCall, Optional<Event> recordedResult, long started,
                                    boolean afterEdit) throws IOException {
        List<FieldDiff> diffs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, WorkspaceFile> current = new HashMap<>(sandbox.pullWorkspace());
        for (Event mutation : plan.mutationsCausedBy(call)) {
            String recordedPath = StateMutationData.from(mutation.data()).path();
            if (plan.isDropped(mutation) || recordedPath == null) {
                continue;
            }
            MutationPaths.Resolved resolved = MutationPaths.resolve(recordedPath, imported.root());
            if (resolved.path() == null) {
                notes.add(recordedPath + ": not applied, " + resolved.refusal());
                continue;
            }
            String path = resolved.path();
            MutationOutcome outcome = MutationApplier.apply(path, mutation.data(), current.get(path), blobs);
            switch (outcome) {
                case MutationOutcome.Applied applied -> {
                    if (applied.deleted()) {
                        ExecResult removed = sandbox.exec(List.of("rm", "-f", "--", path), null, Map.of(), Duration.ofSeconds(30));
                        if (!removed.succeeded()) {
                            throw new IOException("could not apply the recorded delete of " + path + ": " + removed.stderrText());
                        }
                        current.remove(path);
                    } else {
                        sandbox.putFiles(List.of(applied.file()));
                        current.put(applied.file().path(), applied.file());
                        touched.add(applied.file().path());
                    }
                    touched.add(path);
                    ObjectNode data = ReplayMarks.of(mutation.id()).into(mutation.data().deepCopy());
                    if (!applied.deleted() && !applied.file().isSymlink()) {
                        data.put(StateMutationData.AFTER, out.blob(applied.file().content()));
                    }
                    if (applied.note() != null) {
                        notes.add(path + ": " + applied.note());
                    }
                    out.append(draft(mutation, data, newCall.id()));
                }
                case MutationOutcome.PreconditionFailed failed ->
                        diffs.add(FieldDiff.of("workspace:" + path, "the file the recorded edit was made on", failed.message()));
                case MutationOutcome.Unknown unknown -> notes.add(path + ": not applied, " + unknown.why());
                case MutationOutcome.Skipped skipped -> notes.add(path + ": not applied, " + skipped.why());
            }
        }
        manifest = sandbox.manifest();
        boolean unapplied = notes.stream().anyMatch(n -> n.contains(": not applied, "));
        StepStatus status = diffs.isEmpty() ? (unapplied ? StepStatus.UNVERIFIED : StepStatus.MATCHED)
                : afterEdit ? StepStatus.EXPECTED_DIVERGENCE : StepStatus.DIVERGED;
        Classified classified = diffs.isEmpty() ? Classified.NONE : new Classified(DivergenceClass.WORKSPACE, null);
        String note = diffs.isEmpty() ? (notes.isEmpty() ? "the recorded edit applied to the file it was made on"
                : String.join("; ", notes))
                : "the recorded edit was NOT applied: " + diffs.getFirst().actual();
        String written = newCall.id();
        if (recordedResult.isPresent()) {
            ObjectNode data = ReplayMarks.of(recordedResult.get().id()).withReplay(replayInfo(status, diffs, classified, List.of()))
                    .into(recordedResult.get().data().deepCopy());
            Event result = out.append(draft(recordedResult.get(), data, newCall.id()));
            replayed.put(recordedResult.get().id(), result.id());
            written = result.id();
        }
        return step(number, call, written, status, diffs, note, started, afterEdit, classified, List.of());
    }

    /**
     * A Claude Code file-history snapshot naming backups not seen before: each is compared with the sandbox's file; where
     * the sandbox lacks the file the backup supplies it, where it holds another the backup replaces it and the step is a
     * divergence of the workspace naming the file (the session saw the backup's content).
     */
    private StepResult fileHistorySnapshot(Event snapshot, int number, long started, boolean afterEdit,
                                           List<FileHistory.TrackedBackup> backups) throws IOException {
        String root = imported == null ? null : imported.root();
        Map<String, WorkspaceFile> current = sandbox.pullWorkspace();
        List<FieldDiff> diffs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        boolean changed = false;
        for (FileHistory.TrackedBackup backup : backups) {
            String path = BackupComparison.path(backup, root);
            BackupCheck check = BackupComparison.compare(fileHistory, backup, root, path == null ? null : current.get(path));
            notes.add(check.message());
            if (check.verdict() == BackupCheck.Verdict.DIFFERED) {
                diffs.add(FieldDiff.of("workspace:" + check.path(), "Claude Code's file-history backup " + backup.describe(), check.message()));
            }
            if (!check.verdict().overlays()) {
                continue;
            }
            if (check.file() == null) {
                ExecResult removed = sandbox.exec(List.of("rm", "-f", "--", check.path()), null, Map.of(), Duration.ofSeconds(30));
                if (!removed.succeeded()) {
                    throw new IOException("could not remove " + check.path() + " as the file-history snapshot has it: " + removed.stderrText());
                }
            } else {
                sandbox.putFiles(List.of(check.file()));
                out.blob(check.file().content());
            }
            touched.add(check.path());
            changed = true;
        }
        if (changed) {
            manifest = sandbox.manifest();
        }
        StepStatus status = diffs.isEmpty() ? StepStatus.MATCHED : afterEdit ? StepStatus.EXPECTED_DIVERGENCE : StepStatus.DIVERGED;
        Classified classified = diffs.isEmpty() ? Classified.NONE : new Classified(DivergenceClass.WORKSPACE, null);
        ObjectNode data = ReplayMarks.of(snapshot.id()).withReplay(replayInfo(status, diffs, classified, List.of()))
                .into(snapshot.data().deepCopy());
        ArrayNode compared = data.putArray(ReplayMarks.FILE_HISTORY);
        notes.forEach(compared::add);
        Event written = out.append(draft(snapshot, data, null));
        replayed.put(snapshot.id(), written.id());
        return step(number, snapshot, written.id(), status, diffs, String.join("; ", notes), started, afterEdit, classified, List.of());
    }

    private StepResult containment(int number, Event call, Event newCall, Optional<Event> recordedResult, Optional<Event> escape,
                                   long started, boolean afterEdit) throws IOException {
        ExecResult result = execute(number, call);
        WorkspaceListing listed = sandbox.list();
        WorkspaceManifest after = listed.manifest();
        SortedMap<String, WorkspaceComparison.Change> actualChanges = WorkspaceComparison.actual(manifest, after);
        boolean contained = !result.succeeded();
        List<FieldDiff> diffs = new ArrayList<>();
        if (!contained) {
            diffs.add(FieldDiff.of("contained", true, false));
        }
        if (recordedResult.isPresent()) {
            diffs.addAll(ToolResultComparison.compare(recordedResult.get(), result, normalizer, blobs, harness.recordsExitStatus()).diffs());
        }
        List<Event> recordedMutations = plan.mutationsCausedBy(call);
        diffs.addAll(WorkspaceComparison.diff(WorkspaceComparison.recorded(recordedMutations), comparedChanges(actualChanges, recordedMutations)));
        touched.addAll(actualChanges.keySet());
        StepStatus status = contained ? StepStatus.CONTAINED : StepStatus.NOT_CONTAINED;
        String note = contained
                ? "re-executed inside the boundary and still blocked" + (diffs.isEmpty() ? "" : " (its output differs from the recording)")
                : "re-executed inside the boundary and it SUCCEEDED: not contained";
        boolean changed = writeActualMutations(newCall, listed, actualChanges, recordedMutations);
        manifest = after;
        Event written = writeResult(newCall, recordedResult, result, status, diffs, changed, Classified.NONE);
        if (escape.isPresent()) {
            String evidence = lastLine(result.stderrText().isBlank() ? result.stdoutText() : result.stderrText());
            if (contained) {
                // still blocked: recorded as a note, so that a replay does not put the same attempt in the escape queue again
                note(escape.get(), "escape attempt " + escape.get().id() + " re-executed in the replay: still blocked (" + evidence + ")");
            } else {
                EscapeAttemptData recorded = EscapeAttemptData.from(escape.get().data());
                ObjectNode data = new EscapeAttemptData(recorded.boundary(), recorded.attempt(), false, recorded.callId(), evidence)
                        .into(ReplayMarks.of(escape.get().id()).into(escape.get().data().deepCopy()));
                out.append(draft(escape.get(), data, newCall.id()));
            }
        }
        return step(number, call, written.id(), status, diffs, note, started, afterEdit);
    }

    /**
     * An external effect. With a recorded outcome it is stubbed. Without one it needs a decision; until there is one,
     * the replay writes a note (not a copy of the call, which would wait for a result in the replay run too).
     */
    private StepResult external(int number, Event call, Optional<Event> recordedResult, long started, boolean afterEdit)
            throws IOException {
        if (recordedResult.isPresent() && !ToolResultData.from(recordedResult.get().data()).outcomeUnknown()) {
            return stubbed(number, call, copy(call), recordedResult, "external effect: answered from the recording, not re-fired",
                    started, afterEdit);
        }
        Optional<Event> decision = decisionAbout(call);
        String decide = "record a decision about " + call.id() + " (approve to re-fire against its stand-in, deny to keep it"
                + " stubbed, terminate, or treatAs done/failed)";
        if (decision.isEmpty()) {
            return needsDecision(number, call, "needs a decision: external call " + label(call) + " has no recorded outcome; "
                    + decide, started, afterEdit);
        }
        Event d = decision.get();
        ApprovalDecisionData decided = ApprovalDecisionData.from(d.data());
        Verdict verdict = Verdict.parse(decided.verdict()).orElse(null);
        String treatAs = decided.treatAs();
        String by = decided.owner() + "'s decision " + d.id();
        if (verdict == Verdict.ESCALATE) {
            return needsDecision(number, call, "needs a decision: " + by + " escalated it; " + decide, started, afterEdit);
        }
        if (verdict == Verdict.TERMINATE) {
            stop(ReplayResult.StopReason.TERMINATED_BY_DECISION, by + " terminates the run at " + call.id());
            Event note = note(call, by + ": terminate; the replay stops before " + call.id());
            return step(number, call, note.id(), StepStatus.DECIDED, List.of(), by + ": terminate", started, afterEdit);
        }
        if (ApprovalDecisionData.TREAT_AS_DONE.equals(treatAs) || ApprovalDecisionData.TREAT_AS_FAILED.equals(treatAs)) {
            boolean done = ApprovalDecisionData.TREAT_AS_DONE.equals(treatAs);
            Event newCall = copy(call);
            ObjectNode data = resultOf(call).withExitCode(done ? 0 : 1).withError(!done).withOutcome(treatAs)
                    .withStdout(decided.stdout() == null ? "" : decided.stdout()).toPayload();
            ReplayMarks.of(null).decidedBy(d.id()).withReplay(replayInfo(StepStatus.DECIDED, List.of())).into(data);
            Event result = out.append(NewEvent.of(out.run(), "harness", EventType.TOOL_RESULT).causes(newCall.id(), d.id())
                    .touches(StateKind.HARNESS, StateKind.EXTERNAL).data(data));
            return step(number, call, result.id(), StepStatus.DECIDED, List.of(), by + ": treated as " + treatAs + ", not re-fired",
                    started, afterEdit);
        }
        if (verdict == Verdict.DENY) {
            Event newCall = copy(call);
            ObjectNode data = resultOf(call).withError(true)
                    .withErrorMessage("not re-fired in the replay: " + by + " denies it; the original outcome stays unknown").toPayload();
            ReplayMarks.of(null).asStubbed().decidedBy(d.id()).withReplay(replayInfo(StepStatus.STUBBED, List.of())).into(data);
            Event result = out.append(NewEvent.of(out.run(), "harness", EventType.TOOL_RESULT).causes(newCall.id(), d.id())
                    .touches(StateKind.HARNESS).data(data));
            return step(number, call, result.id(), StepStatus.STUBBED, List.of(),
                    by + ": deny, so it is not re-fired and its outcome stays unknown", started, afterEdit);
        }
        return refire(number, call, d, by, started, afterEdit);
    }

    private StepResult needsDecision(int number, Event call, String why, long started, boolean afterEdit) {
        Event note = note(call, why);
        return step(number, call, note.id(), StepStatus.NEEDS_DECISION, List.of(), why, started, afterEdit);
    }

    /** Re-fires an approved (or modified) external call against its outbox stand-in, when Forkline can. */
    private StepResult refire(int number, Event call, Event decision, String by, long started, boolean afterEdit) throws IOException {
        ToolCallData recordedCall = ToolCallData.from(call.data());
        ObjectNode arguments = recordedCall.arguments() instanceof ObjectNode object ? object.deepCopy() : Json.object();
        ObjectNode modified = ApprovalDecisionData.from(decision.data()).arguments();
        if (modified != null) {
            arguments.setAll(modified);
        }
        String tool = recordedCall.tool();
        String standIn = arguments.path(ToolCallData.ARGUMENT_STAND_IN).asText(null);
        String key = arguments.path(ToolCallData.IDEMPOTENCY_KEY).asText(null);
        OutboxStandIn outbox;
        byte[] payload = null;
        try {
            outbox = OutboxStandIn.at(request.effectiveStandInDirectory(), standIn);
            if ("deliver".equals(tool)) {
                String requestFile = arguments.path(ToolCallData.ARGUMENT_REQUEST_FILE).asText(null);
                payload = requestFile == null ? null : sandbox.pullFiles(List.of(requestFile)).get(WorkspacePaths.normalize(requestFile));
                if (payload == null) {
                    throw new IOException("its request file " + requestFile + " is not in the replay's workspace");
                }
            } else if (!"lookup".equals(tool)) {
                throw new IOException("Forkline re-fires only deliver and lookup calls to outbox stand-ins, not '" + tool + "'");
            }
        } catch (IOException | IllegalArgumentException e) {
            return needsDecision(number, call, "needs a decision: " + by + " approves re-firing " + label(call)
                    + ", but it cannot be re-fired: " + e.getMessage() + " (decide treatAs done or failed instead)", started, afterEdit);
        }
        // like the recorder, the call is in the log before the effect starts
        Event newCall = copy(call);
        out.sync();
        ToolResultData answered = resultOf(call);
        StepStatus status = StepStatus.REFIRED;
        String what;
        try {
            int exitCode;
            if (payload != null) {
                OutboxStandIn.Delivery delivery = outbox.deliver(key, new String(payload, StandardCharsets.UTF_8));
                what = delivery.delivered() ? "delivered to " + standIn + " as entry " + delivery.entry()
                        : standIn + " already holds entry " + delivery.entry() + " with this idempotency key: not delivered twice";
                exitCode = 0;
                answered = answered.withExternal(ToolResultData.external(standIn, (long) delivery.entry(), delivery.delivered()));
            } else {
                Optional<String> found = outbox.lookup(key);
                what = found.map(line -> "found " + line).orElse("no entry with idempotency key " + key);
                exitCode = found.isPresent() ? 0 : 1;
            }
            answered = answered.withExitCode(exitCode).withStdout(what + "\n").withError(exitCode != 0);
        } catch (IOException e) {
            status = StepStatus.NEEDS_DECISION;
            what = "re-firing against " + standIn + " failed: " + e.getMessage();
            answered = answered.withError(true).withErrorMessage(what).withOutcome(ToolResultData.UNKNOWN_OUTCOME);
        }
        ObjectNode data = ReplayMarks.of(null).asRefired().decidedBy(decision.id()).withReplay(replayInfo(status, List.of()))
                .into(answered.toPayload());
        Event result = out.append(NewEvent.of(out.run(), "harness", EventType.TOOL_RESULT).causes(newCall.id(), decision.id())
                .touches(StateKind.HARNESS, StateKind.EXTERNAL).data(data));
        String note = status == StepStatus.REFIRED ? by + ": re-fired against stand-in " + standIn + " (" + what + ")"
                : "needs a decision: " + what;
        return step(number, call, result.id(), status, List.of(), note, started, afterEdit);
    }

    /** The decision in force about the call itself or about an approval.request whose subject it is (the later one). */
    private Optional<Event> decisionAbout(Event call) {
        Event best = decisions.latest(call.id()).orElse(null);
        for (Event event : plan.index().events()) {
            if (event.is(EventType.APPROVAL_REQUEST) && call.id().equals(ApprovalRequestData.from(event.data()).subject())) {
                Event onRequest = decisions.latest(event.id()).orElse(null);
                if (onRequest != null && (best == null || plan.index().indexOf(onRequest.id()) > plan.index().indexOf(best.id()))) {
                    best = onRequest;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    private StepResult stubbed(int number, Event call, Event newCall, Optional<Event> recordedResult, String note, long started,
                               boolean afterEdit) throws IOException {
        applyRecordedMutations(plan.mutationsCausedBy(call), newCall.id());
        String written = newCall.id();
        if (recordedResult.isPresent()) {
            ObjectNode data = ReplayMarks.of(recordedResult.get().id()).asStubbed().withReplay(replayInfo(StepStatus.STUBBED, List.of()))
                    .into(recordedResult.get().data().deepCopy());
            written = out.append(draft(recordedResult.get(), data, newCall.id())).id();
        } else {
            note = note + "; the recording holds no result for it";
        }
        return step(number, call, written, StepStatus.STUBBED, List.of(), note, started, afterEdit);
    }

    /** Runs the call's recorded exec (see {@link RecordedExec}) with its timeout, never longer than the request allows. */
    private ExecResult execute(int number, Event call) {
        RecordedExec exec = harness.exec(call).orElseThrow();
        Duration timeout = exec.timeout().compareTo(request.maxCallTimeout()) > 0 ? request.maxCallTimeout() : exec.timeout();
        Duration bounded = timeout.isZero() || timeout.isNegative() ? Duration.ofMillis(1) : timeout;
        ExecResult result = harness.runsInTerminal() ? sandbox.execInTerminal(exec.argv(), exec.cwd(), exec.env(), bounded)
                : sandbox.exec(exec.argv(), exec.cwd(), exec.env(), bounded);
        listener.callReturned(number, result);
        return harness.asRecorded(call, result);
    }

    // ---- checkpoints, restores, harness changes --------------------------------------------------------------------

    private StepResult checkpoint(Event checkpoint, int number, long started, boolean afterEdit) throws IOException {
        WorkspaceManifest actual = sandbox.manifest();
        List<FieldDiff> diffs = WorkspaceComparison.againstCheckpoint(CheckpointFiles.expected(checkpoint), actual);
        StepStatus status = diffs.isEmpty() ? StepStatus.MATCHED : afterEdit ? StepStatus.EXPECTED_DIVERGENCE : StepStatus.DIVERGED;
        CheckpointData recorded = CheckpointData.from(checkpoint.data());
        String recordedId = recorded.checkpointId() == null ? checkpoint.id() : recorded.checkpointId();
        String newId = recordedId + "@" + out.run();
        Map<String, CheckpointData.FileEntry> files = new java.util.LinkedHashMap<>();
        Map<String, WorkspaceFile> pulled = sandbox.pullWorkspace();
        for (Map.Entry<String, ManifestEntry> entry : actual.entries().entrySet()) {
            WorkspaceFile file = pulled.get(entry.getKey());
            ManifestEntry listed = entry.getValue();
            files.put(entry.getKey(), listed.isSymlink() ? CheckpointData.FileEntry.link(listed.linkTarget(), listed.modeString())
                    : CheckpointData.FileEntry.regular(file != null ? out.blob(file.content()) : listed.sha256(), listed.modeString()));
        }
        ObjectNode data = new CheckpointData(newId, recorded.label() == null ? "replay of " + recordedId : recorded.label(),
                CheckpointData.workspace(sandbox.boundary().workspace(), files),
                recorded.harness() == null ? null : recorded.harness().deepCopy(), Json.MAPPER.createArrayNode()).toPayload();
        ReplayMarks.of(checkpoint.id()).withReplay(replayInfo(status, diffs)).into(data);
        Event written = out.append(NewEvent.of(out.run(), checkpoint.actor(), EventType.CHECKPOINT).causes(checkpoint.id())
                .touches(StateKind.WORKSPACE, StateKind.HARNESS, StateKind.PROCESS).data(data));
        replayed.put(checkpoint.id(), written.id());
        replayedCheckpointIds.put(recordedId, newId);
        manifest = actual;
        return step(number, checkpoint, written.id(), status, diffs, null, started, afterEdit);
    }

    /** A recorded revert (or the run.fork of a run further down the lineage): the named checkpoint is restored. */
    private StepResult restore(Event event, int number, long started, boolean afterEdit) throws IOException {
        String checkpointId = event.is(EventType.REVERT) ? RevertData.from(event.data()).checkpoint()
                : RunForkData.from(event.data()).checkpoint();
        Optional<Event> target = checkpointId == null ? Optional.empty()
                : plan.index().checkpoint(checkpointId).flatMap(c -> plan.index().event(c.eventId()))
                        // the replay's own checkpoint may hold files the trace does not (a supplied starting tree)
                        .map(c -> c.id().equals(plan.checkpoint().id()) ? plan.checkpoint() : c);
        if (target.isEmpty()) {
            note(event, "recorded " + event.type() + " names checkpoint '" + checkpointId + "', which is not in the bundle: not replayed");
            return step(number, event, null, StepStatus.APPLIED, List.of(), "checkpoint " + checkpointId + " not found: nothing restored",
                    started, afterEdit);
        }
        long restoring = System.nanoTime();
        sandbox.replaceWorkspace(CheckpointWorkspace.files(target.get(), blobs));
        manifest = sandbox.manifest();
        long durationMs = (System.nanoTime() - restoring) / 1_000_000;
        List<FieldDiff> diffs = WorkspaceComparison.againstCheckpoint(CheckpointFiles.expected(target.get()), manifest);
        ObjectNode data = new RevertData(replayedCheckpointIds.getOrDefault(checkpointId, checkpointId), RevertTarget.CONTAINER,
                (double) durationMs, null, null).toPayload();
        ReplayMarks.of(event.id()).into(data);
        Event written = out.append(NewEvent.of(out.run(), "harness", EventType.REVERT).causes(causes(event))
                .touches(StateKind.WORKSPACE).data(data));
        replayed.put(event.id(), written.id());
        StepStatus status = diffs.isEmpty() ? StepStatus.APPLIED : StepStatus.DIVERGED;
        return step(number, event, written.id(), status, diffs, "restored checkpoint " + checkpointId + " as the recording did",
                started, afterEdit);
    }

    /** A mutation made outside any tool call (an injected fault, a harness write): carried into the sandbox. */
    private StepResult harnessMutation(Event mutation, int number, long started, boolean afterEdit) throws IOException {
        List<String> written = applyRecordedMutations(List.of(mutation), null);
        return step(number, mutation, written.isEmpty() ? null : written.getFirst(), StepStatus.APPLIED, List.of(),
                (plan.isEdited(mutation) ? "edited change" : "recorded change") + " to " + StateMutationData.from(mutation.data()).path()
                        + " carried into the sandbox",
                started, afterEdit);
    }

    /** Applies recorded mutations to the sandbox (contents from blobs, or an edit's content) and writes their copies. */
    private List<String> applyRecordedMutations(List<Event> mutations, String newCause) throws IOException {
        List<String> written = new ArrayList<>();
        if (mutations.isEmpty()) {
            return written;
        }
        for (Event m : mutations) {
            if (plan.isDropped(m)) {
                continue;
            }
            StateMutationData recorded = StateMutationData.from(m.data());
            String path = WorkspacePaths.normalize(recorded.path());
            ObjectNode data = m.data().deepCopy();
            if (recorded.op() == MutationOp.DELETE) {
                ExecResult removed = sandbox.exec(List.of("rm", "-f", "--", path), null, Map.of(), Duration.ofSeconds(30));
                if (!removed.succeeded()) {
                    throw new IOException("could not apply recorded delete of " + path + ": " + removed.stderrText());
                }
            } else {
                int mode = CheckpointFiles.parseMode(m.data().path(StateMutationData.MODE).asText("0644"));
                WorkspaceFile file;
                if (m.data().hasNonNull(StateMutationData.SYMLINK)) {
                    file = WorkspaceFile.symlink(path, recorded.symlink());
                } else {
                    byte[] content = editedContent(recorded).orElse(null);
                    if (content == null) {
                        content = CheckpointFiles.blob(blobs, recorded.after(), "mutation " + m.id());
                    } else {
                        data.put(StateMutationData.AFTER, out.blob(content));
                    }
                    file = WorkspaceFile.regular(path, content, mode);
                }
                sandbox.putFiles(List.of(file));
            }
            data.remove(StateMutationData.CONTENT);
            data.remove(StateMutationData.CONTENT_BASE64);
            ReplayMarks.of(m.id()).into(data);
            NewEvent draft = draft(m, data, newCause);
            written.add(out.append(draft).id());
        }
        manifest = sandbox.manifest();
        return written;
    }

    private static Optional<byte[]> editedContent(StateMutationData mutation) {
        if (mutation.content() != null) {
            return Optional.of(mutation.content().getBytes(StandardCharsets.UTF_8));
        }
        if (mutation.contentBase64() != null) {
            return Optional.of(Base64.getDecoder().decode(mutation.contentBase64()));
        }
        return Optional.empty();
    }

    private void sandboxLost(Event at, SandboxLostException lost) {
        ObjectNode data = new SandboxLostData("the replay's sandbox stopped while replaying " + at.id(), sandbox.containerId(),
                lost.state() == null || lost.state().exitCode() == null ? null : lost.state().exitCode().longValue(),
                lost.state() != null && lost.state().oomKilled()).toPayload();
        out.append(NewEvent.of(out.run(), "harness", EventType.SANDBOX_LOST).causes(at.id()).touches(StateKind.PROCESS, StateKind.WORKSPACE)
                .data(data));
        stop(ReplayResult.StopReason.SANDBOX_LOST, "the replay's sandbox stopped while replaying " + at.id() + ": " + lost.getMessage());
    }

    // ---- writing -------------------------------------------------------------------------------------------------

    /**
     * The replayed call's actual workspace changes, each linked to the recorded mutation of the same path if any, with
     * the new contents stored: from the listing where it sent them, else pulled from the sandbox.
     */
    private boolean writeActualMutations(Event newCall, WorkspaceListing listed, SortedMap<String, WorkspaceComparison.Change> changes,
                                         List<Event> recordedMutations) {
        if (changes.isEmpty()) {
            return false;
        }
        WorkspaceManifest after = listed.manifest();
        Map<String, Event> recordedByPath = new HashMap<>();
        recordedMutations.forEach(m -> recordedByPath.put(StateMutationData.from(m.data()).path(), m));
        Map<String, byte[]> contents = new HashMap<>(listed.contents());
        List<String> missing = new ArrayList<>();
        for (String path : changes.keySet()) {
            ManifestEntry now = after.get(path);
            if (now != null && !now.isSymlink() && !contents.containsKey(path)) {
                missing.add(path);
            }
        }
        if (!missing.isEmpty()) {
            contents.putAll(sandbox.pullFiles(missing));
        }
        for (Map.Entry<String, WorkspaceComparison.Change> change : changes.entrySet()) {
            String path = change.getKey();
            ManifestEntry before = manifest.get(path);
            if (before != null && !before.isSymlink()) {
                keepInBundle(before.sha256());
            }
            ManifestEntry now = after.get(path);
            if (now != null) {
                if (now.isSymlink()) {
                    out.blob(now.linkTarget().getBytes(StandardCharsets.UTF_8));
                } else if (contents.containsKey(path)) {
                    out.blob(contents.get(path));
                }
            }
            ObjectNode data = SandboxPayloads.mutation(path, change.getValue().op(), before, now).toPayload();
            Event recorded = recordedByPath.get(path);
            List<String> causes = new ArrayList<>(List.of(newCall.id()));
            if (recorded != null) {
                ReplayMarks.of(recorded.id()).into(data);
                causes.add(recorded.id());
            }
            out.append(NewEvent.of(out.run(), "sandbox", EventType.STATE_MUTATION).causes(causes).touches(StateKind.WORKSPACE).data(data));
        }
        return true;
    }

    private Event writeResult(Event newCall, Optional<Event> recorded, ExecResult result, StepStatus status, List<FieldDiff> diffs,
                              boolean changedWorkspace, Classified classified) {
        ObjectNode data = SandboxPayloads.result(ToolCallData.from(newCall.data()).callId(), result, "killed at the replay's timeout",
                sandbox::outOfMemoryError, out::blob).toPayload();
        ReplayMarks.of(recorded.map(Event::id).orElse(null)).withReplay(replayInfo(status, diffs, classified, List.of())).into(data);
        List<String> causes = new ArrayList<>(List.of(newCall.id()));
        recorded.ifPresent(r -> causes.add(r.id()));
        NewEvent draft = NewEvent.of(out.run(), "sandbox", EventType.TOOL_RESULT).causes(causes).touches(StateKind.HARNESS).data(data);
        if (changedWorkspace) {
            draft.touches(StateKind.WORKSPACE);
        }
        Event written = out.append(draft);
        recorded.ifPresent(r -> replayed.put(r.id(), written.id()));
        return written;
    }

    private static ReplayStepData replayInfo(StepStatus status, List<FieldDiff> diffs) {
        return replayInfo(status, diffs, Classified.NONE, List.of());
    }

    private static ReplayStepData replayInfo(StepStatus status, List<FieldDiff> diffs, Classified classified, List<String> normalizations) {
        return ReplayStepData.of(status.wireName(), diffs.stream().map(FieldDiff::toJson).toList(),
                classified.kind() == null ? null : classified.kind().wireName(), classified.cause(),
                diffs.isEmpty() ? List.of() : normalizations);
    }

    /** The start of the tool.result a replay writes for {@code call}: its callId. */
    private static ToolResultData resultOf(Event call) {
        return ToolResultData.of(ToolCallData.from(call.data()).callId());
    }

    /** The call's arguments as JSON text ("" when it has none), for diagnosing the paths it names. */
    private static String argumentsText(Event call) {
        return call.data().path(ToolCallData.ARGUMENTS).toString();
    }

    /** A copy of a recorded event in the new run: same type, actor and state, data with replayOf, causes mapped. */
    private Event copy(Event recorded) {
        ObjectNode data = ReplayMarks.of(recorded.id()).into(recorded.data().deepCopy());
        Event written = out.append(draft(recorded, data, null));
        replayed.put(recorded.id(), written.id());
        return written;
    }

    private Event note(Event recorded, String text) {
        ObjectNode data = ReplayMarks.of(recorded.id()).into(NoteData.of(text).toPayload());
        Event written = out.append(NewEvent.of(out.run(), "harness", EventType.NOTE).causes(recorded.id()).touches(StateKind.HARNESS).data(data));
        replayed.put(recorded.id(), written.id());
        return written;
    }

    private NewEvent draft(Event recorded, ObjectNode data, String extraCause) {
        List<String> causes = new ArrayList<>();
        if (extraCause != null) {
            causes.add(extraCause);
        }
        causes.addAll(causes(recorded));
        NewEvent draft = NewEvent.ofRawType(out.run(), recorded.actor(), recorded.type())
                .causes(List.copyOf(new LinkedHashSet<>(causes))).data(data);
        recorded.state().forEach(draft::touches);
        return draft;
    }

    /** The recorded causes, each replaced by its replay where there is one, then the recorded event itself. */
    private List<String> causes(Event recorded) {
        List<String> causes = new ArrayList<>();
        for (String cause : recorded.causes()) {
            causes.add(replayed.getOrDefault(cause, cause));
        }
        causes.add(recorded.id());
        return List.copyOf(new LinkedHashSet<>(causes));
    }

    private int beginStep(Event event) {
        int number = steps.size() + 1;
        listener.stepStarted(number, totalSteps, label(event));
        return number;
    }

    private StepResult step(int number, Event event, String replayEventId, StepStatus status, List<FieldDiff> diffs, String note,
                            long startedNanos, boolean afterEdit) {
        Classified classified = diffs.isEmpty() || !(status == StepStatus.DIVERGED || status == StepStatus.EXPECTED_DIVERGENCE)
                ? Classified.NONE : new Classified(DivergenceClass.BEHAVIOUR, null);
        return step(number, event, replayEventId, status, diffs, note, startedNanos, afterEdit, classified, List.of());
    }

    private StepResult step(int number, Event event, String replayEventId, StepStatus status, List<FieldDiff> diffs, String note,
                            long startedNanos, boolean afterEdit, Classified classified, List<String> normalizations) {
        String tool = event.is(EventType.CHECKPOINT) ? CheckpointData.from(event.data()).checkpointId() : event.text(ToolCallData.TOOL);
        if (event.is(EventType.STATE_MUTATION)) {
            tool = StateMutationData.from(event.data()).path();
        }
        return new StepResult(number, event.id(), replayEventId, event.type(), event.text(ToolCallData.CALL_ID), tool,
                event.text(ToolCallData.EFFECT),
                status, diffs, note, (System.nanoTime() - startedNanos) / 1_000_000, afterEdit, classified.kind(), classified.cause(),
                normalizations);
    }

    static String label(Event event) {
        StringBuilder s = new StringBuilder(event.id()).append(' ').append(event.type());
        String callId = event.text(ToolCallData.CALL_ID);
        String tool = event.text(ToolCallData.TOOL);
        String checkpointId = event.text(CheckpointData.CHECKPOINT_ID);
        String path = event.text(StateMutationData.PATH);
        if (callId != null) {
            s.append(' ').append(callId);
        }
        if (tool != null) {
            s.append(" (").append(tool);
            String effect = event.text(ToolCallData.EFFECT);
            if (effect != null) {
                s.append(", ").append(effect);
            }
            s.append(')');
        } else if (checkpointId != null) {
            s.append(' ').append(checkpointId);
        } else if (path != null) {
            s.append(' ').append(path);
        }
        return s.toString();
    }

    private static String summary(Event event) {
        for (String field : List.of(ApprovalDecisionData.VERDICT, ApprovalRequestData.REASON, NoteData.TEXT, ErrorData.MESSAGE)) {
            if (event.text(field) != null) {
                return field + ": " + event.text(field);
            }
        }
        return "no details";
    }

    /**
     * Writes a blob the replay's events name into the bundle when it lives elsewhere: the files of a supplied starting
     * tree are not in the bundle until a replayed change names their content as its {@code before}.
     */
    private void keepInBundle(String hash) {
        if (!(blobs instanceof LayeredBlobs layered) || layered.first().contains(hash)) {
            return;
        }
        try {
            layered.second().read(hash).ifPresent(out::blob);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String lastLine(String text) {
        return text.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("").strip();
    }
}
