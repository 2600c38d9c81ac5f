package dev.forkline.trace.lint;

import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.payload.RunForkData;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.verify.EventSweep;
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
import java.util.function.Supplier;

/**
 * Finds what makes a trace hard to trust or to replay, with stable codes ({@link LintCodes}). Findings come sorted by
 * line; a finding that would repeat for many events of a run (e.g. every mutation before the first checkpoint) is
 * reported once, on the first such event, with the count in its message.
 *
 * <p>The rules that read every payload ({@link PayloadRules}) and the verifier run in one {@link EventSweep}, which
 * shows each event once (and notes what each session.start names, for the rule about each root run's start); the other
 * rules work from the index's columns and parse only the few events they are about (run.fork and approval events).
 */
public final class Linter {

    private final TraceIndex index;
    private final EventColumns columns;
    private final EventFindings eventFindings;
    private final List<Finding> findings = new ArrayList<>();

    private Linter(TraceIndex index, EventFindings eventFindings) {
        this.index = index;
        this.columns = index.columns();
        this.eventFindings = eventFindings;
    }

    /** Verifies the bundle (blobs included) and lints it. */
    public static List<Finding> lint(Bundle bundle) {
        TraceIndex index = TraceIndex.of(bundle.events());
        return lint(index, bundle.lines(), bundle.blobs());
    }

    /** Lints events without their blobs (the verifier checks hashes, chains, ids and causes only). */
    public static List<Finding> lint(TraceIndex index, int[] lines) {
        return lint(index, lines, (BlobSource) null);
    }

    private static List<Finding> lint(TraceIndex index, int[] lines, BlobSource blobs) {
        EventSweep sweep = new EventSweep(index.events());
        Supplier<List<Finding>> findings = lintDuring(sweep, index, lines, blobs);
        sweep.run();
        return findings.get();
    }

    /**
     * @param lines        {@code lines[i]} is the line of event {@code i}, or null when unknown
     * @param verification the verifier's report for the same events, turned into findings
     */
    public static List<Finding> lint(TraceIndex index, int[] lines, VerificationReport verification) {
        EventSweep sweep = new EventSweep(index.events());
        Supplier<List<Finding>> findings = lintDuring(sweep, index, lines, () -> verification);
        sweep.run();
        return findings.get();
    }

    /**
     * Adds verifying (blobs too, unless {@code blobs} is null) and linting the index's events to a sweep that other
     * checks may share, so each event is parsed once for all of them. The findings can be had once the sweep has run.
     */
    public static Supplier<List<Finding>> lintDuring(EventSweep sweep, TraceIndex index, int[] lines, BlobSource blobs) {
        return lintDuring(sweep, index, lines, Verifier.verifyDuring(sweep, index, lines, blobs, List.of()));
    }

    /**
     * As {@link #lintDuring(EventSweep, TraceIndex, int[], BlobSource)}, with the verifier's report coming from
     * elsewhere (a verification the caller added to the same sweep); it is asked for once the sweep has run.
     */
    public static Supplier<List<Finding>> lintDuring(EventSweep sweep, TraceIndex index, int[] lines,
                                                     Supplier<VerificationReport> verification) {
        EventFindings eventFindings = new EventFindings(index.columns(), lines);
        PayloadRules payloadRules = new PayloadRules(eventFindings);
        EventSweep.Parts<PayloadRules.Seen> payloads = sweep.add(payloadRules);
        return () -> {
            PayloadRules.Seen seen = PayloadRules.all(payloads.inFileOrder());
            Linter linter = new Linter(index, eventFindings);
            linter.verification(verification.get());
            linter.sessions(seen);
            linter.findings.addAll(new ToolCallPairing(index, eventFindings).findings());
            linter.mutationsOutsideCheckpoints();
            linter.forks();
            linter.approvals();
            linter.findings.addAll(payloadRules.findings(seen));
            linter.findings.sort(Comparator.comparingLong(Finding::line));
            return List.copyOf(linter.findings);
        };
    }

    static String quote(String callId) {
        return callId == null ? "(no callId)" : "'" + callId + "'";
    }

