package dev.forkline.views.viewmodel;

import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.gate.ClauseResult;
import dev.forkline.trace.gate.Evidence;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.QueuedTaskExecutor;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.testdata.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class RecoveryViewModelTest {

    @Test
    void metricsOfTheWrongToolCallSampleAndItsGateAgainstTheExampleContract(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call", "permission-escalation")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            RecoveryViewModel recovery = workbench.recovery();
            assertThat(recovery.contractFileProperty().get()).as("the sample contract is the default").isEqualTo(
                    Samples.CONTRACT.toAbsolutePath().normalize());
            recovery.shownProperty().set(true);

            workbench.openStored(Samples.traceId("wrong-tool-call"));
            assertThat(recovery.incidents()).singleElement().satisfies(row -> {
                assertThat(row.run()).isEqualTo("r1");
                assertThat(row.failureEventId()).isEqualTo("r1.15");
                assertThat(row.detect()).isEqualTo("0.708 ms (by r1.17)");
                assertThat(row.recovery()).isEqualTo("1.40 s by r2 from cp-green");
                assertThat(row.recoverySeconds()).isBetween(1.40, 1.41);
                assertThat(row.lostUsd()).isEqualByComparingTo("0.0079");
                assertThat(row.originalUsd()).isEqualByComparingTo("0.0179");
                assertThat(row.blastRadius()).isZero();
            });
            assertThat(recovery.summaryProperty().get()).contains("1 incident", "1 recovered", "cost lost $0.0079 of $0.0179", "blast radius 0");
            assertThat(recovery.clauses()).extracting(ClauseResult::clause).contains("cadence", "tool-results", "identity", "isolation",
                    "escapes", "revert", "recovery-time", "scenario:wrong-tool-call");
            assertThat(recovery.gateSummaryProperty().get()).startsWith("Contract forkline-samples (recovery-contract.yaml) applies: ");

            workbench.openStored(Samples.traceId("permission-escalation"));
            ClauseResult escapes = recovery.clauses().stream().filter(c -> c.clause().equals("escapes")).findFirst().orElseThrow();
            assertThat(escapes.passed()).as("undecided escapes").isFalse();
            Evidence evidence = escapes.evidence().stream().filter(e -> e.eventId() != null).findFirst().orElseThrow();
            assertThat(recovery.jumpTo(evidence)).isTrue();
            assertThat(workbench.timeline().selectedEvent().id()).isEqualTo(evidence.eventId());
            assertThat(recovery.gateSummaryProperty().get()).startsWith("Contract ").contains(" applies: gate failed, ");
        }
    }

    @Test
    void metricsAndGateWaitUntilThePanelIsShown(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call", "sandbox-lost-mid-effect")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            RecoveryViewModel recovery = workbench.recovery();
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            assertThat(recovery.metricsProperty().get()).isNull();
            assertThat(recovery.clauses()).isEmpty();

            recovery.shownProperty().set(true);
            assertThat(recovery.incidents()).singleElement().satisfies(row -> assertThat(row.failureEventId()).isEqualTo("r1.15"));
            assertThat(recovery.clauses()).isNotEmpty();

            recovery.shownProperty().set(false);
            workbench.openStored(Samples.traceId("sandbox-lost-mid-effect"));
            assertThat(recovery.incidents()).as("not the previous trace's").isEmpty();
            recovery.shownProperty().set(true);
            assertThat(recovery.incidents()).singleElement().satisfies(row -> assertThat(row.blastRadius()).isEqualTo(1));
        }
    }

    /**
     * Another trace's metrics take seconds on a big trace: meanwhile the panel shows none of the trace before (its
     * incidents under the new title read as the new trace's) and says it is computing, not "no failures".
     */
    @Test
    void whileAnotherTracesMetricsAreComputedThoseOfTheTraceBeforeAreNotShown(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call", "sandbox-lost-mid-effect")) {
            QueuedTaskExecutor executor = new QueuedTaskExecutor();
            WorkbenchViewModel workbench = samples.workbench(executor, null);
            RecoveryViewModel recovery = workbench.recovery();
            recovery.shownProperty().set(true);
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            executor.runAllNewestFirst();
            assertThat(recovery.incidents()).singleElement().satisfies(row -> assertThat(row.failureEventId()).isEqualTo("r1.15"));
            assertThat(recovery.computingProperty().get()).isFalse();

            workbench.openStored(Samples.traceId("sandbox-lost-mid-effect"));
            executor.runAllBut("recovery-metrics");

            assertThat(workbench.opened().bundle().manifest().traceId()).isEqualTo(Samples.traceId("sandbox-lost-mid-effect"));
            assertThat(recovery.computingProperty().get()).isTrue();
            assertThat(recovery.incidents()).as("not the trace before's").isEmpty();
            assertThat(recovery.clauses()).isEmpty();
            assertThat(recovery.summaryProperty().get()).isEqualTo("Computing…");
            assertThat(recovery.gateSummaryProperty().get()).isEqualTo("Checking…");

            executor.runAllNewestFirst();
            assertThat(recovery.computingProperty().get()).isFalse();
            assertThat(recovery.incidents()).singleElement().satisfies(row -> assertThat(row.blastRadius()).isEqualTo(1));
            assertThat(recovery.gateSummaryProperty().get()).startsWith("Contract ");
        }
    }

    @Test
    void aChosenContractIsRememberedABrokenOneIsReportedAndTheReportIsWritten(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "sandbox-lost-mid-effect")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            workbench.openStored(Samples.traceId("sandbox-lost-mid-effect"));
            RecoveryViewModel recovery = workbench.recovery();
            recovery.shownProperty().set(true);
            assertThat(recovery.incidents()).singleElement().satisfies(row -> assertThat(row.blastRadius()).isEqualTo(1));

            Path broken = dir.resolve("broken.yaml");
            Files.writeString(broken, "contract: x\nnetwrok: none\n");
            recovery.chooseContract(broken);
            assertThat(recovery.gateSummaryProperty().get()).startsWith("Contract error: ").contains("broken.yaml");
            assertThat(recovery.clauses()).isEmpty();
            assertThat(samples.settings.get(Settings.CONTRACT)).contains(broken.toAbsolutePath().normalize().toString());
            assertThat(new RecoveryViewModel(new SameThreadTaskExecutor(), workbench.selection(),
                    new javafx.beans.property.SimpleObjectProperty<>(workbench.trustedKeys()), error -> { }, samples.settings, java.util.List.of())
                    .contractFileProperty().get()).as("remembered").isEqualTo(broken.toAbsolutePath().normalize());

            recovery.chooseContract(Samples.CONTRACT);
            Path report = dir.resolve("report.html");
            recovery.exportReport(report);
            assertThat(recovery.reportMessageProperty().get()).isEqualTo("Report written to " + report);
            String html = Files.readString(report);
            assertThat(html).contains("id=\"summary\"", "id=\"gate\"", "forkline-sample-sandbox-lost-mid-effect", "recovery-time");
        }
    }

    @Test
    void theExportedReportMasksCredentialsAsForklineReportDoes(@TempDir Path dir) throws Exception {
        String key = "sk-ant-api03-" + "Wd4vQ8xK2pLm7RzT0bYc5NhJ3gFs9AeU1kXoI6tVwD".repeat(2) + "AA";
        var chain = new EventChain();
        Instant t0 = Instant.parse("2026-11-03T08:00:00Z");
        Path bundle;
        try (var writer = BundleWriter.create(dir.resolve("leaky"),
                Manifest.of("leaky-window", "Leaky", t0, "test"))) {
            writer.write(chain.append(NewEvent.of("main", "harness", EventType.SESSION_START)
                    .at(t0).data(Json.object())));
            var call = Json.object().put("callId", "c1").put("tool", "bash").put("effect", "workspace");
            call.putObject("arguments").put("command", "ANTHROPIC_API_KEY=" + key + " ./deploy.sh");
            var callEvent = chain.append(NewEvent.of("main", "agent:coder", EventType.TOOL_CALL)
                    .at(t0.plusSeconds(1)).data(call));
            writer.write(callEvent);
            writer.write(chain.append(NewEvent.of("main", "sandbox", EventType.TOOL_RESULT)
                    .at(t0.plusSeconds(2)).causes(callEvent.id())
                    .data(Json.object().put("callId", "c1").put("exitCode", 1).put("stderr", "rejected " + key))));
            bundle = writer.commit();
        }
        try (Samples samples = Samples.empty(dir)) {
            samples.library.importTrace(bundle, Progress.NONE);
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            workbench.openStored("leaky-window");
            RecoveryViewModel recovery = workbench.recovery();
            recovery.shownProperty().set(true);
            Path report = dir.resolve("report.html");
            recovery.exportReport(report);
            assertThat(recovery.reportMessageProperty().get()).isEqualTo("Report written to " + report);
            assertThat(Files.readString(report)).contains("deploy.sh", "rejected").doesNotContain(key);
        }
    }
}
