package dev.forkline.trace.integrity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.testing.AlteredSamples;
import dev.forkline.trace.testing.AlteredSamples.Alteration;
import dev.forkline.trace.testing.AlteredSamples.Altered;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The verdict on every altered variant of a sample, an intact sample and a foreign trace. */
class TraceIntegrityTest {

    @TempDir
    Path temp;

    @Test
    void everyRecordedSampleIsIntact() throws Exception {
        for (String name : List.of("wrong-tool-call", "poisoned-artifact", "permission-escalation", "multi-agent-conflict",
                "sandbox-lost-mid-effect")) {
            try (Bundle bundle = BundleReader.read(AlteredSamples.SAMPLES.resolve(name))) {
                TraceIntegrity integrity = TraceIntegrity.check(bundle, TrustedKeys.none());
                assertThat(integrity.verdict()).as(name).isEqualTo(IntegrityVerdict.intact());
                assertThat(integrity.problems()).isEmpty();
                assertThat(IntegrityVerdict.of(bundle, TrustedKeys.none()).headline()).startsWith("intact");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Alteration.class)
    void eachAlterationNamesItsFirstBadEventAndLine(Alteration alteration) throws Exception {
        OwnerKeys owner = new OwnerKeys(temp.resolve("owner"));
        Altered altered = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, temp.resolve("altered"), alteration, owner,
                new OwnerKeys(temp.resolve("forger")));
        try (Bundle bundle = BundleReader.read(altered.bundle())) {
            TraceIntegrity integrity = TraceIntegrity.check(bundle, owner.trustedKeys());
            IntegrityVerdict verdict = integrity.verdict();
            assertThat(verdict.status()).as(integrity.problems().toString()).isEqualTo(alteration.expected());
            assertThat(verdict.eventId()).isEqualTo(altered.eventId());
            assertThat(verdict.line()).isEqualTo(altered.line());
            assertThat(verdict.problems()).isEqualTo(integrity.problems().size()).isPositive();
            assertThat(verdict.fails()).isTrue();
            assertThat(verdict.headline()).contains(altered.eventId() + " (line " + altered.line() + ")");
            assertThat(integrity.problemsAbout(altered.eventId())).isNotEmpty();
            assertThat(integrity.eventIds()).first().isEqualTo(altered.eventId());
            assertThat(IntegrityVerdict.fromJson(verdict.toJson())).isEqualTo(verdict);
        }
    }

    @Test
    void whatEachAlterationIsFoundAs() throws Exception {
        OwnerKeys owner = new OwnerKeys(temp.resolve("owner"));
        OwnerKeys forger = new OwnerKeys(temp.resolve("forger"));
        assertThat(codes(Alteration.CHANGED_BYTE, owner, forger)).containsExactly("hash-mismatch");
        assertThat(codes(Alteration.CHANGED_PREV, owner, forger)).containsExactly("hash-mismatch", "prev-chain-break");
        assertThat(codes(Alteration.DELETED_LINE, owner, forger)).contains("prev-chain-break");
        assertThat(codes(Alteration.SWAPPED_LINES, owner, forger)).containsExactly("seq-order");
        assertThat(codes(Alteration.EDITED_DECISION, owner, forger)).containsExactly("hash-mismatch", "decision-bad-signature");
        assertThat(codes(Alteration.UNTRUSTED_DECISION, owner, forger)).containsExactly("decision-untrusted-key");
        assertThat(codes(Alteration.APPENDED_WITHOUT_HASH, owner, forger)).containsExactly("missing-hash");
    }

    private List<String> codes(Alteration alteration, OwnerKeys owner, OwnerKeys forger) throws Exception {
        Altered altered = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, temp.resolve(alteration.name()), alteration, owner, forger);
        try (Bundle bundle = BundleReader.read(altered.bundle())) {
            return TraceIntegrity.check(bundle, owner.trustedKeys()).problems().stream().map(p -> p.code()).toList();
        }
    }

    @Test
    void aForeignTraceIsNotSignedEvenWithItsOwnUnsignedApprovals() {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{}");
        Event request = trace.add("r1", "agent:coder", EventType.APPROVAL_REQUEST, "{'subject':'r1.1','reason':'may I?'}");
        trace.add("r1", "human:user", EventType.APPROVAL_DECISION, "{'subject':'r1.1','verdict':'approve','owner':'user','rationale':'ok'}",
                request.id());
        Bundle foreign = bundle("claude-code", trace.events());
        TraceIntegrity integrity = TraceIntegrity.check(foreign, TrustedKeys.none());
        assertThat(integrity.verdict()).isEqualTo(IntegrityVerdict.notSigned());
        assertThat(integrity.verdict().headline()).startsWith("not signed");
        assertThat(integrity.problems()).isEmpty();

        Bundle nativeOne = bundle(Manifest.NATIVE_FORMAT, trace.events());
        assertThat(TraceIntegrity.check(nativeOne, TrustedKeys.none()).verdict().status())
                .as("the same unsigned decision in a Forkline bundle").isEqualTo(IntegrityStatus.ALTERED);
    }

