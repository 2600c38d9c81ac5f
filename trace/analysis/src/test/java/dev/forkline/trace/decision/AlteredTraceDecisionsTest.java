package dev.forkline.trace.decision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decide.AlteredTraceException;
import dev.forkline.trace.decide.DecisionRecorder;
import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.trace.testing.AlteredSamples;
import dev.forkline.trace.testing.AlteredSamples.Alteration;
import dev.forkline.trace.testing.AlteredSamples.Altered;
import dev.forkline.trace.testing.DirectoryTrees;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A decision on an altered trace needs the owner's acknowledgement, which it records under her signature. */
class AlteredTraceDecisionsTest {

    @TempDir
    Path temp;

    private OwnerKeys ring;
    private Altered altered;

    @BeforeEach
    void alter() throws Exception {
        ring = new OwnerKeys(temp.resolve("owners"));
        altered = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, temp.resolve("altered"), Alteration.CHANGED_BYTE, ring,
                new OwnerKeys(temp.resolve("forger")));
    }

    @Test
    void aDecisionOnAnAlteredTraceIsRefusedAndNothingIsWritten() throws Exception {
        byte[] before = Files.readAllBytes(altered.bundle().resolve(Bundle.EVENTS));
        assertThatThrownBy(() -> new DecisionRecorder(ring).record(altered.bundle(), Decision.of("r1.9", Verdict.DENY, "dana", "no")))
                .isInstanceOf(AlteredTraceException.class)
                .hasMessageContaining("altered at event r1.4 (line 4)")
                .satisfies(e -> assertThat(((AlteredTraceException) e).verdict().eventId()).isEqualTo("r1.4"));
        assertThat(Files.readAllBytes(altered.bundle().resolve(Bundle.EVENTS))).isEqualTo(before);
    }

    @Test
    void acknowledgedTheDecisionRecordsWhatTheVerificationFoundUnderTheSignature() throws Exception {
        Event decided = new DecisionRecorder(ring).record(altered.bundle(), Decision.of("r1.9", Verdict.DENY, "dana", "no"),
                DecisionRecorder.OnAlteredTrace.ACKNOWLEDGE);

        AlteredTraceAcknowledgement seen = Decision.fromEvent(decided).acknowledgedAltered();
        assertThat(seen).isEqualTo(new AlteredTraceAcknowledgement("r1.4", 4, 1, true));
        assertThat(decided.data().get(Decision.INTEGRITY_FIELD).get("verdict").asText()).isEqualTo("altered");
        assertThat(DecisionSigner.signedPayload(decided)).contains("\"firstBadEvent\":\"r1.4\"");
        try (Bundle bundle = BundleReader.read(altered.bundle())) {
            assertThat(DecisionVerifier.verify(bundle, ring.trustedKeys())).singleElement()
                    .satisfies(check -> assertThat(check.ok()).as(check.problems().toString()).isTrue());
        }
    }

    @Test
    void aSubjectBeforeTheBreakIsRecordedAsSuch() throws Exception {
        Altered later = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, temp.resolve("later"), Alteration.CHANGED_PREV, ring,
                new OwnerKeys(temp.resolve("forger")));
        assertThat(later.eventId()).isEqualTo("r1.6");
        Event decided = new DecisionRecorder(ring).record(later.bundle(), Decision.of("r1.4", Verdict.DENY, "dana", "no"),
                DecisionRecorder.OnAlteredTrace.ACKNOWLEDGE);
        assertThat(Decision.fromEvent(decided).acknowledgedAltered()).isEqualTo(new AlteredTraceAcknowledgement("r1.6", 6, 2, false));
    }

    @Test
    void editingTheAcknowledgementBreaksTheSignature() throws Exception {
        new DecisionRecorder(ring).record(altered.bundle(), Decision.of("r1.9", Verdict.DENY, "dana", "no"),
                DecisionRecorder.OnAlteredTrace.ACKNOWLEDGE);
        Path events = altered.bundle().resolve(Bundle.EVENTS);
        var lines = Files.readAllLines(events, StandardCharsets.UTF_8);
        lines.set(lines.size() - 1, lines.getLast().replace("\"subjectAfterBreak\":true", "\"subjectAfterBreak\":false"));
        Files.write(events, lines, StandardCharsets.UTF_8);
        try (Bundle bundle = BundleReader.read(altered.bundle())) {
            assertThat(DecisionVerifier.verify(bundle, ring.trustedKeys()).getFirst().problems())
                    .anySatisfy(problem -> assertThat(problem.code()).isEqualTo(DecisionCheck.BAD_SIGNATURE));
        }
    }

    @Test
    void anAcknowledgementTheOwnerWasShownIsRecordedAsGivenAndAnIntactTraceNeedsNone() throws Exception {
        Path intact = DirectoryTrees.copy(AlteredSamples.WRONG_TOOL_CALL, temp.resolve("intact"));
        Event plain = new DecisionRecorder(ring).record(intact, Decision.of("r1.9", Verdict.DENY, "dana", "no"));
        assertThat(plain.data().has(Decision.INTEGRITY_FIELD)).isFalse();

        AlteredTraceAcknowledgement shown = new AlteredTraceAcknowledgement("r1.4", 4, 2, true);
        Event acknowledged = new DecisionRecorder(ring).record(intact, Decision.of("r1.4", Verdict.DENY, "dana", "again")
                .acknowledgingAltered(shown));
        assertThat(Decision.fromEvent(acknowledged).acknowledgedAltered()).isEqualTo(shown);
        assertThat(Decision.fromEvent(acknowledged).treatedAs(null).acknowledgedAltered()).isEqualTo(shown);
    }

    @Test
    void anUntrustedKeyIsNoReasonToRefuse() throws Exception {
        Altered untrusted = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, temp.resolve("untrusted"), Alteration.UNTRUSTED_DECISION,
                ring, new OwnerKeys(temp.resolve("forger2")));
        assertThat(untrusted.alteration().expected()).isEqualTo(IntegrityStatus.UNTRUSTED_DECISIONS);
        Event decided = new DecisionRecorder(ring).record(untrusted.bundle(), Decision.of("r1.9", Verdict.APPROVE, "dana", "mine"));
        assertThat(decided.data().has(Decision.INTEGRITY_FIELD)).isFalse();
    }

    @Test
    void aMalformedAcknowledgementIsAMalformedDecision() {
        assertThatThrownBy(() -> AlteredTraceAcknowledgement.fromJson(dev.forkline.trace.Json.object().put("verdict", "intact")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("firstBadEvent");
        assertThatThrownBy(() -> new AlteredTraceAcknowledgement("", 1, 1, false)).isInstanceOf(IllegalArgumentException.class);
    }
}
