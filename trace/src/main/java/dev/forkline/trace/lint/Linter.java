package dev.forkline.trace.lint;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.verify.Problem;
import dev.forkline.trace.verify.VerificationReport;
import dev.forkline.trace.verify.Verifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds what makes a trace hard to trust or to replay, with stable codes ({@link LintCodes}). Findings come sorted by
 * line; a finding that would repeat for many events of a run (e.g. every mutation before the first checkpoint) is
 * reported once, on the first such event, with the count in its message.
 */
public final class Linter {

    private final TraceIndex index;
    private final int[] lines;
    private final List<Finding> findings = new ArrayList<>();

    private Linter(TraceIndex index, int[] lines) {
        this.index = index;
        this.lines = lines;
    }

    /** Verifies the bundle (blobs included) and lints it. */
    public static List<Finding> lint(Bundle bundle) {
        TraceIndex index = TraceIndex.of(bundle.events());
        return lint(index, bundle.lines(), Verifier.verify(index, bundle.lines(), bundle.blobs(), List.of()));
    }

    /** Lints events without their blobs (the verifier checks hashes, chains, ids and causes only). */
    public static List<Finding> lint(TraceIndex index, int[] lines) {
        return lint(index, lines, Verifier.verify(index, lines, null, List.of()));
    }

    /**
     * @param lines        {@code lines[i]} is the line of event {@code i}, or null when unknown
     * @param verification the verifier's report for the same events, turned into findings
     */
    public static List<Finding> lint(TraceIndex index, int[] lines, VerificationReport verification) {
        Linter linter = new Linter(index, lines);
        linter.verification(verification);
        linter.sessions();
        linter.toolCalls();
        linter.mutationsOutsideCheckpoints();
        linter.forks();
        linter.approvals();
        linter.perEvent();
        linter.findings.sort(Comparator.comparingLong(Finding::line));
        return List.copyOf(linter.findings);
    }

    private long lineOf(int i) {
        return lines == null || i < 0 || i >= lines.length ? 0 : lines[i];
    }

    private void add(Finding.Severity severity, String code, String message, int eventIndex) {
        findings.add(new Finding(severity, code, message, eventIndex < 0 ? null : index.get(eventIndex).id(), lineOf(eventIndex)));
    }

    private void verification(VerificationReport report) {
        for (Problem problem : report.problems()) {
            String code = switch (problem.code()) {
                case "hash-mismatch", "prev-chain-break", "missing-hash" -> LintCodes.HASH_CHAIN_BREAK;
                case "fork-point-unknown" -> LintCodes.FORK_FROM_UNKNOWN_CHECKPOINT;
                default -> problem.code();
            };
            findings.add(Finding.error(code, problem.message(), problem.eventId(), problem.line()));
        }
    }

    private void sessions() {
        for (RunInfo run : index.runs()) {
            int[] own = index.indexesOf(run.id());
            Event first = index.get(own[0]);
            if (!run.isFork()) {
                if (!first.is(EventType.SESSION_START)) {
                    add(Finding.Severity.ERROR, LintCodes.MISSING_SESSION_START, "root run '" + run.id() + "' starts with "
                            + first.type() + ", not session.start: environment and model are unknown", own[0]);
                } else {
                    sessionIdentity(own[0], first);
                }
            }
            if (run.outcome() == null) {
                add(Finding.Severity.INFO, LintCodes.RUN_WITHOUT_END, "run '" + run.id() + "' has no session.end: its outcome is unknown",
                        own[own.length - 1]);
            }
            int unnamedCalls = 0;
            int firstUnnamed = -1;
            for (int i : own) {
                Event event = index.get(i);
                if (event.is(EventType.MODEL_CALL) && blank(event.data().get("model"))) {
                    if (unnamedCalls++ == 0) {
                        firstUnnamed = i;
                    }
                }
            }
            if (unnamedCalls > 0) {
                add(Finding.Severity.WARNING, LintCodes.MISSING_MODEL_IDENTITY, unnamedCalls + " model.call event(s) of run '" + run.id()
                        + "' do not name their model", firstUnnamed);
            }
        }
    }

