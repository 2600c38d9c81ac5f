package dev.forkline.trace.state;

import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.StateMutationData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.RunForkData;
import dev.forkline.trace.payload.RevertTarget;
import dev.forkline.trace.payload.RevertData;
import dev.forkline.trace.payload.ProcessStartData;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.payload.ApprovalDecisionData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.ToolResults;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.columns.DataSkim;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import dev.forkline.trace.index.CheckpointInfo;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.index.TraceIndex;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one pass over a run's lineage learns, kept as sorted position arrays so that the state at any point is a few
 * binary searches plus the work since the nearest checkpoint.
 *
 * <p>The pass reads the trace's {@link EventColumns} (kind, callId, causes, checkpoint ids) and parses only the events
 * whose payload it needs: model calls (just their usage and cost, see {@link DataSkim}), approvals, reverts,
 * forks and process events. With a lazily loaded trace the other events (tool calls and results, mutations,
 * checkpoints, messages...) stay unparsed until a question about a point needs them.
 */
final class RunModel {

    static final int NEVER = Integer.MAX_VALUE;
    static final String DEFAULT_ROOT = "/workspace";

    private final TraceIndex index;
    private final EventColumns columns;
    private final Lineage lineage;
    private final BlobSource blobs;

    private int sessionStart = -1;
    private final IntList sessionEnds = new IntList();
    private final IntList modelCalls = new IntList();
    private final UsageTotals usageTotals = new UsageTotals();
    private final IntList messages = new IntList();

    private final IntList calls = new IntList();
    private final IntList callResults = new IntList();
    private final IntList externalCalls = new IntList();
    private final Map<Integer, IntList> decisionsByCall = new HashMap<>();
    private final IntList losses = new IntList();

    private final IntList requests = new IntList();
    private final IntList requestDecisions = new IntList();
    private final IntList escapes = new IntList();

    private final IntList baselines = new IntList();
    /** The file-order index of the checkpoint event each baseline starts from. */
    private final IntList baselineCheckpoints = new IntList();
    private final Map<Integer, Baseline> baselineTrees = new ConcurrentHashMap<>();
    private final IntList mutations = new IntList();

    private final IntList processStarts = new IntList();
    private final IntList processEnds = new IntList();

    RunModel(TraceIndex index, Lineage lineage, BlobSource blobs) {
        this.index = index;
        this.columns = index.columns();
        this.lineage = lineage;
        this.blobs = blobs;
        new Pass().run();
    }

    Lineage lineage() {
        return lineage;
    }

    /** One pass over the lineage that fills the position arrays; it parses only the events whose payload it reads. */
    private final class Pass {
        final Map<String, Integer> callByEventId = new HashMap<>();
        final Map<String, Deque<Integer>> openCallsByCallId = new HashMap<>();
        final Map<String, Integer> requestByEventId = new HashMap<>();
        final Map<String, List<Integer>> requestsBySubject = new HashMap<>();
        final Map<String, Deque<Integer>> runningByPid = new HashMap<>();
        final Set<Integer> running = new LinkedHashSet<>();
        final DataSkim usage = new DataSkim(index.events(), ModelSpend.MEMBERS);

        void run() {
            for (int pos = 0; pos < lineage.size(); pos++) {
                int at = lineage.indexAt(pos);
                switch (columns.kind(at)) {
                    case SESSION_START -> {
                        if (sessionStart < 0) {
                            sessionStart = pos;
                        }
                    }
                    case SESSION_END -> {
                        sessionEnds.add(pos);
                        losses.add(pos);
                    }
                    case MODEL_CALL -> {
                        modelCalls.add(pos);
                        usageTotals.add(usage.of(at));
                    }
                    case AGENT_MESSAGE -> messages.add(pos);
                    case TOOL_CALL -> toolCall(pos, at);
                    case TOOL_RESULT -> toolResult(pos, at);
                    case APPROVAL_REQUEST -> approvalRequest(pos, index.get(at));
                    case APPROVAL_DECISION -> approvalDecision(pos, index.get(at));
                    case ESCAPE_ATTEMPT -> escapes.add(pos);
                    case STATE_MUTATION -> mutations.add(pos);
                    case CHECKPOINT -> baseline(pos, at);
                    case REVERT -> {
                        Event revert = index.get(at);
                        int checkpoint = resolveCheckpoint(revert.text(RevertData.CHECKPOINT));
                        if (checkpoint >= 0) {
                            baseline(pos, checkpoint);
                        }
                        if (RevertTarget.CONTAINER.wireName().equals(revert.text(RevertData.TARGET))) {
                            endAllProcesses(pos);
                        }
                    }
                    case RUN_FORK -> {
                        int checkpoint = resolveCheckpoint(index.get(at).text(RunForkData.CHECKPOINT));
                        if (checkpoint >= 0) {
                            baseline(pos, checkpoint);
                        }
                    }
                    case SANDBOX_LOST -> {
                        losses.add(pos);
                        endAllProcesses(pos);
                    }
                    case HARNESS_RESTART -> losses.add(pos);
                    case PROCESS_START -> processStart(pos, index.get(at));
                    case PROCESS_EXIT -> processExit(pos, index.get(at));
                    default -> {
                    }
                }
            }
        }

