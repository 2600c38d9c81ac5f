package dev.forkline.trace.report;

import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.ApprovalDecisionData;
import dev.forkline.trace.payload.ApprovalRequestData;
import static dev.forkline.trace.report.Html.esc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.columns.DataSkim;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionLedger;
import dev.forkline.trace.decision.EscapeQueue;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.gate.ClauseResult;
import dev.forkline.trace.gate.Counts;
import dev.forkline.trace.gate.Evidence;
import dev.forkline.trace.gate.GateResult;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.integrity.IntegrityVerdict;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.recovery.Failure;
import dev.forkline.trace.recovery.Incident;
import dev.forkline.trace.recovery.Millis;
import dev.forkline.trace.recovery.RecoveryMetrics;
import dev.forkline.trace.recovery.RunMetrics;
import dev.forkline.trace.recovery.RunSpend;
import dev.forkline.trace.verify.Problem;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A postmortem of one trace as a single self-contained HTML page (inline CSS and SVG, no script, no external resource,
 * printable): the trace's integrity verdict first (a postmortem of an altered trace must say so before anything else),
 * summary, timeline, fork tree, failures, first divergences, escapes and decisions, recovery metrics with
 * charts, gate result, environment and model identity, findings. Every text taken from the trace is escaped.
 *
 * <p>Section ids: {@value #SECTIONS}.
 */
public final class PostmortemReport {

    /** The id of every section, in page order. */
    public static final String SECTIONS = "integrity summary timeline fork-tree failures divergences escapes metrics gate environment findings";

    /** The trace as the report shows it: its credentials masked as its events are read, unless asked otherwise. */
    private final Bundle bundle;
    private final Bundle recorded;
    private final ReportInputs inputs;
    private final TraceIndex index;
    private final RecoveryMetrics metrics;
    private final Map<String, DecisionCheck> checks;

    private PostmortemReport(Bundle recorded, ReportInputs inputs) {
        this.recorded = recorded;
        this.bundle = inputs.credentials().shown(recorded);
        this.inputs = inputs;
        this.index = TraceIndex.of(bundle.events(), bundle.columns());
        this.metrics = inputs.metrics();
        this.checks = inputs.decisions().stream().collect(Collectors.toMap(DecisionCheck::eventId, Function.identity(), (a, b) -> a));
    }

    /**
     * Writes the report of the recorded trace to {@code out} (atomically: a temporary file next to it, then moved into
     * place), showing its credentials as {@link ReportInputs#credentials} says.
     */
    public static void write(Bundle recorded, ReportInputs inputs, Path out) throws IOException {
        String html = render(recorded, inputs);
        Path parent = out.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temporary = Files.createTempFile(parent, ".report-", ".html");
        try {
            Files.writeString(temporary, html, StandardCharsets.UTF_8);
            if (Files.getFileStore(temporary).supportsFileAttributeView("posix")) {
                // a report is for sharing: readable by others, like the bundles themselves
                Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-r--r--"));
            }
            Files.move(temporary, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    public static String render(Bundle recorded, ReportInputs inputs) {
        return new PostmortemReport(recorded, inputs).html();
    }

    private String html() {
        Manifest manifest = bundle.manifest();
        StringBuilder page = new StringBuilder(64 * 1024);
        page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n")
                .append("<title>Postmortem: ").append(esc(manifest.title(), 120)).append("</title>\n<style>\n").append(ReportStyle.CSS)
                .append("</style>\n</head>\n<body>\n<header>\n<p class=\"kicker\">Incident postmortem · generated by Forkline from the recorded trace</p>\n<h1>")
                .append(esc(manifest.title(), 200)).append("</h1>\n<p class=\"meta\">Trace <code>").append(esc(manifest.traceId()))
                .append("</code> · created ").append(esc(EventCodec.formatTs(manifest.created()))).append(" · producer ")
                .append(esc(manifest.producer())).append(" · format ").append(esc(manifest.sourceFormat())).append(" · ")
                .append(Counts.of(bundle.events().size())).append(" events</p>\n</header>\n<main>\n");
        integrity(page);
        summary(page);
        timeline(page);
        forkTree(page);
        failures(page);
        divergences(page);
        escapes(page);
        metricsSection(page);
        gate(page);
        environment(page);
        findings(page);
        return page.append("</main>\n</body>\n</html>\n").toString();
    }

    // ---- integrity ----

    /** Problems listed in the integrity section; the verdict counts them all. */
    static final int INTEGRITY_ROWS = 50;

    private void integrity(StringBuilder page) {
        section(page, "integrity", "Integrity");
        TraceIntegrity integrity = inputs.integrity();
        IntegrityVerdict verdict = integrity.verdict();
        String tone = switch (verdict.status()) {
            case INTACT -> "ok";
            case ALTERED, UNTRUSTED_DECISIONS -> "bad";
            case NOT_SIGNED, UNVERIFIED -> "note";
        };
        page.append("<p class=\"verdict ").append(tone).append("\">").append(badge(verdict.status().label(), "verdict")).append(' ')
                .append(esc(capitalized(verdict.headline()), 400)).append("</p>\n");
        switch (verdict.status()) {
            case ALTERED -> page.append("<p class=\"note\">This trace is not what was recorded: everything below is read from the altered "
                    + "trace. Events from <code>").append(esc(verdict.eventId())).append("</code> on may not be what happened.</p>\n");
            case UNTRUSTED_DECISIONS -> page.append("<p class=\"note\">The events check out, but these decisions are signed by keys not "
                    + "trusted for their owners: anyone can make a key pair, so they may be forged.</p>\n");
            case NOT_SIGNED -> page.append("<p class=\"note\">Imported from <code>").append(esc(bundle.manifest().sourceFormat()))
                    .append("</code>: the file has no hash chain or signatures, so nothing shows whether it was changed after the run.</p>\n");
            default -> {
            }
        }
        List<Problem> problems = integrity.problems();
        if (!problems.isEmpty()) {
            page.append("<table>\n<thead><tr><th>event</th><th>line</th><th>problem</th><th>what does not match</th></tr></thead>\n<tbody>\n");
            for (Problem problem : problems.subList(0, Math.min(problems.size(), INTEGRITY_ROWS))) {
                page.append("<tr><td><code>").append(esc(problem.eventId())).append("</code></td><td>")
                        .append(problem.line() > 0 ? String.valueOf(problem.line()) : "—").append("</td><td><code>").append(esc(problem.code()))
                        .append("</code></td><td>").append(esc(shown(problem.message()), 400)).append("</td></tr>\n");
            }
            page.append("</tbody>\n</table>\n");
            if (verdict.problems() > INTEGRITY_ROWS) {
                page.append("<p class=\"note\">and ").append(verdict.problems() - INTEGRITY_ROWS).append(" more.</p>\n");
            }
        }
        page.append("</section>\n");
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    // ---- summary ----

    private void summary(StringBuilder page) {
        section(page, "summary", "Summary");
        if (metrics.incidents().isEmpty()) {
            page.append("<p class=\"verdict ok\">No failure was recorded in this trace.</p>\n");
        }
        for (Incident incident : metrics.incidents()) {
            Failure failure = incident.firstFailure();
            Event event = index.event(failure.eventId()).orElseThrow();
            RunInfo run = index.run(incident.run()).orElseThrow();
            page.append("<div class=\"incident\">\n<dl class=\"facts\">\n");
            fact(page, "What failed", esc(failure.summary(), 300));
            fact(page, "Where", "run <code>" + esc(failure.run()) + "</code>, event <code>" + esc(failure.eventId()) + "</code>"
                    + (failure.line() > 0 ? " (line " + failure.line() + " of trace.jsonl)" : "") + ", by " + esc(event.actor())
                    + ", at " + esc(EventCodec.formatTs(failure.ts())) + " — " + esc(failure.kind().wireName())
                    + (incident.failureCount() > 1 ? "; " + Counts.of(incident.failureCount()) + " failing events in this run" : ""));
            fact(page, "Outcome", badge(run.outcome() == null ? "no end" : run.outcome(), TimelineSvg.outcomeClass(run.outcome())));
            fact(page, "Detected", incident.detection() == null ? "<span class=\"badge outcome-failure\">never acknowledged</span>"
                    : "by <code>" + esc(incident.detection().acknowledgedBy()) + "</code> (" + esc(incident.detection().acknowledgeType())
                    + ") after " + esc(Millis.human(incident.detection().timeToDetect())));
            fact(page, "Recovery", recoverySentence(incident));
            fact(page, "Blast radius", blastSentence(incident));
            page.append("</dl>\n</div>\n");
        }
        page.append("<div class=\"figures\">\n");
        figure(page, String.valueOf(index.runs().size()), "runs");
        figure(page, Counts.of(metrics.failureCount()), "failing events");
        figure(page, metrics.recoveredCount() + " / " + metrics.incidents().size(), "incidents recovered");
        figure(page, metrics.maxRecoveryTime() == null ? "—" : Millis.human(metrics.maxRecoveryTime()), "longest recovery");
        figure(page, lostSpendFigure(), "model spend lost");
        figure(page, String.valueOf(metrics.blastRadius()), "effects beyond a restore");
        page.append("</div>\n</section>\n");
    }

    /** The spend lost over all incidents: unknown when no failing run's calls record cost, flagged when only some do. */
    private String lostSpendFigure() {
        long unknown = metrics.incidents().stream()
                .filter(incident -> !SpendCells.callCostKnown(metrics.run(incident.run()).map(RunMetrics::spend).orElse(null))).count();
        if (unknown > 0 && unknown == metrics.incidents().size()) {
            return SpendCells.UNKNOWN;
        }
        return usd(metrics.lostCostUsd()) + (unknown > 0 ? " + unknown" : "");
    }

    private String recoverySentence(Incident incident) {
        var recovery = incident.recovery();
        if (!recovery.recovered()) {
            return "<span class=\"badge outcome-failure\">not demonstrated</span>"
                    + (recovery.attempts().isEmpty() ? " — no recovery run" : " — attempts " + esc(String.join(", ", recovery.attempts())) + " did not succeed");
        }
        RunInfo by = index.run(recovery.recoveredBy()).orElseThrow();
        return "run <code>" + esc(recovery.recoveredBy()) + "</code> (" + esc(by.reason()) + ")"
                + (recovery.checkpointId() == null ? "" : " from checkpoint <code>" + esc(recovery.checkpointId()) + "</code>")
                + " ended in " + badge("success", "outcome-success") + " " + esc(Millis.human(recovery.recoveryTime()))
                + " after the failure; " + recovery.replaysNeeded() + " recovery run(s) needed";
    }

    private static String blastSentence(Incident incident) {
        var blast = incident.blastRadius();
        if (blast.size() == 0) {
            return "no external effect committed or left unknown after the last good checkpoint";
        }
        List<String> parts = new ArrayList<>();
        blast.committed().forEach(effect -> parts.add("<code>" + esc(effect.eventId()) + "</code> " + esc(effect.tool()) + " committed"));
        blast.unknown().forEach(effect -> parts.add("<code>" + esc(effect.eventId()) + "</code> " + esc(effect.tool())
                + " <span class=\"badge outcome-unknown\">outcome unknown</span>"
                + (effect.idempotencyKey() == null ? "" : " (idempotency key <code>" + esc(effect.idempotencyKey()) + "</code>)")));
        return String.join("; ", parts);
    }

    // ---- timeline ----

    private void timeline(StringBuilder page) {
        section(page, "timeline", "Timeline");
        page.append("<p class=\"note\">One band per run, one lane per actor; events left to right in the order recorded. ")
                .append(TimelineSvg.inSlices(index.size())
                        ? "With " + Counts.of(index.size()) + " events, each bar stands for what its lane holds in a slice of the trace, "
                                + "darker the more events: 1, up to 9, up to 99, more. Its mark is the most notable of them (a failure first, "
                                + "then an escape attempt, an approval or decision, an unknown outcome, a revert, a fork, a checkpoint); "
                                + "hover a bar for everything it holds.</p>\n"
                        : "Hover a mark for its event.</p>\n")
                .append("<div class=\"scroll\">\n").append(new TimelineSvg(index, checks, recorded.events()).render()).append("</div>\n")
                .append("<ul class=\"legend\">")
                .append("<li><span class=\"key span-key effect-read\"></span>tool call (read)</li>")
                .append("<li><span class=\"key span-key effect-workspace\"></span>workspace</li>")
                .append("<li><span class=\"key span-key effect-process\"></span>process</li>")
                .append("<li><span class=\"key span-key effect-external\"></span>external</li>")
                .append("<li><span class=\"key span-key effect-privileged\"></span>privileged</li>")
                .append("<li><span class=\"sym model\">●</span>model call</li>")
                .append("<li><span class=\"sym checkpoint\">⚑</span>checkpoint</li>")
                .append("<li><span class=\"sym failure\">✕</span>failure</li>")
                .append("<li><span class=\"sym escape\">▲</span>escape attempt</li>")
                .append("<li><span class=\"sym request\">◆</span>approval request</li>")
                .append("<li><span class=\"sym decision\">◆</span>decision (trusted)</li>")
                .append("<li><span class=\"sym unknown\">?</span>outcome unknown</li>")
                .append("<li><span class=\"sym fork\">●</span>fork point</li>")
                .append("<li><span class=\"sym revert\">↺</span>revert / restart</li>")
                .append("</ul>\n</section>\n");
    }

    // ---- fork tree ----

    private void forkTree(StringBuilder page) {
        section(page, "fork-tree", "Fork tree");
        page.append("<ul class=\"tree\">\n");
        Set<String> shown = new LinkedHashSet<>();
        for (RunInfo root : index.roots()) {
            treeNode(page, root, shown);
        }
        page.append("</ul>\n</section>\n");
    }

    private void treeNode(StringBuilder page, RunInfo run, Set<String> shown) {
        if (!shown.add(run.id())) {
            return;
        }
        RunMetrics runMetrics = metrics.run(run.id()).orElse(null);
        page.append("<li><span class=\"run\"><code>").append(esc(run.id())).append("</code></span> ");
        if (run.isFork()) {
            page.append(badge(run.reason() == null ? "fork" : run.reason(), "reason")).append(" from <code>")
                    .append(esc(run.forkCheckpointId() == null ? run.forkEventId() : run.forkCheckpointId())).append("</code> ");
        } else {
            page.append(badge("original", "reason")).append(' ');
        }
        page.append(badge(run.outcome() == null ? "no end" : run.outcome(), TimelineSvg.outcomeClass(run.outcome())))
                .append(" <span class=\"dim\">").append(Counts.of(run.eventCount())).append(" events</span>");
        if (runMetrics != null) {
            if (runMetrics.recoveryOf() != null) {
                page.append(' ').append(badge("recovery of " + runMetrics.recoveryOf(), "recovery"));
            }
            if (runMetrics.failed()) {
                page.append(' ').append(badge(Counts.of(runMetrics.failures().size()) + " failing", "outcome-failure"));
            }
            if (runMetrics.replay() != null) {
                var replay = runMetrics.replay();
                page.append(' ').append(badge("matched " + orDash(replay.matched()) + " · diverged " + orDash(replay.diverged())
                        + " · stubbed " + orDash(replay.stubbed()) + " · contained " + orDash(replay.contained()), "replay"));
            }
        }
        if (run.edits() != null && run.edits().isArray() && !run.edits().isEmpty()) {
            page.append("<div class=\"edits\">edits: ");
            List<String> edits = new ArrayList<>();
            for (JsonNode edit : run.edits()) {
                edits.add(describeEdit(edit));
            }
            page.append(String.join("; ", edits)).append("</div>");
        }
        List<RunInfo> children = index.children(run.id());
        if (!children.isEmpty()) {
            page.append("\n<ul>\n");
            children.forEach(child -> treeNode(page, child, shown));
            page.append("</ul>\n");
        }
        page.append("</li>\n");
    }

    /** An edit as {@code <code>target</code> description}: the target is its id (or event), the text its description (or the rest of it). */
    private static String describeEdit(JsonNode edit) {
        if (!edit.isObject()) {
            return esc(edit.toString(), 160);
        }
        String target = edit.path("id").asText(edit.path("event").asText(""));
        String description = edit.path("description").asText("");
        if (description.isEmpty()) {
            var rest = edit.deepCopy();
            if (rest instanceof com.fasterxml.jackson.databind.node.ObjectNode object) {
                object.remove(List.of("id", "event"));
                description = object.isEmpty() ? "" : object.toString();
            }
        }
        return (target.isEmpty() ? "" : "<code>" + esc(target, 40) + "</code> ") + esc(description, 160);
    }

    // ---- failures ----

    /** Failing events listed; the rest are counted by run and kind. */
    static final int FAILURE_ROWS = 200;

    private void failures(StringBuilder page) {
        section(page, "failures", "What failed, and where");
        List<Failure> all = metrics.runs().stream().flatMap(run -> run.failures().stream()).toList();
        if (all.isEmpty()) {
            page.append("<p>No failing event (error, failed tool result, failed session end, lost sandbox).</p>\n</section>\n");
            return;
        }
        if (all.size() > FAILURE_ROWS) {
            page.append("<p class=\"note\">").append(Counts.of(all.size())).append(" failing events; the first ").append(FAILURE_ROWS)
                    .append(" of each run's are listed, the rest counted below. The window's event search with <em>Errors only</em> (or "
                    + "<code>forkline search TRACE-ID --errors</code> once the trace is stored) lists every one.</p>\n");
        }
        page.append("<table>\n<thead><tr><th>run</th><th>event</th><th>line</th><th>when</th><th>actor</th><th>kind</th><th>what</th></tr></thead>\n<tbody>\n");
        Map<String, Integer> listedByRun = new LinkedHashMap<>();
        Map<String, Integer> notListed = new LinkedHashMap<>();
        for (Failure failure : all) {
            if (listedByRun.merge(failure.run(), 1, Integer::sum) > FAILURE_ROWS) {
                notListed.merge("run " + failure.run() + ": " + failure.kind().wireName(), 1, Integer::sum);
                continue;
            }
            Event event = index.event(failure.eventId()).orElseThrow();
            page.append("<tr><td><code>").append(esc(failure.run())).append("</code></td><td><code>").append(esc(failure.eventId()))
                    .append("</code></td><td>").append(failure.line() > 0 ? String.valueOf(failure.line()) : "—").append("</td><td>")
                    .append(esc(EventCodec.formatTs(failure.ts()))).append("</td><td class=\"nowrap\">").append(esc(event.actor(), 40)).append("</td><td>")
                    .append(esc(failure.kind().wireName())).append("</td><td>").append(esc(failure.summary(), 300)).append("</td></tr>\n");
        }
        page.append("</tbody>\n</table>\n");
        if (!notListed.isEmpty()) {
            page.append("<p class=\"note\">Not listed: ").append(notListed.entrySet().stream()
                    .map(entry -> Counts.of(entry.getValue()) + " × " + esc(entry.getKey()))
                    .collect(Collectors.joining("; "))).append(".</p>\n");
        }
        page.append("</section>\n");
    }

    // ---- divergences ----

    private void divergences(StringBuilder page) {
        section(page, "divergences", "First divergence of each replay");
        List<RunMetrics> replays = metrics.runs().stream().filter(run -> run.replay() != null).toList();
        if (replays.isEmpty()) {
            page.append("<p class=\"dim\">Not demonstrated: no run of this trace records replay counts (a replay run's session.end "
                    + "with matched, diverged, stubbed, contained and firstDivergence).</p>\n</section>\n");
            return;
        }
        page.append("<table>\n<thead><tr><th>replay run</th><th>of</th><th>matched</th><th>diverged</th><th>stubbed</th>"
                + "<th>contained</th><th>first divergence</th><th>as the engine reports it</th></tr></thead>\n<tbody>\n");
        for (RunMetrics run : replays) {
            var replay = run.replay();
            page.append("<tr><td><code>").append(esc(run.run())).append("</code></td><td><code>").append(esc(run.parentRun()))
                    .append("</code></td><td>").append(orDash(replay.matched())).append("</td><td>").append(orDash(replay.diverged()))
                    .append("</td><td>").append(orDash(replay.stubbed())).append("</td><td>").append(orDash(replay.contained()))
                    .append("</td><td>");
            if (replay.firstDivergence() == null) {
                page.append(replay.fullyMatched() ? "none: every event matched" : "—");
            } else {
                page.append("<code>").append(esc(replay.firstDivergenceEventId())).append("</code> ");
                List<String> details = new ArrayList<>();
                if (replay.firstDivergence().isObject()) {
                    for (Iterator<Map.Entry<String, JsonNode>> fields = replay.firstDivergence().fields(); fields.hasNext(); ) {
                        Map.Entry<String, JsonNode> field = fields.next();
                        if (!field.getKey().equals("eventId")) {
                            details.add(esc(field.getKey(), 40) + ": " + esc(field.getValue().isTextual() ? field.getValue().textValue()
                                    : field.getValue().toString(), 240));
                        }
                    }
                }
                page.append(String.join("<br>", details));
            }
            List<String> reported = new ArrayList<>();
            if (replay.recoveryTimeMs() != null) {
                reported.add("recovery " + replay.recoveryTimeMs().toPlainString() + " ms");
            }
            if (replay.replayComputeMs() != null) {
                reported.add("compute " + replay.replayComputeMs().toPlainString() + " ms");
            }
            if (replay.lostTokens() != null) {
                reported.add(replay.lostTokens() + " tokens lost");
            }
            if (replay.lostCostUsd() != null) {
                reported.add(usd(replay.lostCostUsd()) + " lost");
            }
            page.append("</td><td>").append(reported.isEmpty() ? "—" : esc(String.join(", ", reported))).append("</td></tr>\n");
        }
        page.append("</tbody>\n</table>\n</section>\n");
    }

    // ---- escapes ----

    private void escapes(StringBuilder page) {
        section(page, "escapes", "Escapes and decisions");
        List<QueueItem> items = EscapeQueue.pending(bundle.manifest().traceId(), bundle.events(), DecisionLedger.of(List.of())).reversed();
        DecisionLedger ledger = DecisionLedger.of(bundle.events());
        if (items.isEmpty()) {
            page.append("<p>No approval request, escape attempt or external effect of unknown outcome.</p>\n");
        } else {
            page.append("<table>\n<thead><tr><th>event</th><th>line</th><th>kind</th><th>what</th><th>decision in force</th>"
                    + "<th>signer</th><th>trust</th></tr></thead>\n<tbody>\n");
            for (QueueItem item : items) {
                Event event = index.event(item.eventId()).orElseThrow();
                List<Event> decisions = new ArrayList<>(ledger.history(item.eventId()));
                if (item.kind() == QueueItem.Kind.APPROVAL_REQUEST && event.text(ApprovalRequestData.SUBJECT) != null) {
                    decisions.addAll(ledger.history(event.text(ApprovalRequestData.SUBJECT)));
                }
                decisions.sort((a, b) -> Integer.compare(index.indexOf(a.id()), index.indexOf(b.id())));
                page.append("<tr><td><code>").append(esc(item.eventId())).append("</code></td><td>").append(lineOf(event)).append("</td><td>")
                        .append(esc(item.kind().wireName())).append("</td><td>").append(esc(item.summary(), 240)).append("</td>");
                if (decisions.isEmpty()) {
                    page.append("<td>").append(badge("undecided", "outcome-failure")).append("</td><td>—</td><td>—</td></tr>\n");
                    continue;
                }
                Event decision = decisions.getLast();
                DecisionCheck check = checks.get(decision.id());
                page.append("<td>").append(badge(decision.text(ApprovalDecisionData.VERDICT) == null ? "?" : decision.text(ApprovalDecisionData.VERDICT), "verdict"))
                        .append(" by ").append(esc(decision.text(ApprovalDecisionData.OWNER), 64)).append(" (<code>").append(esc(decision.id()))
                        .append("</code>)<br><span class=\"dim\">").append(esc(decision.text(ApprovalDecisionData.RATIONALE), 240)).append("</span>")
                        .append(decisions.size() > 1 ? "<br><span class=\"dim\">supersedes " + (decisions.size() - 1) + " earlier decision(s)</span>" : "")
                        .append("</td><td>").append(check == null || check.fingerprint() == null ? "no key" : "<code>" + esc(abbreviate(check.fingerprint())) + "</code>")
                        .append("</td><td>").append(trustBadge(check)).append("</td></tr>\n");
            }
            page.append("</tbody>\n</table>\n");
        }
        if (!inputs.decisions().isEmpty()) {
            page.append("<h3>Every recorded decision</h3>\n<ul class=\"plain\">\n");
            for (DecisionCheck check : inputs.decisions()) {
                page.append("<li><code>").append(esc(check.eventId())).append("</code> ").append(esc(check.describe())).append(' ')
                        .append(trustBadge(check));
                check.problems().forEach(problem -> page.append("<br><span class=\"dim\">").append(esc(problem.code())).append(": ")
                        .append(esc(shown(problem.message()), 300)).append("</span>"));
                page.append("</li>\n");
            }
            page.append("</ul>\n");
        }
        page.append("</section>\n");
    }

    private static String trustBadge(DecisionCheck check) {
        if (check == null) {
            return badge("not verified", "outcome-unknown");
        }
        if (!check.signatureValid()) {
            return badge(check.fingerprint() == null && check.problems().stream().anyMatch(p -> p.code().equals(DecisionCheck.UNSIGNED))
                    ? "unsigned" : "invalid signature", "outcome-failure");
        }
        return check.trusted() ? badge(check.ok() ? "trusted" : "trusted, but flawed", check.ok() ? "outcome-success" : "outcome-unknown")
                : badge("untrusted key", "outcome-failure");
    }

    // ---- metrics ----

    private void metricsSection(StringBuilder page) {
        section(page, "metrics", "Recovery metrics");
        if (!metrics.incidents().isEmpty()) {
            page.append("<table>\n<thead><tr><th>failing run</th><th>time to detect</th><th>time to restore</th><th>recovery time</th>"
                    + "<th>recovery runs</th><th>model calls lost</th><th>tokens lost (in/out)</th><th>cost lost</th>"
                    + "<th>original run cost</th><th>replay compute</th><th>blast radius</th></tr></thead>\n<tbody>\n");
            for (Incident incident : metrics.incidents()) {
                var cost = incident.cost();
                RunSpend spend = metrics.run(incident.run()).map(RunMetrics::spend).orElse(null);
                page.append("<tr><td><code>").append(esc(incident.run())).append("</code></td><td>")
                        .append(incident.detection() == null ? "never" : esc(Millis.human(incident.detection().timeToDetect()))).append("</td><td>")
                        .append(esc(Millis.human(incident.recovery().timeToRestore()))).append("</td><td>")
                        .append(esc(Millis.human(incident.recovery().recoveryTime()))).append("</td><td>")
                        .append(incident.recovery().replaysNeeded()).append(incident.recovery().recovered() ? "" : " (none succeeded)").append("</td><td>")
                        .append(cost.lostModelCalls().size()).append("</td><td>").append(esc(SpendCells.callTokens(spend, cost.lostTokens())))
                        .append("</td><td>").append(esc(SpendCells.callCost(spend, cost.lostCostUsd()))).append("</td><td>")
                        .append(esc(SpendCells.callCost(spend, cost.originalCostUsd()))).append("</td><td>")
                        .append(cost.replayComputeMs() == null ? "not recorded" : esc(cost.replayComputeMs().toPlainString() + " ms"))
                        .append("</td><td>").append(incident.blastRadius().committed().size()).append(" committed, ")
                        .append(incident.blastRadius().unknown().size()).append(" unknown</td></tr>\n");
            }
            page.append("</tbody>\n</table>\n<div class=\"charts\">\n<figure>\n<figcaption>Recovery time per incident</figcaption>\n");
            List<BarChart.Bar> times = new ArrayList<>();
            for (Incident incident : metrics.incidents()) {
                Duration time = incident.recovery().recoveryTime();
                times.add(new BarChart.Bar(label(incident), time == null ? 0 : time.toNanos() / 1e6,
                        Millis.human(time), time == null ? "bar-missing" : "bar-time"));
            }
            Duration bound = inputs.gate() == null ? null : inputs.gate().contract().recoveryTimeBound();
            boolean boundFits = bound != null && times.stream().anyMatch(bar -> bar.value() > 0)
                    && bound.toNanos() / 1e6 <= 20 * times.stream().mapToDouble(BarChart.Bar::value).max().orElse(0);
            page.append(BarChart.render("Recovery time per incident", times, boundFits ? bound.toNanos() / 1e6 : -1,
                    boundFits ? "bound " + Millis.human(bound) : ""));
            if (bound != null && !boundFits) {
                page.append("<p class=\"dim\">The contract's bound (").append(esc(Millis.human(bound))).append(") is far beyond these times.</p>\n");
            }
            page.append("</figure>\n<figure>\n<figcaption>Model spend lost vs the original run</figcaption>\n");
            List<BarChart.Bar> costs = new ArrayList<>();
            for (Incident incident : metrics.incidents()) {
                RunSpend spend = metrics.run(incident.run()).map(RunMetrics::spend).orElse(null);
                boolean known = SpendCells.callCostKnown(spend);
                costs.add(new BarChart.Bar(incident.run() + ": original run", known ? incident.cost().originalCostUsd().doubleValue() : 0,
                        SpendCells.callCost(spend, incident.cost().originalCostUsd()), known ? "bar-original" : "bar-missing"));
                costs.add(new BarChart.Bar(incident.run() + ": lost", known ? incident.cost().lostCostUsd().doubleValue() : 0,
                        SpendCells.callCost(spend, incident.cost().lostCostUsd()), known ? "bar-lost" : "bar-missing"));
            }
            page.append(BarChart.render("Model spend lost versus the original run", costs, -1, "")).append("</figure>\n</div>\n");
        } else {
            page.append("<p>No incident: nothing to recover from.</p>\n");
        }
        page.append("<h3>Runs</h3>\n<table>\n<thead><tr><th>run</th><th>kind</th><th>outcome</th><th>events</th><th>model calls</th>"
                + "<th>tokens (in/out)</th><th>cost</th><th>failing events</th><th>reverts</th></tr></thead>\n<tbody>\n");
        for (RunMetrics run : metrics.runs()) {
            page.append("<tr><td><code>").append(esc(run.run())).append("</code></td><td>")
                    .append(run.parentRun() == null ? "original" : esc(run.reason()) + " of <code>" + esc(run.parentRun()) + "</code>")
                    .append("</td><td>").append(badge(run.outcome() == null ? "no end" : run.outcome(), TimelineSvg.outcomeClass(run.outcome())))
                    .append("</td><td>").append(Counts.of(run.eventCount())).append("</td><td>").append(Counts.of(run.modelCalls())).append("</td><td>")
                    .append(esc(SpendCells.tokens(run.spend()))).append("</td><td>").append(esc(SpendCells.cost(run.spend())))
                    .append("</td><td>").append(Counts.of(run.failures().size())).append("</td><td>")
                    .append(run.reverts().isEmpty() ? "—" : run.reverts().stream().map(revert -> esc(revert.target()) + " to <code>"
                            + esc(revert.checkpoint()) + "</code>" + (revert.durationMs() == null ? "" : " in " + revert.durationMs() + " ms"))
                            .collect(Collectors.joining("<br>")))
                    .append("</td></tr>\n");
        }
        page.append("</tbody>\n</table>\n</section>\n");
    }

    private static String label(Incident incident) {
        return incident.run() + (incident.recovery().recovered() ? " → " + incident.recovery().recoveredBy() : " (not recovered)");
    }

    // ---- gate ----

    /** Evidence listed under a clause; the rest is counted. */
    static final int EVIDENCE_ROWS = 20;

    private void gate(StringBuilder page) {
        section(page, "gate", "Launch gate");
        GateResult gate = inputs.gate();
        if (gate == null) {
            page.append("<p class=\"dim\">The launch gate was not run for this report.</p>\n</section>\n");
            return;
        }
        String traceId = bundle.manifest().traceId();
        List<ClauseResult> results = new ArrayList<>(gate.forTrace(traceId));
        gate.results().stream().filter(result -> result.traceId() == null).forEach(results::add);
        boolean passed = results.stream().allMatch(ClauseResult::passed);
        page.append("<p class=\"verdict ").append(passed ? "ok" : "bad").append("\">Contract <code>").append(esc(gate.contract().name()))
                .append("</code>: ").append(passed ? "every clause holds for this trace" : "some clauses fail").append(" (the gate as a whole ")
                .append(gate.passed() ? "passed" : "failed").append(" over ").append(gate.traceIds().size()).append(" trace(s)).</p>\n")
                .append("<table>\n<thead><tr><th>clause</th><th>result</th><th>detail</th></tr></thead>\n<tbody>\n");
        for (ClauseResult result : results) {
            page.append("<tr><td><code>").append(esc(result.clause())).append("</code></td><td>")
                    .append(badge(result.passed() ? "pass" : "fail", result.passed() ? "outcome-success" : "outcome-failure"))
                    .append("</td><td>").append(esc(result.message(), 400));
            List<Evidence> evidence = result.evidence();
            for (Evidence item : evidence.subList(0, Math.min(evidence.size(), EVIDENCE_ROWS))) {
                page.append("<br><span class=\"dim\">").append(esc(shown(item.describe()), 400)).append("</span>");
            }
            if (evidence.size() > EVIDENCE_ROWS) {
                page.append("<br><span class=\"dim\">and ").append(Counts.of(evidence.size() - EVIDENCE_ROWS))
                        .append(" more: <code>forkline gate</code> lists every one</span>");
            }
            page.append("</td></tr>\n");
        }
        page.append("</tbody>\n</table>\n</section>\n");
    }

    // ---- environment ----

    private void environment(StringBuilder page) {
        section(page, "environment", "Environment and model identity");
        for (RunInfo root : index.roots()) {
            Event start = index.eventsOf(root.id()).getFirst();
            page.append("<h3>Run <code>").append(esc(root.id())).append("</code></h3>\n");
            if (!start.is(EventType.SESSION_START)) {
                page.append("<p>").append(badge("no session.start", "outcome-failure")).append(" environment and model unknown.</p>\n");
                continue;
            }
            Map<String, String> facts = new LinkedHashMap<>();
            flatten(SessionStartData.MODEL, start.data().get(SessionStartData.MODEL), facts);
            flatten(SessionStartData.ENVIRONMENT, start.data().get(SessionStartData.ENVIRONMENT), facts);
            if (facts.isEmpty()) {
                page.append("<p>").append(badge("not recorded", "outcome-failure")).append("</p>\n");
                continue;
            }
            page.append("<table class=\"kv\">\n<tbody>\n");
            facts.forEach((key, value) -> page.append("<tr><th>").append(esc(key, 80)).append("</th><td>").append(esc(value, 300))
                    .append("</td></tr>\n"));
            page.append("</tbody>\n</table>\n");
        }
        Set<String> models = new LinkedHashSet<>();
        var columns = bundle.columns();
        DataSkim named = new DataSkim(bundle.events(), Set.of(ModelCallData.PROVIDER, ModelCallData.MODEL));
        for (int i = 0; i < columns.size(); i++) {
            if (columns.is(i, EventType.MODEL_CALL)) {
                ModelCallData call = ModelCallData.from(named.of(i));
                models.add((call.provider() == null ? "" : call.provider() + " / ") + (call.model() == null ? "(model not named)" : call.model()));
            }
        }
        if (!models.isEmpty()) {
            page.append("<p>Models called: ").append(models.stream().map(model -> "<code>" + esc(model, 120) + "</code>")
                    .collect(Collectors.joining(", "))).append("</p>\n");
        }
        page.append("</section>\n");
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> facts) {
        if (node == null || node.isNull() || facts.size() >= 60) {
            return;
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                flatten(prefix + "." + field.getKey(), field.getValue(), facts);
            }
        } else if (node.isArray()) {
            facts.put(prefix, node.toString());
        } else {
            facts.put(prefix, node.asText());
        }
    }

    // ---- findings ----

    private void findings(StringBuilder page) {
        section(page, "findings", "Findings");
        if (inputs.findings().isEmpty()) {
            page.append("<p>No findings.</p>\n</section>\n");
            return;
        }
        page.append("<table>\n<thead><tr><th>severity</th><th>code</th><th>event</th><th>line</th><th>message</th></tr></thead>\n<tbody>\n");
        for (Finding finding : inputs.findings()) {
            page.append("<tr><td>").append(badge(finding.severity().name().toLowerCase(java.util.Locale.ROOT),
                            finding.severity() == Finding.Severity.ERROR ? "outcome-failure"
                                    : finding.severity() == Finding.Severity.WARNING ? "outcome-unknown" : "reason"))
                    .append("</td><td><code>").append(esc(finding.code())).append("</code></td><td>")
                    .append(finding.eventId() == null ? "—" : "<code>" + esc(finding.eventId()) + "</code>").append("</td><td>")
                    .append(finding.line() > 0 ? String.valueOf(finding.line()) : "—").append("</td><td>").append(esc(shown(finding.message()), 400))
                    .append("</td></tr>\n");
        }
        page.append("</tbody>\n</table>\n</section>\n");
    }

    // ---- helpers ----

    /** A text Forkline wrote about the trace (a finding, a problem), which may quote what the trace holds. */
    private String shown(String text) {
        return inputs.credentials().shown(text);
    }

    private static void section(StringBuilder page, String id, String title) {
        page.append("<section id=\"").append(id).append("\">\n<h2>").append(title).append("</h2>\n");
    }

    private static void fact(StringBuilder page, String term, String html) {
        page.append("<dt>").append(term).append("</dt><dd>").append(html).append("</dd>\n");
    }

    private static void figure(StringBuilder page, String value, String label) {
        page.append("<div class=\"figure\"><span class=\"value\">").append(esc(value)).append("</span><span class=\"label\">")
                .append(esc(label)).append("</span></div>\n");
    }

    private static String badge(String text, String cssClass) {
        return "<span class=\"badge " + cssClass + "\">" + esc(text, 80) + "</span>";
    }

    private long lineOf(Event event) {
        int at = index.indexOf(event.id());
        return at < 0 ? 0 : bundle.lineOf(at);
    }

    private static String orDash(Long value) {
        return value == null ? "—" : String.valueOf(value);
    }

    static String usd(BigDecimal amount) {
        if (amount == null) {
            return "—";
        }
        BigDecimal scaled = amount.scale() < 2 ? amount.setScale(2, RoundingMode.UNNECESSARY) : amount.stripTrailingZeros();
        if (scaled.scale() < 2) {
            scaled = scaled.setScale(2, RoundingMode.UNNECESSARY);
        }
        return "$" + scaled.toPlainString();
    }

    private static String abbreviate(String fingerprint) {
        return fingerprint.length() > 23 ? fingerprint.substring(0, 23) + "…" : fingerprint;
    }
}
