package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.state.Tokens;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Recovery metrics of one trace: per run (failures, detection, spend, replay counts, reverts) and per incident (a
 * failing run with its detection, recovery, cost and blast radius). See docs/recovery-contract.md for the definitions.
 *
 * @param traceId the manifest's trace id (null when computed from events alone)
 * @param title   the manifest's title (null when computed from events alone)
 */
public record RecoveryMetrics(String traceId, String title, List<RunMetrics> runs, List<Incident> incidents) {

    public RecoveryMetrics {
        runs = List.copyOf(runs);
        incidents = List.copyOf(incidents);
    }

    public static RecoveryMetrics of(Bundle bundle) {
        return of(bundle, TraceIndex.of(bundle.events()));
    }

    /** For a caller that has indexed the bundle's events already. */
    public static RecoveryMetrics of(Bundle bundle, TraceIndex index) {
        return MetricsCalculator.compute(bundle.manifest().traceId(), bundle.manifest().title(), index, bundle.lines());
    }

    public static RecoveryMetrics of(TraceIndex index) {
        return MetricsCalculator.compute(null, null, index, null);
    }

    public Optional<RunMetrics> run(String runId) {
        return runs.stream().filter(run -> run.run().equals(runId)).findFirst();
    }

    public Optional<Incident> incident(String failingRun) {
        return incidents.stream().filter(incident -> incident.run().equals(failingRun)).findFirst();
    }

    public int failureCount() {
        return runs.stream().mapToInt(run -> run.failures().size()).sum();
    }

    public long recoveredCount() {
        return incidents.stream().filter(incident -> incident.recovery().recovered()).count();
    }

    /** The longest recovery time among recovered incidents, or null when none was recovered. */
    public Duration maxRecoveryTime() {
        return incidents.stream().map(incident -> incident.recovery().recoveryTime()).filter(Objects::nonNull)
                .max(Comparator.naturalOrder()).orElse(null);
    }

    public BigDecimal lostCostUsd() {
        return incidents.stream().map(incident -> incident.cost().lostCostUsd()).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    public Tokens lostTokens() {
        return incidents.stream().map(incident -> incident.cost().lostTokens()).reduce(Tokens.ZERO, Tokens::plus);
    }

    public int blastRadius() {
        return incidents.stream().mapToInt(incident -> incident.blastRadius().size()).sum();
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("traceId", traceId);
        json.put("title", title);
        ObjectNode summary = json.putObject("summary");
        summary.put("runs", runs.size());
        summary.put("failures", failureCount());
        summary.put("incidents", incidents.size());
        summary.put("recovered", recoveredCount());
        summary.put("maxRecoveryTimeMs", Millis.of(maxRecoveryTime()));
        summary.set("lostTokens", lostTokens().toJson());
        summary.put("lostCostUsd", lostCostUsd());
        summary.put("blastRadius", blastRadius());
        ArrayNode runList = json.putArray("runs");
        runs.forEach(run -> runList.add(run.toJson()));
        ArrayNode incidentList = json.putArray("incidents");
        incidents.forEach(incident -> incidentList.add(incident.toJson()));
        return json;
    }
}