        void toolCall(int pos, int at) {
            int ordinal = calls.size();
            calls.add(pos);
            callResults.add(NEVER);
            callByEventId.put(columns.id(at), ordinal);
            String callId = columns.callId(at);
            if (callId != null) {
                openCallsByCallId.computeIfAbsent(callId, k -> new ArrayDeque<>()).addLast(ordinal);
            }
            if (columns.has(at, EventFacts.EXTERNAL_CALL)) {
                externalCalls.add(ordinal);
            }
        }

        void toolResult(int pos, int at) {
            Integer ordinal = null;
            for (int k = 0; k < columns.causeCount(at); k++) {
                Integer candidate = callByEventId.get(columns.cause(at, k));
                if (candidate != null && callResults.get(candidate) == NEVER) {
                    ordinal = candidate;
                    break;
                }
            }
            String callId = columns.callId(at);
            Deque<Integer> open = callId == null ? null : openCallsByCallId.get(callId);
            if (ordinal == null && open != null) {
                ordinal = open.pollFirst();
            } else if (ordinal != null) {
                String ownCallId = columns.callId(lineage.indexAt(calls.get(ordinal)));
                Deque<Integer> own = ownCallId == null ? null : openCallsByCallId.get(ownCallId);
                if (own != null) {
                    own.remove(ordinal);
                }
            }
            if (ordinal != null) {
                callResults.set(ordinal, pos);
            }
        }

        void approvalRequest(int pos, Event event) {
            int ordinal = requests.size();
            requests.add(pos);
            requestDecisions.add(NEVER);
            requestByEventId.put(event.id(), ordinal);
            String subject = event.text(ApprovalRequestData.SUBJECT);
            if (subject != null) {
                requestsBySubject.computeIfAbsent(subject, k -> new ArrayList<>()).add(ordinal);
            }
        }

        void approvalDecision(int pos, Event event) {
            Set<String> subjects = new LinkedHashSet<>(event.causes());
            String subject = event.text(ApprovalDecisionData.SUBJECT);
            if (subject != null) {
                subjects.add(subject);
            }
            Set<Integer> answered = new LinkedHashSet<>();
            for (String named : subjects) {
                Integer request = requestByEventId.get(named);
                if (request != null) {
                    answered.add(request);
                }
                answered.addAll(requestsBySubject.getOrDefault(named, List.of()));
            }
            Set<String> callEventIds = new LinkedHashSet<>(subjects);
            for (int request : answered) {
                if (requestDecisions.get(request) == NEVER) {
                    requestDecisions.set(request, pos);
                }
                String requestSubject = lineage.get(requests.get(request)).text(ApprovalRequestData.SUBJECT);
                if (requestSubject != null) {
                    callEventIds.add(requestSubject);
                }
            }
            for (String id : callEventIds) {
                Integer call = callByEventId.get(id);
                if (call != null) {
                    decisionsByCall.computeIfAbsent(call, k -> new IntList()).add(pos);
                }
            }
        }

        void baseline(int pos, int checkpointIndex) {
            baselines.add(pos);
            baselineCheckpoints.add(checkpointIndex);
        }

        /**
         * The file-order index of the latest checkpoint with this id earlier in the lineage, else of the trace's first
         * checkpoint with it; -1 when there is none.
         */
        int resolveCheckpoint(String checkpointId) {
            if (checkpointId == null) {
                return -1;
            }
            for (int b = baselineCheckpoints.size() - 1; b >= 0; b--) {
                int candidate = baselineCheckpoints.get(b);
                if (checkpointId.equals(columns.checkpointId(candidate))) {
                    return candidate;
                }
            }
            return index.checkpoint(checkpointId).map(CheckpointInfo::eventId).map(index::indexOf).orElse(-1);
        }

        void processStart(int pos, Event event) {
            int ordinal = processStarts.size();
            processStarts.add(pos);
            processEnds.add(NEVER);
            runningByPid.computeIfAbsent(pid(event), k -> new ArrayDeque<>()).addLast(ordinal);
            running.add(ordinal);
        }