    private void add(Finding.Severity severity, String code, String message, int eventIndex) {
        findings.add(eventFindings.of(severity, code, message, eventIndex));
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

    /** @param seen what the sweep saw: the model.calls that do not name their model, and each session.start's identity */
    private void sessions(PayloadRules.Seen seen) {
        Map<String, UnnamedCalls> unnamedByRun = new HashMap<>();
        for (int call : seen.unnamedModelCalls) {
            unnamedByRun.computeIfAbsent(columns.run(call), run -> new UnnamedCalls()).add(call, index.positionInRun(call));
        }
        for (RunInfo run : index.runs()) {
            int[] own = index.indexesOf(run.id());
            int first = own[0];
            if (!run.isFork()) {
                if (!columns.is(first, EventType.SESSION_START)) {
                    add(Finding.Severity.ERROR, LintCodes.MISSING_SESSION_START, "root run '" + run.id() + "' starts with "
                            + columns.type(first) + ", not session.start: environment and model are unknown", first);
                } else {
                    SessionIdentity identity = seen.sessionStarts.get(first);
                    sessionIdentity(first, identity != null ? identity : SessionIdentity.of(index.get(first)));
                }
            }
            if (run.outcome() == null) {
                add(Finding.Severity.INFO, LintCodes.RUN_WITHOUT_END, "run '" + run.id() + "' has no session.end: its outcome is unknown",
                        own[own.length - 1]);
            }
            UnnamedCalls unnamed = unnamedByRun.get(run.id());
            if (unnamed != null) {
                add(Finding.Severity.WARNING, LintCodes.MISSING_MODEL_IDENTITY, unnamed.count + " model.call event(s) of run '" + run.id()
                        + "' do not name their model", unnamed.firstBySeq);
            }
        }
    }

    /** A run's model.calls that do not name their model: how many, and the first in seq order. */
    private static final class UnnamedCalls {
        int count;
        int firstBySeq = -1;
        int firstPosition = Integer.MAX_VALUE;

        void add(int call, int positionInRun) {
            count++;
            if (positionInRun < firstPosition) {
                firstPosition = positionInRun;
                firstBySeq = call;
            }
        }
    }

    private void sessionIdentity(int i, SessionIdentity identity) {
        if (identity.modelUnnamed()) {
            add(Finding.Severity.WARNING, LintCodes.MISSING_MODEL_IDENTITY,
                    "session.start does not name the model (data.model.model): a replay cannot ask the same model", i);
        }
        if (identity.environmentMissing()) {
            add(Finding.Severity.WARNING, LintCodes.MISSING_ENVIRONMENT_IDENTITY,
                    "session.start has no data.environment: a replay cannot rebuild the sandbox the run saw", i);
        } else if (identity.imageUnnamed()) {
            add(Finding.Severity.WARNING, LintCodes.MISSING_ENVIRONMENT_IDENTITY,
                    "session.start's environment names no image or imageDigest: a replay cannot rebuild the sandbox the run saw", i);
        }
    }

    private void mutationsOutsideCheckpoints() {
        for (RunInfo run : index.runs()) {
            var lineage = index.lineage(run.id());
            int count = 0;
            int first = -1;
            for (int p = 0; p < lineage.size(); p++) {
                int i = lineage.indexAt(p);
                if (columns.is(i, EventType.CHECKPOINT) || columns.is(i, EventType.REVERT)) {
                    break; // from here on the workspace is known
                }
                if (columns.is(i, EventType.STATE_MUTATION) && columns.run(i).equals(run.id()) && count++ == 0) {
                    first = i;
                }
            }
            if (count > 0) {
                add(Finding.Severity.WARNING, LintCodes.MUTATION_OUTSIDE_CHECKPOINT, count + " state.mutation event(s) of run '" + run.id()
                        + "' come before any checkpoint: the files they changed were never captured, so they cannot be restored", first);
            }
        }
    }

    private void forks() {
        for (int i = 0; i < columns.size(); i++) {
            if (!columns.is(i, EventType.RUN_FORK)) {
                continue;
            }
            if (index.positionInRun(i) != 0) {
                add(Finding.Severity.ERROR, LintCodes.FORK_NOT_FIRST, "run.fork must be the first event of its run", i);
            }
            Event fork = index.get(i);
            int point = index.indexOf(fork.text(RunForkData.CHECKPOINT_EVENT));
            if (point < 0) {
                continue; // the verifier already reported it (fork-point-unknown)
            }
            String checkpoint = fork.text(RunForkData.CHECKPOINT);
            if (!columns.is(point, EventType.CHECKPOINT)) {
                add(Finding.Severity.ERROR, LintCodes.FORK_FROM_UNKNOWN_CHECKPOINT, "run.fork starts from " + columns.id(point)
                        + ", a " + columns.type(point) + " event, not a checkpoint: there is no captured state to start from", i);
            } else if (checkpoint != null && !checkpoint.equals(columns.checkpointId(point))) {
                add(Finding.Severity.ERROR, LintCodes.FORK_FROM_UNKNOWN_CHECKPOINT, "run.fork names checkpoint '" + checkpoint
                        + "' but its checkpointEvent " + columns.id(point) + " is checkpoint '" + columns.checkpointId(point) + "'", i);
            }
        }
    }

    private void approvals() {
        Map<Integer, String> subjects = new LinkedHashMap<>();
        Set<String> answered = new HashSet<>();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.is(i, EventType.APPROVAL_REQUEST) || columns.is(i, EventType.APPROVAL_DECISION)) {
                String subject = index.get(i).text(ApprovalRequestData.SUBJECT);
                subjects.put(i, subject);
                if (columns.is(i, EventType.APPROVAL_DECISION)) {
                    answered.addAll(columns.causes(i));
                    if (subject != null) {
                        answered.add(subject);
                    }
                }
            }
        }
        subjects.forEach((i, subject) -> {
            if (subject != null && index.indexOf(subject) < 0) {
                add(Finding.Severity.WARNING, LintCodes.UNKNOWN_SUBJECT, columns.type(i) + " is about '" + subject
                        + "', which is no event of this trace", i);
            }
            if (columns.is(i, EventType.APPROVAL_REQUEST) && !answered.contains(columns.id(i)) && (subject == null || !answered.contains(subject))) {
                add(Finding.Severity.WARNING, LintCodes.APPROVAL_WITHOUT_DECISION, "approval.request was never decided", i);
            }
        });
    }
}
