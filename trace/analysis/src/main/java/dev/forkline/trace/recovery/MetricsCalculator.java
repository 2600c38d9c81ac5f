package dev.forkline.trace.recovery;

import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.payload.RevertData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.FailureKind;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.columns.DataSkim;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.state.ExternalEffect;
import dev.forkline.trace.state.ModelSpend;
import dev.forkline.trace.state.StateReconstructor;
import dev.forkline.trace.state.Tokens;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Computes {@link RecoveryMetrics} from an indexed trace. Events are found by kind in the columns and parsed only where
 * their payload is read (a large trace is read lazily); model calls' usage and cost are skimmed from their lines, once.
 */
final class MetricsCalculator {

    private final TraceIndex index;
    private final EventColumns columns;
    private final int[] lines;
    private final StateReconstructor states;
    private final DataSkim usage;
    /** By file-order index, once read: model calls' spend is summed for the runs and again for lost work. */
    private final ModelSpend[] spend;

    private MetricsCalculator(TraceIndex index, int[] lines) {
        this.index = index;
        this.columns = index.columns();
        this.lines = lines;
        this.states = new StateReconstructor(index, BlobSource.NONE);
        this.usage = new DataSkim(index.events(), ModelSpend.MEMBERS);
        this.spend = new ModelSpend[index.size()];
    }

    static RecoveryMetrics compute(String traceId, String title, TraceIndex index, int[] lines) {
        return new MetricsCalculator(index, lines).compute(traceId, title);
    }

    private RecoveryMetrics compute(String traceId, String title) {
        List<RunInfo> runs = index.runs().stream().sorted(Comparator.comparing(RunInfo::firstTs)).toList();
        Map<String, List<Failure>> failuresByRun = new HashMap<>();
        runs.forEach(run -> failuresByRun.put(run.id(), failuresOf(run.id())));

        Map<String, String> recoveryOf = new HashMap<>();
        List<Incident> incidents = new ArrayList<>();
        for (RunInfo run : runs) {
            List<Failure> failures = failuresByRun.get(run.id());
            if (failures.isEmpty() || recoveryOf.containsKey(run.id())) {
                continue;
            }
            List<RunInfo> attempts = descendantsStartedAtOrAfter(run.id(), failures.getFirst().ts());
            attempts.forEach(attempt -> recoveryOf.putIfAbsent(attempt.id(), run.id()));
            incidents.add(incident(run, failures, attempts));
        }
        List<RunMetrics> runMetrics = new ArrayList<>();
        for (RunInfo run : index.runs()) {
            runMetrics.add(runMetrics(run, failuresByRun.get(run.id()), recoveryOf.get(run.id())));
        }
        return new RecoveryMetrics(traceId, title, runMetrics, incidents);
    }

    private RunMetrics runMetrics(RunInfo run, List<Failure> failures, String recoveryOf) {
        int modelCalls = 0;
        RunSpend.Builder spendOfRun = new RunSpend.Builder();
        List<RevertInfo> reverts = new ArrayList<>();
        Event lastEnd = null;
        for (int i : index.indexesOf(run.id())) {
            EventType kind = columns.kind(i);
            if (kind == EventType.MODEL_CALL) {
                modelCalls++;
                spendOfRun.add(spendOf(i));
            } else if (kind == EventType.REVERT) {
                Event event = index.get(i);
                JsonNode duration = event.data().get(RevertData.DURATION_MS);
                reverts.add(new RevertInfo(event.id(), event.run(), lineOf(event), event.ts(), event.text(RevertData.CHECKPOINT),
                        event.text(RevertData.TARGET), duration != null && duration.canConvertToLong() ? duration.asLong() : null));
            } else if (kind == EventType.SESSION_END) {
                lastEnd = index.get(i);
            }
        }
        Detection detection = failures.isEmpty() ? null : detect(failures.getFirst()).orElse(null);
        RunSpend spent = spendOfRun.resolve(lastEnd == null ? null : lastEnd.data());
        return new RunMetrics(run.id(), run.parentRun(), run.reason(), run.outcome(), recoveryOf, run.firstTs(), run.lastTs(),
                run.eventCount(), modelCalls, spent, failures, detection, ReplayResult.of(lastEnd), reverts);
    }