        void processExit(int pos, Event event) {
            Deque<Integer> withPid = runningByPid.get(pid(event));
            Integer ordinal = withPid == null ? null : withPid.pollLast();
            if (ordinal != null) {
                processEnds.set(ordinal, pos);
                running.remove(ordinal);
            }
        }

        void endAllProcesses(int pos) {
            for (int ordinal : running) {
                processEnds.set(ordinal, pos);
            }
            running.clear();
            runningByPid.clear();
        }

        String pid(Event event) {
            JsonNode pid = event.data().get(ProcessStartData.PID);
            return pid == null ? "" : pid.asText();
        }
    }

    // ---- queries: the state right after the event at lineage position p ----

    SessionState session(int p) {
        int k = PositionList.countUpTo(modelCalls.toArrayView(), modelCalls.size(), p);
        long[] usage = usageTotals.tokensOfFirst(k);
        BigDecimal cost = usageTotals.costOfFirst(k);
        int messageCount = PositionList.countUpTo(messages.toArrayView(), messages.size(), p);
        int ends = PositionList.countUpTo(sessionEnds.toArrayView(), sessionEnds.size(), p);
        String outcome = null;
        if (ends > 0) {
            outcome = lineage.get(sessionEnds.get(ends - 1)).text(SessionEndData.OUTCOME);
            if (outcome == null) {
                outcome = "unknown";
            }
        }
        return new SessionState(sessionStart >= 0 && sessionStart <= p ? lineage.get(sessionStart) : null,
                new PositionList(lineage, modelCalls.toArrayView(), k), new PositionList(lineage, messages.toArrayView(), messageCount),
                usage[0], usage[1], usage[2], usage[3], cost, outcome);
    }

    HarnessState harness(int p) {
        List<Event> pendingCalls = new ArrayList<>();
        for (int c = 0; c < calls.size() && calls.get(c) <= p; c++) {
            if (callResults.get(c) > p) {
                pendingCalls.add(lineage.get(calls.get(c)));
            }
        }
        List<Event> pendingApprovals = new ArrayList<>();
        for (int r = 0; r < requests.size() && requests.get(r) <= p; r++) {
            if (requestDecisions.get(r) > p) {
                pendingApprovals.add(lineage.get(requests.get(r)));
            }
        }
        int escapeCount = PositionList.countUpTo(escapes.toArrayView(), escapes.size(), p);
        return new HarnessState(List.copyOf(pendingCalls), List.copyOf(pendingApprovals),
                new PositionList(lineage, escapes.toArrayView(), escapeCount));
    }

    ProcessState process(int p) {
        List<Event> running = new ArrayList<>();
        for (int s = 0; s < processStarts.size() && processStarts.get(s) <= p; s++) {
            if (processEnds.get(s) > p) {
                running.add(lineage.get(processStarts.get(s)));
            }
        }
        return new ProcessState(List.copyOf(running));
    }

    ExternalState external(int p) {
        List<ExternalEffect> effects = new ArrayList<>();
        int[] lossArray = losses.toArrayView();
        int lossesUpToP = PositionList.countUpTo(lossArray, losses.size(), p);
        for (int e = 0; e < externalCalls.size(); e++) {
            int call = externalCalls.get(e);
            int callPos = calls.get(call);
            if (callPos > p) {
                break;
            }
            Event callEvent = lineage.get(callPos);
            int resultPos = callResults.get(call);
            Event result = null;
            ExternalEffect.Status status;
            if (resultPos <= p) {
                result = lineage.get(resultPos);
                status = ToolResultData.UNKNOWN_OUTCOME.equals(result.text(ToolResultData.OUTCOME)) ? ExternalEffect.Status.UNKNOWN
                        : ToolResults.isError(result) ? ExternalEffect.Status.FAILED : ExternalEffect.Status.COMMITTED;
            } else {
                boolean lostSince = lossesUpToP > PositionList.countUpTo(lossArray, losses.size(), callPos);
                boolean markedUnknown = ToolResultData.UNKNOWN_OUTCOME.equals(callEvent.text(ToolResultData.OUTCOME));
                status = lostSince || markedUnknown ? ExternalEffect.Status.UNKNOWN : ExternalEffect.Status.IN_FLIGHT;
            }
            Event decision = null;
            IntList decisions = decisionsByCall.get(call);
            if (decisions != null) {
                int d = PositionList.countUpTo(decisions.toArrayView(), decisions.size(), p);
                decision = d == 0 ? null : lineage.get(decisions.get(d - 1));
            }
            effects.add(new ExternalEffect(callEvent, result, status, decision));
        }
        return new ExternalState(effects);
    }