    private void sessionIdentity(int i, Event start) {
        JsonNode model = start.data().get("model");
        if (model == null || !model.isObject() || blank(model.get("model"))) {
            add(Finding.Severity.WARNING, LintCodes.MISSING_MODEL_IDENTITY,
                    "session.start does not name the model (data.model.model): a replay cannot ask the same model", i);
        }
        JsonNode environment = start.data().get("environment");
        if (environment == null || !environment.isObject()) {
            add(Finding.Severity.WARNING, LintCodes.MISSING_ENVIRONMENT_IDENTITY,
                    "session.start has no data.environment: a replay cannot rebuild the sandbox the run saw", i);
        } else if (blank(environment.get("image")) && blank(environment.get("imageDigest"))) {
            add(Finding.Severity.WARNING, LintCodes.MISSING_ENVIRONMENT_IDENTITY,
                    "session.start's environment names no image or imageDigest: a replay cannot rebuild the sandbox the run saw", i);
        }
    }

    private static boolean blank(JsonNode node) {
        return node == null || !node.isTextual() || node.textValue().isBlank();
    }

    private void toolCalls() {
        Set<String> answeredCallIds = new HashSet<>();
        Map<String, List<Integer>> resultsByCallId = new HashMap<>();
        for (int i = 0; i < index.size(); i++) {
            Event event = index.get(i);
            if (event.is(EventType.TOOL_RESULT)) {
                answeredCallIds.addAll(event.causes());
                String callId = event.text("callId");
                if (callId != null) {
                    resultsByCallId.computeIfAbsent(callId, k -> new ArrayList<>()).add(i);
                }
            }
        }
        Map<String, List<Integer>> callsByCallId = new HashMap<>();
        for (int i = 0; i < index.size(); i++) {
            Event event = index.get(i);
            if (event.is(EventType.TOOL_CALL)) {
                String callId = event.text("callId");
                if (callId != null) {
                    callsByCallId.computeIfAbsent(callId, k -> new ArrayList<>()).add(i);
                }
                boolean answered = answeredCallIds.contains(event.id())
                        || callId != null && anyInLineageAfter(resultsByCallId.get(callId), i, true);
                if (!answered) {
                    add(Finding.Severity.WARNING, LintCodes.TOOL_CALL_WITHOUT_RESULT, "tool.call " + quote(callId) + " (" + event.text("tool")
                            + ") never got a tool.result: its effect is unknown", i);
                }
            }
        }
        for (int i = 0; i < index.size(); i++) {
            Event event = index.get(i);
            if (event.is(EventType.TOOL_RESULT)) {
                boolean causedByCall = event.causes().stream().map(index::event)
                        .anyMatch(cause -> cause.isPresent() && cause.get().is(EventType.TOOL_CALL));
                String callId = event.text("callId");
                if (!causedByCall && (callId == null || !anyInLineageAfter(callsByCallId.get(callId), i, false))) {
                    add(Finding.Severity.WARNING, LintCodes.RESULT_WITHOUT_CALL, "tool.result " + quote(callId)
                            + " answers no tool.call of its run's lineage", i);
                }
            }
        }
    }

    /**
     * Whether one of {@code candidates} pairs with event {@code i}: for a call ({@code candidatesAreResults}), a result
     * whose lineage holds the call; for a result, a call in the result's lineage.
     */
    private boolean anyInLineageAfter(List<Integer> candidates, int i, boolean candidatesAreResults) {
        if (candidates == null) {
            return false;
        }
        for (int candidate : candidates) {
            int later = candidatesAreResults ? candidate : i;
            int earlier = candidatesAreResults ? i : candidate;
            var lineage = index.lineage(index.get(later).run());
            int earlierPosition = lineage.positionOfIndex(earlier);
            if (earlierPosition >= 0 && earlierPosition < lineage.positionOfIndex(later)) {
                return true;
            }
        }
        return false;
    }

    private static String quote(String callId) {
        return callId == null ? "(no callId)" : "'" + callId + "'";
    }

    private void mutationsOutsideCheckpoints() {
        for (RunInfo run : index.runs()) {
            var lineage = index.lineage(run.id());
            boolean baseline = false;
            int count = 0;
            int first = -1;
            for (int p = 0; p < lineage.size(); p++) {
                Event event = lineage.get(p);
                if (event.is(EventType.CHECKPOINT) || event.is(EventType.REVERT)) {
                    baseline = true;
                } else if (!baseline && event.is(EventType.STATE_MUTATION) && event.run().equals(run.id())) {
                    if (count++ == 0) {
                        first = lineage.indexAt(p);
                    }
                }
            }
            if (count > 0) {
                add(Finding.Severity.WARNING, LintCodes.MUTATION_OUTSIDE_CHECKPOINT, count + " state.mutation event(s) of run '" + run.id()
                        + "' come before any checkpoint: the files they changed were never captured, so they cannot be restored", first);
            }
        }
    }