    @Test
    void aForeignTraceWhoseChainWasBrokenAfterImportIsAltered() {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{}");
        Event second = trace.add("r1", "agent:coder", EventType.NOTE, "{'text':'hello'}");
        Event edited = new Event(second.id(), second.run(), second.seq(), second.ts(), second.actor(), second.type(), second.causes(),
                second.state(), TraceBuilder.json("{'text':'goodbye'}"), second.prev(), second.hash());
        TraceIntegrity integrity = TraceIntegrity.check(bundle("claude-code", List.of(trace.events().getFirst(), edited)), TrustedKeys.none());
        assertThat(integrity.verdict().status()).isEqualTo(IntegrityStatus.ALTERED);
        assertThat(integrity.verdict().eventId()).isEqualTo(second.id());
        assertThat(integrity.verdict().line()).isEqualTo(2);
    }

    @Test
    void theBreakPrecedesEventsAfterItInTheirLineageOnly() throws Exception {
        OwnerKeys owner = new OwnerKeys(temp.resolve("owner"));
        Altered altered = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, temp.resolve("altered"), Alteration.CHANGED_BYTE, owner,
                new OwnerKeys(temp.resolve("forger")));
        try (Bundle bundle = BundleReader.read(altered.bundle())) {
            TraceIndex index = TraceIndex.of(bundle.events());
            TraceIntegrity integrity = TraceIntegrity.check(bundle, index, TrustedKeys.none());
            assertThat(integrity.verdict().eventId()).isEqualTo("r1.4");
            assertThat(integrity.breakPrecedes("r1.4", index)).isTrue();
            assertThat(integrity.breakPrecedes("r1.9", index)).isTrue();
            assertThat(integrity.breakPrecedes("r1.3", index)).isFalse();
            String forkEvent = bundle.events().stream().filter(e -> e.run().equals("r2")).reduce((a, b) -> b).orElseThrow().id();
            assertThat(integrity.breakPrecedes(forkEvent, index)).as("r2 forks from cp-green, after r1.4").isTrue();
            assertThat(integrity.breakPrecedes("no-such-event", index)).isFalse();
        }
    }

    @Test
    void aVerdictNamesItsEventOnlyWhenItFails() {
        assertThatThrownBy(() -> new IntegrityVerdict(IntegrityStatus.ALTERED, null, 0, 1, "hash-mismatch", "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IntegrityVerdict(IntegrityStatus.INTACT, "r1.1", 1, 0, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(IntegrityStatus.fromWire("untrusted-decisions")).isEqualTo(IntegrityStatus.UNTRUSTED_DECISIONS);
        assertThatThrownBy(() -> IntegrityStatus.fromWire("fine")).hasMessageContaining("intact");
        assertThat(IntegrityVerdict.fromJson(IntegrityVerdict.notSigned().toJson())).isEqualTo(IntegrityVerdict.notSigned());
        assertThat(IntegrityVerdict.unverified().toJson().get("status").asText()).isEqualTo("unverified");
    }

    @Test
    void aReplayOfAFailingTraceWarnsAndOfAPassingOneDoesNot() {
        IntegrityVerdict altered = new IntegrityVerdict(IntegrityStatus.ALTERED, "r1.4", 4, 2, "hash-mismatch", "hash differs");
        assertThat(altered.replayWarning()).hasValueSatisfying(warning -> assertThat(warning)
                .startsWith("replaying a trace that is altered at event r1.4 (line 4): 2 problems").contains("cannot vouch"));
        IntegrityVerdict untrusted = new IntegrityVerdict(IntegrityStatus.UNTRUSTED_DECISIONS, "r1.9", 9, 1, "decision-untrusted-key", "x");
        assertThat(untrusted.replayWarning()).hasValueSatisfying(warning -> assertThat(warning).contains("may be forged"));
        assertThat(IntegrityVerdict.intact().replayWarning()).isEmpty();
        assertThat(IntegrityVerdict.notSigned().replayWarning()).isEmpty();
        assertThat(IntegrityVerdict.REPLAYED_FIELD).isEqualTo("replayedIntegrity");
    }

    private static Bundle bundle(String format, List<Event> events) {
        Manifest manifest = new Manifest(Manifest.FORMAT_VERSION, "t-" + format, "test", Instant.parse("2026-01-01T00:00:00Z"),
                "test", format);
        int[] lines = new int[events.size()];
        java.util.Arrays.setAll(lines, i -> i + 1);
        return new Bundle("memory", manifest, events, lines, BlobSource.NONE);
    }
}
