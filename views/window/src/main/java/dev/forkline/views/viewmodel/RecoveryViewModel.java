package dev.forkline.views.viewmodel;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.ClauseResult;
import dev.forkline.trace.gate.Contract;
import dev.forkline.trace.gate.ContractException;
import dev.forkline.trace.gate.ContractReader;
import dev.forkline.trace.gate.Evidence;
import dev.forkline.trace.gate.Gate;
import dev.forkline.trace.gate.GateResult;
import dev.forkline.trace.recovery.Incident;
import dev.forkline.trace.recovery.RecoveryMetrics;
import dev.forkline.trace.report.PostmortemReport;
import dev.forkline.trace.report.ReportInputs;
import dev.forkline.views.concurrent.LatestWins;
import dev.forkline.views.concurrent.TaskExecutor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ObservableValue;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The open trace's recovery metrics (failures, time to detect, recovery time, cost lost against the original run,
 * blast radius) and its launch-gate result against a contract the user picks (remembered); exporting the postmortem
 * report. Everything is computed on the background executor, and only while the panel is {@linkplain #shownProperty()
 * shown}: metrics and gate read every event of the trace (for a million lazily loaded events, seconds of parsing), so
 * opening a trace does not pay for them.
 */
public final class RecoveryViewModel {

    /**
     * One incident as the panel shows it.
     *
     * @param recoverySeconds null when recovery was not demonstrated
     */
    public record IncidentRow(String run, String failureEventId, String failure, String detect, String recovery, Double recoverySeconds,
                              BigDecimal lostUsd, BigDecimal originalUsd, String lostTokens, int blastRadius) {
    }

    private final TaskExecutor executor;
    private final LatestWins latest;
    private final TraceSelection selection;
    private final ObservableValue<TrustedKeys> trustedKeys;
    private final Consumer<UserError> errors;
    private final Settings settings;
    private final ReadOnlyObjectWrapper<RecoveryMetrics> metrics = new ReadOnlyObjectWrapper<>();
    private final ObservableList<IncidentRow> incidents = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("No trace open");
    private final ReadOnlyObjectWrapper<Path> contractFile = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<GateResult> gate = new ReadOnlyObjectWrapper<>();
    private final ObservableList<ClauseResult> clauses = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper gateSummary = new ReadOnlyStringWrapper("No contract chosen");
    private final ReadOnlyStringWrapper reportMessage = new ReadOnlyStringWrapper("");
    private final BooleanProperty shown = new SimpleBooleanProperty();
    private final ReadOnlyBooleanWrapper computing = new ReadOnlyBooleanWrapper();
    /** The trace the metrics and gate shown were computed for: another trace's are not shown while its own are computed. */
    private String computedFor;
    /** Whether the figures shown are not those of the open trace and contract (they were not computed since). */
    private boolean stale = true;

    /**
     * @param trustedKeys the keys trusted now, which the gate checks decisions against
     * @param errors      where an error the user must see goes (a report that could not be written)
     */
    RecoveryViewModel(TaskExecutor executor, TraceSelection selection, ObservableValue<TrustedKeys> trustedKeys, Consumer<UserError> errors,
                      Settings settings, List<Path> defaultContracts) {
        this.executor = executor;
        this.latest = new LatestWins(executor);
        this.selection = selection;
        this.trustedKeys = trustedKeys;
        this.errors = errors;
        this.settings = settings;
        Path remembered = settings.get(Settings.CONTRACT).map(Path::of).filter(Files::isRegularFile).orElse(null);
        if (remembered == null) {
            remembered = defaultContracts.stream().filter(Files::isRegularFile).findFirst().map(p -> p.toAbsolutePath().normalize()).orElse(null);
        }
        contractFile.set(remembered);
        shown.addListener((obs, was, now) -> {
            if (now && stale) {
                refresh();
            }
        });
        selection.traceProperty().addListener((obs, old, now) -> refresh());
    }

    /** Whether the recovery panel is on screen; the view binds it. Metrics are computed when it becomes true. */
    public BooleanProperty shownProperty() {
        return shown;
    }

    /** Uses this contract from now on (remembered) and checks the open trace against it. */
    public void chooseContract(Path file) {
        contractFile.set(file == null ? null : file.toAbsolutePath().normalize());
        settings.put(Settings.CONTRACT, file == null ? null : contractFile.get().toString());
        refresh();
    }