    private void forks() {
        for (int i = 0; i < index.size(); i++) {
            Event event = index.get(i);
            if (!event.is(EventType.RUN_FORK)) {
                continue;
            }
            if (index.positionInRun(i) != 0) {
                add(Finding.Severity.ERROR, LintCodes.FORK_NOT_FIRST, "run.fork must be the first event of its run", i);
            }
            var point = index.event(event.text("checkpointEvent"));
            if (point.isEmpty()) {
                continue; // the verifier already reported it (fork-point-unknown)
            }
            Event checkpoint = point.get();
            if (!checkpoint.is(EventType.CHECKPOINT)) {
                add(Finding.Severity.ERROR, LintCodes.FORK_FROM_UNKNOWN_CHECKPOINT, "run.fork starts from " + checkpoint.id()
                        + ", a " + checkpoint.type() + " event, not a checkpoint: there is no captured state to start from", i);
            } else if (event.text("checkpoint") != null && !event.text("checkpoint").equals(checkpoint.text("checkpointId"))) {
                add(Finding.Severity.ERROR, LintCodes.FORK_FROM_UNKNOWN_CHECKPOINT, "run.fork names checkpoint '" + event.text("checkpoint")
                        + "' but its checkpointEvent " + checkpoint.id() + " is checkpoint '" + checkpoint.text("checkpointId") + "'", i);
            }
        }
    }

    private void approvals() {
        Set<String> answered = new HashSet<>();
        for (int i = 0; i < index.size(); i++) {
            Event event = index.get(i);
            if (event.is(EventType.APPROVAL_DECISION)) {
                answered.addAll(event.causes());
                if (event.text("subject") != null) {
                    answered.add(event.text("subject"));
                }
            }
        }
        for (int i = 0; i < index.size(); i++) {
            Event event = index.get(i);
            boolean request = event.is(EventType.APPROVAL_REQUEST);
            if (request || event.is(EventType.APPROVAL_DECISION)) {
                String subject = event.text("subject");
                if (subject != null && index.indexOf(subject) < 0) {
                    add(Finding.Severity.WARNING, LintCodes.UNKNOWN_SUBJECT, event.type() + " is about '" + subject + "', which is no event of this trace", i);
                }
                if (request && !answered.contains(event.id()) && (subject == null || !answered.contains(subject))) {
                    add(Finding.Severity.WARNING, LintCodes.APPROVAL_WITHOUT_DECISION, "approval.request was never decided", i);
                }
            }
        }
    }

    private void perEvent() {
        Map<String, int[]> unknownTypes = new LinkedHashMap<>();
        Map<String, int[]> missingFields = new LinkedHashMap<>();
        for (int at = 0; at < index.size(); at++) {
            final int i = at;
            Event event = index.get(i);
            EventType kind = event.kind();
            if (kind == EventType.UNKNOWN) {
                unknownTypes.computeIfAbsent(event.type(), k -> new int[] {i, 0})[1]++;
                continue;
            }
            for (String field : PayloadContract.REQUIRED.getOrDefault(kind, List.of())) {
                if (!event.data().has(field)) {
                    missingFields.computeIfAbsent(event.type() + "\u0000" + field, k -> new int[] {i, 0})[1]++;
                }
            }
            if (kind == EventType.TOOL_CALL) {
                try {
                    EffectClass.fromWire(event.text("effect"));
                } catch (IllegalArgumentException e) {
                    add(Finding.Severity.ERROR, LintCodes.UNKNOWN_EFFECT_CLASS, "tool.call " + quote(event.text("callId")) + ": "
                            + e.getMessage() + "; replay cannot tell whether to re-execute it", i);
                }
            }
            if (kind == EventType.ESCAPE_ATTEMPT && event.data().path("blocked").isBoolean() && !event.data().path("blocked").booleanValue()) {
                add(Finding.Severity.ERROR, LintCodes.ESCAPE_NOT_BLOCKED, "escape attempt across the " + event.text("boundary")
                        + " boundary was not blocked: " + event.text("attempt"), i);
            }
        }
        unknownTypes.forEach((type, firstAndCount) -> add(Finding.Severity.INFO, LintCodes.UNKNOWN_EVENT_TYPE, firstAndCount[1]
                + " event(s) of unknown type '" + type + "': kept and shown, not interpreted", firstAndCount[0]));
        missingFields.forEach((key, firstAndCount) -> {
            String[] typeAndField = key.split("\u0000");
            add(Finding.Severity.WARNING, LintCodes.MISSING_PAYLOAD_FIELD, firstAndCount[1] + " " + typeAndField[0]
                    + " event(s) lack data." + typeAndField[1], firstAndCount[0]);
        });
    }
}
