package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.EventType;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.trace.integrity.IntegrityVerdict;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.testing.AlteredSamples;
import dev.forkline.trace.testing.AlteredSamples.Alteration;
import dev.forkline.trace.testing.AlteredSamples.Altered;
import dev.forkline.trace.verify.Problem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/** The store keeps each trace's verdict and problems; verifying a stored trace again updates them. */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
@ExtendWith(SharedPostgres.class)
class StoredIntegrityTest {

    @Parameter
    StoreBackend backend;

    @TempDir
    Path dir;

    private TraceStore store;
    private OwnerKeys owner;
    private OwnerKeys forger;

    @BeforeEach
    void open() throws Exception {
        backend.assumeAvailable();
        store = backend.open(dir, "db/forkline");
        owner = new OwnerKeys(dir.resolve("owner"));
        forger = new OwnerKeys(dir.resolve("forger"));
    }

    @AfterEach
    void close() {
        store.close();
    }

    private TraceIntegrity importChecked(Path bundleDirectory, TrustedKeys trusted) throws Exception {
        try (Bundle bundle = BundleReader.read(bundleDirectory)) {
            TraceIntegrity integrity = TraceIntegrity.check(bundle, trusted);
            store.importTrace(bundle, List.of(), bundleDirectory.toString(), integrity);
            return integrity;
        }
    }

    @ParameterizedTest
    @EnumSource(Alteration.class)
    void anAlteredTraceIsStoredWithItsVerdictAndStaysAlteredWhenVerifiedAgain(Alteration alteration) throws Exception {
        Altered altered = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, dir.resolve("altered"), alteration, owner, forger);
        TraceIntegrity imported = importChecked(altered.bundle(), owner.trustedKeys());
        String traceId = "forkline-sample-wrong-tool-call";

        IntegrityVerdict listed = store.find(traceId).orElseThrow().integrity();
        assertThat(listed).isEqualTo(imported.verdict());
        assertThat(listed.status()).isEqualTo(alteration.expected());
        assertThat(listed.eventId()).isEqualTo(altered.eventId());
        assertThat(listed.line()).isEqualTo(altered.line());
        assertThat(store.integrity(traceId).orElseThrow().problems()).isEqualTo(imported.problems());