    WorkspaceState workspace(int p) {
        int b = PositionList.countUpTo(baselines.toArrayView(), baselines.size(), p) - 1;
        Baseline baseline = b < 0 ? Baseline.NONE : baselineTree(b);
        int checkpoint = b < 0 ? -1 : baselineCheckpoints.get(b);
        int from = b < 0 ? -1 : baselines.get(b);
        int[] mutationArray = mutations.toArrayView();
        int first = PositionList.countUpTo(mutationArray, mutations.size(), from);
        int end = PositionList.countUpTo(mutationArray, mutations.size(), p);
        TreeMap<String, FileEntry> files = new TreeMap<>(baseline.files());
        Map<String, String> firstOps = new HashMap<>();
        Map<String, String> lastEvents = new HashMap<>();
        for (int m = first; m < end; m++) {
            Event mutation = lineage.get(mutationArray[m]);
            String path = WorkspacePaths.relative(mutation.text(StateMutationData.PATH), baseline.root());
            if (path == null) {
                continue;
            }
            String op = mutation.text(StateMutationData.OP);
            firstOps.putIfAbsent(path, op == null ? "modify" : op);
            lastEvents.put(path, mutation.id());
            apply(files, path, op, mutation);
        }
        TreeMap<String, WorkspaceChange> changes = new TreeMap<>();
        for (var touched : lastEvents.entrySet()) {
            String path = touched.getKey();
            String op = netOp(baseline.files().get(path), files.get(path), firstOps.get(path));
            if (op != null) {
                changes.put(path, new WorkspaceChange(path, op, touched.getValue()));
            }
        }
        return new WorkspaceState(files, changes, checkpoint < 0 ? null : checkpointId(checkpoint),
                checkpoint < 0 ? null : columns.id(checkpoint), end - first, blobs);
    }

    private static void apply(Map<String, FileEntry> files, String path, String op, Event mutation) {
        String after = mutation.text(StateMutationData.AFTER);
        String mode = mutation.text(StateMutationData.MODE);
        FileEntry existing = files.get(path);
        if (MutationOp.DELETE.wireName().equals(op)) {
            files.remove(path);
        } else if ("mode".equals(op)) {
            String blob = existing != null ? existing.blob() : after;
            files.put(path, new FileEntry(blob, mode != null ? mode : existing != null ? existing.mode() : FileEntry.DEFAULT_MODE));
        } else if (after == null) {
            files.remove(path);
        } else {
            files.put(path, new FileEntry(after, mode != null ? mode : existing != null ? existing.mode() : FileEntry.DEFAULT_MODE));
        }
    }

    /** The net op of a path from its baseline entry to its current one; null when it ended where it started. */
    private static String netOp(FileEntry before, FileEntry now, String firstOp) {
        if (before == null && now == null) {
            return "create".equals(firstOp) ? null : "delete";
        }
        if (before == null) {
            return "create".equals(firstOp) ? "create" : "modify";
        }
        if (now == null) {
            return "delete";
        }
        if (!java.util.Objects.equals(before.blob(), now.blob())) {
            return "modify";
        }
        return before.mode().equals(now.mode()) ? null : "mode";
    }

    /** The file tree and workspace root of a checkpoint, read from its payload once. */
    private record Baseline(Map<String, FileEntry> files, String root) {
        static final Baseline NONE = new Baseline(Map.of(), DEFAULT_ROOT);
    }

    private Baseline baselineTree(int b) {
        return baselineTrees.computeIfAbsent(b, k -> {
            JsonNode workspace = index.get(baselineCheckpoints.get(k)).data().path(CheckpointData.WORKSPACE);
            Map<String, FileEntry> tree = new HashMap<>();
            for (var file : workspace.path(CheckpointData.WORKSPACE_FILES).properties()) {
                JsonNode entry = file.getValue();
                String blob = entry.path(CheckpointData.FileEntry.BLOB).isTextual() ? entry.path(CheckpointData.FileEntry.BLOB).textValue() : null;
                tree.put(file.getKey(), new FileEntry(blob, entry.path(CheckpointData.FileEntry.MODE).asText(FileEntry.DEFAULT_MODE)));
            }
            return new Baseline(Map.copyOf(tree), workspace.path(CheckpointData.WORKSPACE_ROOT).asText(DEFAULT_ROOT));
        });
    }

    private String checkpointId(int checkpoint) {
        String id = columns.checkpointId(checkpoint);
        return id != null ? id : columns.id(checkpoint);
    }
}
