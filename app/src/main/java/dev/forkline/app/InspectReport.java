package dev.forkline.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.TraceChecks;
import dev.forkline.trace.Event;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.index.CheckpointInfo;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.recovery.RecoveryMetrics;
import dev.forkline.trace.recovery.RunMetrics;
import dev.forkline.trace.recovery.RunSpend;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** What {@code forkline inspect} reports about a trace read without storing it. */
record InspectReport(Bundle bundle, TraceIndex index, List<Finding> findings) {

    static InspectReport of(ImportedTrace trace) {
        Bundle bundle = trace.bundle();
        TraceIndex index = TraceIndex.of(bundle.events());
        return new InspectReport(bundle, index, List.copyOf(TraceChecks.findings(trace, index)));
    }

    Map<String, Integer> byType() {
        Map<String, Integer> counts = new TreeMap<>();
        for (Event event : bundle.events()) {
            counts.merge(event.type(), 1, Integer::sum);
        }
        return counts;
    }

    List<String> actors() {
        var actors = new TreeSet<String>();
        bundle.events().forEach(event -> actors.add(event.actor()));
        return List.copyOf(actors);
    }

    /**
     * A run's tokens and cost with where they come from: {@code tokensScope} / {@code costScope} are {@code model-calls}
     * (summed over its calls), {@code run-totals} (the source records only the run's totals) or {@code unknown}, in
     * which case the figure is null rather than 0.
     */
    private static void putSpend(ObjectNode item, RunMetrics metrics) {
        if (metrics == null) {
            return;
        }
        RunSpend spend = metrics.spend();
        item.set("tokens", spend.tokensScope() == RunSpend.Scope.UNKNOWN ? null : spend.tokens().toJson());
        item.put("tokensScope", spend.tokensScope().wireName());
        if (spend.costScope() == RunSpend.Scope.UNKNOWN) {
            item.putNull("costUsd");
        } else {
            item.put("costUsd", spend.costUsd());
        }
        item.put("costScope", spend.costScope().wireName());
    }

    /** One line on a run's spend for the text report, e.g. "tokens 5244 in / 604 out (run totals), cost $0.02". */
    static String spendText(RunSpend spend) {
        String tokens = spend.tokensScope() == RunSpend.Scope.UNKNOWN ? "tokens unknown"
                : "tokens " + spend.tokens().input() + " in / " + spend.tokens().output() + " out"
                + (spend.tokensScope() == RunSpend.Scope.RUN_TOTALS ? " (run totals)" : "");
        String cost = spend.costScope() == RunSpend.Scope.UNKNOWN ? "cost unknown"
                : "cost $" + spend.costUsd().toPlainString() + (spend.costScope() == RunSpend.Scope.RUN_TOTALS ? " (run total)" : "");
        return tokens + ", " + cost;
    }

    ObjectNode toJson() {
        RecoveryMetrics recovery = RecoveryMetrics.of(bundle, index);
        ObjectNode json = Json.object();
        json.put("format", bundle.manifest().sourceFormat());
        json.put("traceId", bundle.manifest().traceId());
        json.put("title", bundle.manifest().title());
        json.put("events", bundle.events().size());
        ObjectNode byType = json.putObject("byType");
        byType().forEach(byType::put);
        ArrayNode runs = json.putArray("runs");
        for (RunInfo run : index.runs()) {
            ObjectNode item = runs.addObject();
            item.put("id", run.id());
            item.put("parent", run.parentRun());
            item.put("forkCheckpoint", run.forkCheckpointId());
            item.put("reason", run.reason());
            item.put("events", run.eventCount());
            item.put("outcome", run.outcome());
            putSpend(item, recovery.run(run.id()).orElse(null));
        }
        ArrayNode actors = json.putArray("actors");
        actors().forEach(actors::add);
        ArrayNode checkpoints = json.putArray("checkpoints");
        for (CheckpointInfo checkpoint : index.checkpoints()) {
            ObjectNode item = checkpoints.addObject();
            item.put("id", checkpoint.checkpointId());
            item.put("run", checkpoint.run());
            item.put("seq", checkpoint.seq());
            item.put("event", checkpoint.eventId());
            item.put("label", checkpoint.label());
        }
        json.set("recovery", recovery.toJson());
        ArrayNode findingsJson = json.putArray("findings");
        for (Finding finding : findings) {
            ObjectNode item = findingsJson.addObject();
            item.put("severity", finding.severity().name().toLowerCase(java.util.Locale.ROOT));
            item.put("code", finding.code());
            item.put("message", finding.message());
            item.put("event", finding.eventId());
            item.put("line", finding.line());
        }
        return json;
    }

    String toText() {
        RecoveryMetrics recovery = RecoveryMetrics.of(bundle, index);
        var out = new StringBuilder();
        var manifest = bundle.manifest();
        out.append(manifest.title()).append('\n');
        out.append("  trace    ").append(manifest.traceId()).append("  (").append(manifest.sourceFormat()).append(")\n");
        out.append("  events   ").append(bundle.events().size()).append("  ").append(byType()).append('\n');
        out.append("  actors   ").append(String.join(", ", actors())).append('\n');
        for (RunInfo run : index.runs()) {
            out.append("  run      ").append(run.id()).append(": ").append(run.eventCount()).append(" events");
            if (run.isFork()) {
                out.append(", ").append(run.reason()).append(" of ").append(run.parentRun()).append(" from checkpoint ").append(run.forkCheckpointId());
            }
            if (run.outcome() != null) {
                out.append(", outcome ").append(run.outcome());
            }
            recovery.run(run.id()).ifPresent(metrics -> out.append(", ").append(spendText(metrics.spend())));
            out.append('\n');
        }
        for (CheckpointInfo checkpoint : index.checkpoints()) {
            out.append("  checkpoint ").append(checkpoint.checkpointId()).append(" in ").append(checkpoint.run()).append(" at seq ")
                    .append(checkpoint.seq()).append(checkpoint.label() == null ? "" : " \"" + checkpoint.label() + "\"").append('\n');
        }
        if (findings.isEmpty()) {
            out.append("  no findings\n");
        }
        for (Finding finding : findings) {
            out.append("  ").append(finding.severity().name().toLowerCase(java.util.Locale.ROOT)).append(' ').append(finding.code()).append(": ")
                    .append(finding.message());
            if (finding.eventId() != null) {
                out.append(" (event ").append(finding.eventId()).append(finding.line() > 0 ? ", line " + finding.line() : "").append(')');
            }
            out.append('\n');
        }
        return out.toString();
    }
}