        TraceIntegrity again = store.reverify(traceId, owner.trustedKeys());
        assertThat(again.verdict().status()).as("verified again from the store").isEqualTo(alteration.expected());
        assertThat(again.verdict().eventId()).isEqualTo(altered.eventId());
        assertThat(again.verdict().line()).as("the line comes from the import").isEqualTo(altered.line());
        assertThat(store.find(traceId).orElseThrow().integrity()).isEqualTo(again.verdict());
    }

    @Test
    void verifyingAgainWithTheForgersKeyTrustedClearsTheUntrustedVerdict() throws Exception {
        Altered altered = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, dir.resolve("altered"), Alteration.UNTRUSTED_DECISION, owner, forger);
        importChecked(altered.bundle(), owner.trustedKeys());
        String traceId = "forkline-sample-wrong-tool-call";
        assertThat(store.find(traceId).orElseThrow().integrity().status()).isEqualTo(IntegrityStatus.UNTRUSTED_DECISIONS);
        assertThat(store.reverify(traceId, owner.trustedKeys().and(forger.trustedKeys())).verdict()).isEqualTo(IntegrityVerdict.intact());
        assertThat(store.integrity(traceId).orElseThrow().problems()).isEmpty();
    }

    @Test
    void anIntactSampleIsIntactAndAnUncheckedImportIsUnverified() throws Exception {
        importChecked(AlteredSamples.WRONG_TOOL_CALL, TrustedKeys.none());
        assertThat(store.list()).extracting(TraceSummary::integrity).containsExactly(IntegrityVerdict.intact());

        try (Bundle bundle = BundleReader.read(AlteredSamples.SAMPLES.resolve("poisoned-artifact"))) {
            store.importTrace(bundle, List.of(), null);
        }
        assertThat(store.find("forkline-sample-poisoned-artifact").orElseThrow().integrity()).isEqualTo(IntegrityVerdict.unverified());
        assertThat(store.reverify("forkline-sample-poisoned-artifact", TrustedKeys.none()).verdict()).isEqualTo(IntegrityVerdict.intact());
    }

    @Test
    void importingTheSameEventsAgainReplacesTheVerdictUnlessUnverified() throws Exception {
        importChecked(AlteredSamples.WRONG_TOOL_CALL, TrustedKeys.none());
        String traceId = "forkline-sample-wrong-tool-call";
        try (Bundle bundle = BundleReader.read(AlteredSamples.WRONG_TOOL_CALL)) {
            assertThat(store.importTrace(bundle, List.of(), null).status()).isEqualTo(StoreResult.Status.UNCHANGED);
        }
        assertThat(store.find(traceId).orElseThrow().integrity()).as("an unverified import keeps the verdict").isEqualTo(IntegrityVerdict.intact());

        Altered swapped = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, dir.resolve("swapped"), Alteration.SWAPPED_LINES, owner, forger);
        importChecked(swapped.bundle(), TrustedKeys.none());
        assertThat(store.find(traceId).orElseThrow().integrity().status()).as("the same events, from a file whose lines are out of order")
                .isEqualTo(IntegrityStatus.ALTERED);
    }

    @Test
    void appendingEventsLeavesAPassingVerdictUnverifiedAndAFailingOneAsItWas() throws Exception {
        SampleTraces intact = SampleTraces.standard("t-intact");
        store.importTrace(intact.bundle(), List.of(), null, TraceIntegrity.check(intact.bundle(), TrustedKeys.none()));
        assertThat(store.find("t-intact").orElseThrow().integrity()).isEqualTo(IntegrityVerdict.intact());
        store.appendEvents("t-intact", List.of(intact.add(NewEvent.of("r1", "harness", EventType.NOTE)
                .data(dev.forkline.trace.Json.object().put("text", "later")))), Map.of());
        assertThat(store.find("t-intact").orElseThrow().integrity()).isEqualTo(IntegrityVerdict.unverified());

        Altered altered = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, dir.resolve("altered"), Alteration.CHANGED_BYTE, owner, forger);
        IntegrityVerdict verdict = importChecked(altered.bundle(), TrustedKeys.none()).verdict();
        String traceId = "forkline-sample-wrong-tool-call";
        try (Bundle stored = store.load(traceId)) {
            var last = stored.events().stream().filter(e -> e.run().equals("r1")).reduce((a, b) -> b).orElseThrow();
            var note = new dev.forkline.trace.EventChain();
            stored.events().forEach(note::accept);
            store.appendEvents(traceId, List.of(note.append(NewEvent.of("r1", "human:ann", EventType.NOTE).at(last.ts())
                    .data(dev.forkline.trace.Json.object().put("text", "seen")))), Map.of());
        }
        assertThat(store.find(traceId).orElseThrow().integrity()).isEqualTo(verdict);
    }

    @Test
    void atMostAThousandProblemsAreKeptAndTheVerdictCountsThemAll() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-many");
        List<Problem> problems = new ArrayList<>();
        for (int i = 0; i < VerdictRows.KEPT_PROBLEMS + 5; i++) {
            problems.add(new Problem("hash-mismatch", "r1.1", 1, "problem " + i));
        }
        TraceIntegrity many = TraceIntegrity.of(problems, "forkline");
        store.importTrace(trace.bundle(), List.of(), null, many);
        TraceIntegrity stored = store.integrity("t-many").orElseThrow();
        assertThat(stored.verdict().problems()).isEqualTo(VerdictRows.KEPT_PROBLEMS + 5);
        assertThat(stored.problems()).hasSize(VerdictRows.KEPT_PROBLEMS).startsWith(problems.getFirst());
        assertThat(store.integrityCheck().problems()).isEmpty();
    }
}