    private List<Failure> failuresOf(String run) {
        List<Failure> failures = new ArrayList<>();
        for (int i : index.indexesOf(run)) {
            if (!columns.has(i, EventFacts.FAILURE)) {
                continue;
            }
            Event event = index.get(i);
            FailureKind.of(event).ifPresent(kind -> failures.add(
                    new Failure(event.id(), event.run(), lineOf(event), event.ts(), kind, Signals.summary(event))));
        }
        return failures;
    }

    /** The first event of the failing run, from the failure on, that acknowledges it. */
    private Optional<Detection> detect(Failure failure) {
        boolean reached = false;
        for (int i : index.indexesOf(failure.run())) {
            reached = reached || columns.id(i).equals(failure.eventId());
            if (reached && Signals.acknowledges(columns.kind(i))) {
                Event event = index.get(i);
                return Optional.of(new Detection(failure.eventId(), event.id(), event.type(), event.ts(),
                        Duration.between(failure.ts(), event.ts())));
            }
        }
        return Optional.empty();
    }

    /** Runs forked from {@code run} (directly or through other forks) whose first event is not before {@code from}. */
    private List<RunInfo> descendantsStartedAtOrAfter(String run, Instant from) {
        List<RunInfo> found = new ArrayList<>();
        List<String> frontier = new ArrayList<>(List.of(run));
        Map<String, Boolean> seen = new LinkedHashMap<>();
        seen.put(run, true);
        while (!frontier.isEmpty()) {
            String parent = frontier.removeFirst();
            for (RunInfo child : index.children(parent)) {
                if (seen.putIfAbsent(child.id(), true) == null) {
                    frontier.add(child.id());
                    if (!child.firstTs().isBefore(from)) {
                        found.add(child);
                    }
                }
            }
        }
        found.sort(Comparator.comparing(RunInfo::firstTs));
        return found;
    }

    private Incident incident(RunInfo run, List<Failure> failures, List<RunInfo> candidates) {
        Failure first = failures.getFirst();
        Lineage failing = index.lineage(run.id());
        int failurePosition = failing.positionOf(first.eventId());

        List<String> attempts = new ArrayList<>();
        RunInfo recovering = null;
        for (RunInfo candidate : candidates) {
            attempts.add(candidate.id());
            if ("success".equals(candidate.outcome())) {
                recovering = candidate;
                break;
            }
        }

        int restorePosition;
        Recovery recovery;
        if (recovering != null) {
            restorePosition = branchPosition(failing, index.lineage(recovering.id()));
            Event restorePoint = restorePosition < 0 ? null : failing.get(restorePosition);
            Event end = lastSessionEnd(recovering.id());
            String checkpointId = recovering.parentRun() != null && recovering.parentRun().equals(run.id())
                    ? recovering.forkCheckpointId() : restorePoint == null ? null : checkpointIdOf(restorePoint);
            recovery = new Recovery(attempts, recovering.id(), checkpointId, restorePoint == null ? null : restorePoint.id(),
                    recovering.firstTs(), end.ts(), Duration.between(first.ts(), recovering.firstTs()),
                    Duration.between(first.ts(), end.ts()));
        } else {
            restorePosition = lastCheckpointBefore(failing, failurePosition);
            recovery = new Recovery(attempts, null, null, null, null, null, null, null);
        }
        return new Incident(run.id(), first, failures.size(), detect(first).orElse(null), recovery,
                cost(failing, restorePosition, failurePosition, candidatesUpTo(candidates, attempts.size())),
                blastRadius(run.id(), failing, restorePosition));
    }

    private static List<RunInfo> candidatesUpTo(List<RunInfo> candidates, int count) {
        return candidates.subList(0, Math.min(count, candidates.size()));
    }