    /** Recomputes the metrics and the gate for the open trace, now when the panel is shown, else when it is next shown. */
    public void refresh() {
        OpenedTrace trace = selection.trace();
        if (trace == null || !shown.get()) {
            latest.cancel("recovery-metrics");
            clearComputed();
            computing.set(false);
            summary.set(trace == null ? "No trace open" : "Computed when this panel is shown");
            stale = trace != null;
            return;
        }
        stale = false;
        Bundle bundle = trace.bundle();
        String traceId = bundle.manifest().traceId();
        if (!traceId.equals(computedFor)) {
            clearComputed(); // the same trace grown (a live one reloaded) keeps its figures until the new ones come
            gateSummary.set("Checking…");
        }
        Path contractPath = contractFile.get();
        TrustedKeys trusted = trustedKeys.getValue();
        TraceIntegrity integrity = knownIntegrity();
        summary.set("Computing…");
        computing.set(true);
        latest.execute("recovery-metrics", progress -> {
            RecoveryMetrics computed = RecoveryMetrics.of(bundle);
            GateOutcome outcome = contractPath == null ? new GateOutcome(null, "No contract chosen")
                    : check(bundle, computed, integrity, contractPath, trusted);
            return new Computed(computed, outcome);
        }, computed -> {
            computing.set(false);
            computedFor = traceId;
            metrics.set(computed.metrics());
            incidents.setAll(computed.metrics().incidents().stream().map(RecoveryViewModel::row).toList());
            summary.set(describe(computed.metrics()));
            GateResult result = computed.gate().result();
            gate.set(result);
            clauses.setAll(result == null ? List.of() : clausesFor(result, traceId));
            gateSummary.set(computed.gate().message());
        }, failure -> {
            computing.set(false);
            summary.set("Could not compute the metrics: " + WorkbenchViewModel.message(failure));
        });
    }

    private void clearComputed() {
        computedFor = null;
        metrics.set(null);
        incidents.clear();
        clauses.clear();
        gate.set(null);
    }

    /** Whether the metrics and the gate of the open trace are being computed (what is shown meanwhile is not theirs yet). */
    public ReadOnlyBooleanProperty computingProperty() {
        return computing.getReadOnlyProperty();
    }

    private record GateOutcome(GateResult result, String message) {
    }

    private record Computed(RecoveryMetrics metrics, GateOutcome gate) {
    }

    /**
     * The open trace's verdict as the library stored it, with the lines of the file it came from; null when it was never
     * verified, so that the gate verifies the trace itself.
     */
    private TraceIntegrity knownIntegrity() {
        TraceIntegrity integrity = selection.integrity();
        return integrity == null || integrity.verdict().status() == IntegrityStatus.UNVERIFIED ? null : integrity;
    }

    private static GateOutcome check(Bundle bundle, RecoveryMetrics metrics, TraceIntegrity integrity, Path contractPath,
                                     TrustedKeys trusted) {
        try {
            Contract contract = ContractReader.read(contractPath);
            GateResult result = Gate.check(bundle, metrics, integrity, contract, trusted);
            List<ClauseResult> shown = clausesFor(result, bundle.manifest().traceId());
            if (shown.isEmpty()) {
                return new GateOutcome(result, "No contract applies to this trace: contract " + contract.name() + " ("
                        + contractPath.getFileName() + ") has no clause about it, so there is nothing to gate. Choose a contract that names it.");
            }
            long failed = shown.stream().filter(c -> !c.passed()).count();
            long scenarios = result.results().stream().filter(c -> c.traceId() == null).count();
            long aboutThis = shown.stream().filter(c -> c.traceId() == null).count();
            String scope = scenarios > 0 && aboutThis == 0 ? " None of its " + scenarios + " scenarios names this trace: only its "
                    + "general clauses are checked." : "";
            return new GateOutcome(result, "Contract " + contract.name() + " (" + contractPath.getFileName() + ") applies: "
                    + (failed == 0 ? "gate passed, " : "gate failed, ") + (shown.size() - failed) + " of " + shown.size() + " clauses hold." + scope);
        } catch (ContractException e) {
            return new GateOutcome(null, "Contract error: " + e.getMessage());
        } catch (java.io.IOException e) {
            return new GateOutcome(null, "Cannot read the contract " + contractPath + ": " + WorkbenchViewModel.message(e));
        }
    }

    /**
     * The trace's own clauses, then the scenario clauses that concern it. The gate runs on this trace alone, so a
     * scenario about other traces fails with "no trace matches"; the gate has no public matcher, so such clauses are
     * recognised by that failure (no evidence, that message) and left out.
     */
    static List<ClauseResult> clausesFor(GateResult result, String traceId) {
        List<ClauseResult> shown = new ArrayList<>(result.forTrace(traceId));
        result.results().stream().filter(c -> c.traceId() == null && !aboutOtherTraces(c)).forEach(shown::add);
        return shown;
    }

    private static boolean aboutOtherTraces(ClauseResult scenario) {
        return !scenario.passed() && scenario.evidence().isEmpty() && scenario.message() != null
                && scenario.message().contains(": no trace matches ");
    }

