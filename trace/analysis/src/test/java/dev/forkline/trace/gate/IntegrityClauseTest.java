package dev.forkline.trace.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.recovery.RecoveryMetrics;
import dev.forkline.trace.testing.AlteredSamples;
import dev.forkline.trace.testing.AlteredSamples.Alteration;
import dev.forkline.trace.testing.AlteredSamples.Altered;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The gate's integrity clause fails altered traces and decisions by untrusted keys, and notes unsigned foreign ones. */
class IntegrityClauseTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @EnumSource(Alteration.class)
    void anAlteredTraceFailsTheClauseWithItsFirstBadEventAsEvidence(Alteration alteration) throws Exception {
        OwnerKeys owner = new OwnerKeys(temp.resolve("owner"));
        Altered altered = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, temp.resolve("altered"), alteration, owner,
                new OwnerKeys(temp.resolve("forger")));
        try (Bundle bundle = BundleReader.read(altered.bundle())) {
            GateResult result = Gate.check(List.of(bundle), ContractReader.read(SampleLibrary.CONTRACT), owner.trustedKeys());
            ClauseResult integrity = GateClausesTest.clause(result, ClauseResult.INTEGRITY);
            assertThat(integrity.passed()).isFalse();
            assertThat(integrity.message()).contains(altered.eventId() + " (line " + altered.line() + ")");
            Evidence first = integrity.evidence().getFirst();
            assertThat(first.eventId()).isEqualTo(altered.eventId());
            assertThat(first.line()).isEqualTo(altered.line());
            assertThat(first.run()).isEqualTo("r1");
            assertThat(result.toText()).contains("FAIL  forkline-sample-wrong-tool-call  integrity: ");
        }
    }

    @Test
    void theRecordedSamplesPassIt() throws Exception {
        List<Path> samples = SampleLibrary.RECORDED.stream().map(SampleLibrary.SAMPLES::resolve).toList();
        GateResult result = GateSamplesTest.check(samples, ContractReader.read(SampleLibrary.CONTRACT), TrustedKeys.none());
        assertThat(result.results().stream().filter(r -> r.clause().equals(ClauseResult.INTEGRITY)))
                .hasSize(samples.size())
                .allSatisfy(r -> assertThat(r.passed()).isTrue())
                .allSatisfy(r -> assertThat(r.message()).startsWith("intact"));
    }

    @Test
    void aForeignTraceIsNotedNotFailed() throws Exception {
        TraceBuilder trace = GateClausesTest.goodTrace();
        var events = trace.events();
        Bundle foreign = new Bundle("mem", new Manifest(Manifest.FORMAT_VERSION, "t-1", "t", Instant.parse("2026-01-01T00:00:00Z"), "test",
                "swe-agent"), events, IntStream.rangeClosed(1, events.size()).toArray(), BlobSource.NONE);
        GateResult result = Gate.check(List.of(foreign), ContractReader.parse(GateClausesTest.CONTRACT, "contract.yaml"), TrustedKeys.none());
        ClauseResult integrity = GateClausesTest.clause(result, ClauseResult.INTEGRITY);
        assertThat(integrity.passed()).isTrue();
        assertThat(integrity.message()).startsWith("not signed (noted): imported from swe-agent");
    }

    @Test
    void aVerdictTheCallerKnowsIsUsedAsGivenAndUnverifiedFails() throws Exception {
        try (Bundle bundle = BundleReader.read(AlteredSamples.WRONG_TOOL_CALL)) {
            Contract contract = ContractReader.read(SampleLibrary.CONTRACT);
            GateResult unverified = Gate.check(bundle, RecoveryMetrics.of(bundle), TraceIntegrity.unverified(), contract, TrustedKeys.none());
            ClauseResult integrity = GateClausesTest.clause(unverified, ClauseResult.INTEGRITY);
            assertThat(integrity.passed()).isFalse();
            assertThat(integrity.message()).startsWith("unverified");
            GateResult checked = Gate.check(bundle, RecoveryMetrics.of(bundle), null, contract, TrustedKeys.none());
            assertThat(GateClausesTest.clause(checked, ClauseResult.INTEGRITY).passed()).isTrue();
        }
    }
}