    /** The last position of {@code failing} that {@code recovering}'s lineage shares with it (-1 when none). */
    private static int branchPosition(Lineage failing, Lineage recovering) {
        int shared = -1;
        int limit = Math.min(failing.size(), recovering.size());
        for (int p = 0; p < limit && failing.indexAt(p) == recovering.indexAt(p); p++) {
            shared = p;
        }
        return shared;
    }

    private int lastCheckpointBefore(Lineage lineage, int position) {
        for (int p = position - 1; p >= 0; p--) {
            if (columns.is(lineage.indexAt(p), EventType.CHECKPOINT)) {
                return p;
            }
        }
        return -1;
    }

    private static String checkpointIdOf(Event event) {
        if (event.is(EventType.CHECKPOINT)) {
            String id = event.text(CheckpointData.CHECKPOINT_ID);
            return id != null ? id : event.id();
        }
        return null;
    }

    private Event lastSessionEnd(String run) {
        int[] own = index.indexesOf(run);
        for (int k = own.length - 1; k >= 0; k--) {
            if (columns.is(own[k], EventType.SESSION_END)) {
                return index.get(own[k]);
            }
        }
        throw new IllegalStateException("run " + run + " has an outcome but no session.end");
    }

    private RecoveryCost cost(Lineage failing, int restorePosition, int failurePosition, List<RunInfo> attempts) {
        List<String> lost = new ArrayList<>();
        Tokens lostTokens = Tokens.ZERO;
        BigDecimal lostCost = BigDecimal.ZERO;
        Tokens originalTokens = Tokens.ZERO;
        BigDecimal originalCost = BigDecimal.ZERO;
        for (int p = 0; p < failing.size(); p++) {
            int i = failing.indexAt(p);
            if (!columns.is(i, EventType.MODEL_CALL)) {
                continue;
            }
            ModelSpend call = spendOf(i);
            originalTokens = originalTokens.plus(call.tokens());
            originalCost = originalCost.add(call.costUsd());
            if (p > restorePosition && p < failurePosition) {
                lost.add(columns.id(i));
                lostTokens = lostTokens.plus(call.tokens());
                lostCost = lostCost.add(call.costUsd());
            }
        }
        BigDecimal compute = null;
        for (RunInfo attempt : attempts) {
            ReplayResult replay = attempt.outcome() == null ? null : ReplayResult.of(lastSessionEnd(attempt.id()));
            if (replay != null && replay.replayComputeMs() != null) {
                compute = (compute == null ? BigDecimal.ZERO : compute).add(replay.replayComputeMs());
            }
        }
        return new RecoveryCost(lost, lostTokens, lostCost, compute, originalTokens, originalCost);
    }

    private BlastRadius blastRadius(String run, Lineage failing, int restorePosition) {
        List<EffectRef> committed = new ArrayList<>();
        List<EffectRef> unknown = new ArrayList<>();
        for (ExternalEffect effect : states.atEnd(run).external().effects()) {
            if (failing.positionOf(effect.call().id()) <= restorePosition) {
                continue;
            }
            switch (effect.status()) {
                case COMMITTED -> committed.add(ref(effect, "committed"));
                case UNKNOWN, IN_FLIGHT -> unknown.add(ref(effect, "unknown"));
                case FAILED -> {
                }
            }
        }
        return new BlastRadius(restorePosition < 0 ? null : failing.get(restorePosition).id(), committed, unknown);
    }

    private EffectRef ref(ExternalEffect effect, String status) {
        Event call = effect.call();
        return new EffectRef(call.id(), call.run(), lineOf(call), call.text(ToolCallData.TOOL), call.text(ToolCallData.CALL_ID), status,
                call.text(ToolCallData.IDEMPOTENCY_KEY));
    }

    private ModelSpend spendOf(int modelCall) {
        ModelSpend known = spend[modelCall];
        if (known == null) {
            known = ModelSpend.of(usage.of(modelCall));
            spend[modelCall] = known;
        }
        return known;
    }

    private long lineOf(Event event) {
        int at = index.indexOf(event.id());
        return lines == null || at < 0 || at >= lines.length ? 0 : lines[at];
    }
}