    /** Puts the cursor on the event behind a gate failure (in this trace). */
    public boolean jumpTo(Evidence evidence) {
        if (evidence.eventId() == null || !selection.isOpen(evidence.traceId())) {
            return false;
        }
        selection.selectRun(evidence.run());
        return selection.selectEvent(evidence.eventId());
    }

    /** Puts the cursor on an incident's first failure. */
    public boolean jumpTo(IncidentRow incident) {
        selection.selectRun(incident.run());
        return selection.selectEvent(incident.failureEventId());
    }

    /** Writes the postmortem HTML for the open trace, with the gate result when a contract is chosen. */
    public void exportReport(Path out) {
        OpenedTrace trace = selection.trace();
        if (trace == null) {
            reportMessage.set("Open a trace first");
            return;
        }
        Bundle bundle = trace.bundle();
        GateResult shownGate = gate.get();
        boolean gateCurrent = !stale;
        Path contractPath = contractFile.get();
        TrustedKeys trusted = trustedKeys.getValue();
        TraceIntegrity integrity = knownIntegrity();
        reportMessage.set("Writing " + out.getFileName() + "…");
        executor.execute("export-report", progress -> {
            GateResult gateResult = gateCurrent || contractPath == null ? shownGate
                    : check(bundle, RecoveryMetrics.of(bundle), integrity, contractPath, trusted).result();
            PostmortemReport.write(bundle, (integrity == null ? ReportInputs.of(bundle, trusted, gateResult)
                    : ReportInputs.of(bundle, trusted, gateResult, integrity)).withFindingsFirst(trace.unreadParts()), out);
            return out;
        }, written -> reportMessage.set("Report written to " + written), failure -> {
            reportMessage.set("Could not write the report: " + WorkbenchViewModel.message(failure));
            errors.accept(new UserError("Could not write the report", out.toString(), 0, WorkbenchViewModel.message(failure)));
        });
    }

    static IncidentRow row(Incident incident) {
        var detection = incident.detection();
        var recovery = incident.recovery();
        String detect = detection == null ? "never acknowledged" : Durations.format(detection.timeToDetect()) + " (by " + detection.acknowledgedBy() + ")";
        String recovered = recovery.recovered()
                ? Durations.format(recovery.recoveryTime()) + " by " + recovery.recoveredBy() + " from " + recovery.checkpointId()
                : "not demonstrated (" + recovery.attempts().size() + " attempt" + (recovery.attempts().size() == 1 ? "" : "s") + ")";
        Double seconds = recovery.recoveryTime() == null ? null : recovery.recoveryTime().toNanos() / 1e9;
        var cost = incident.cost();
        return new IncidentRow(incident.run(), incident.firstFailure().eventId(),
                incident.firstFailure().eventId() + " · " + incident.firstFailure().kind().wireName() + ": " + incident.firstFailure().summary(),
                detect, recovered, seconds, cost.lostCostUsd(), cost.originalCostUsd(),
                String.format(Locale.ROOT, "%,d of %,d tokens", cost.lostTokens().total(), cost.originalTokens().total()),
                incident.blastRadius().size());
    }

    static String describe(RecoveryMetrics metrics) {
        Duration longest = metrics.maxRecoveryTime();
        BigDecimal original = metrics.incidents().stream().map(i -> i.cost().originalCostUsd()).reduce(BigDecimal.ZERO, BigDecimal::add);
        return String.format(Locale.ROOT, metrics.failureCount() == 1 ? "%,d failure · " : "%,d failures · ", metrics.failureCount())
                + String.format(Locale.ROOT, metrics.incidents().size() == 1 ? "%,d incident · " : "%,d incidents · ", metrics.incidents().size())
                + String.format(Locale.ROOT, "%,d recovered", metrics.recoveredCount())
                + (longest == null ? "" : " · longest recovery " + Durations.format(longest))
                + " · cost lost $" + metrics.lostCostUsd().stripTrailingZeros().toPlainString()
                + " of $" + original.stripTrailingZeros().toPlainString()
                + " · blast radius " + metrics.blastRadius();
    }

    public ReadOnlyObjectProperty<RecoveryMetrics> metricsProperty() {
        return metrics.getReadOnlyProperty();
    }

    public ObservableList<IncidentRow> incidents() {
        return incidents;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Path> contractFileProperty() {
        return contractFile.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<GateResult> gateProperty() {
        return gate.getReadOnlyProperty();
    }

    public ObservableList<ClauseResult> clauses() {
        return clauses;
    }

    public ReadOnlyStringProperty gateSummaryProperty() {
        return gateSummary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty reportMessageProperty() {
        return reportMessage.getReadOnlyProperty();
    }
}
