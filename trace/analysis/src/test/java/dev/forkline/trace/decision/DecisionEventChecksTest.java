package dev.forkline.trace.decision;

import static dev.forkline.trace.decision.DecisionFixtures.APPROVAL_REQUEST;
import static dev.forkline.trace.decision.DecisionFixtures.DECIDED_AT;
import static dev.forkline.trace.decision.DecisionFixtures.ESCAPE_ATTEMPT;
import static dev.forkline.trace.decision.DecisionFixtures.chainOf;
import static dev.forkline.trace.decision.DecisionFixtures.clockAt;
import static dev.forkline.trace.decision.DecisionFixtures.sampleTrace;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.verify.Problem;
import dev.forkline.trace.verify.VerificationReport;
import dev.forkline.trace.verify.Verifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecisionEventChecksTest {

    @TempDir
    Path temp;

    @Test
    void theBundleVerifierReportsUntrustedAndEditedDecisionsWithTheirLines() throws Exception {
        OwnerKeys ring = new OwnerKeys(temp.resolve("owners"));
        List<Event> trace = sampleTrace();
        EventChain chain = chainOf(trace);
        List<Event> events = new ArrayList<>(trace);
        events.add(new DecisionSigner(ring.loadOrCreate("alice"), clockAt(DECIDED_AT)).append(chain, "r1",
                Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "genuine")));
        events.add(new DecisionSigner(new OwnerKeys(temp.resolve("mallory")).loadOrCreate("alice"), clockAt(DECIDED_AT))
                .append(chain, "r1", Decision.of(ESCAPE_ATTEMPT, Verdict.APPROVE, "alice", "forged")));
        Path genuineOnly = DecisionFixtures.writeBundle(temp.resolve("genuine"), events.subList(0, trace.size() + 1));
        Path withForgery = DecisionFixtures.writeBundle(temp.resolve("forged"), events);
        List<Event> edited = DecisionFixtures.edited(events.subList(0, trace.size() + 1), "r1.11",
                e -> DecisionFixtures.withData(e, d -> d.put("rationale", "edited later")));
        Path withEdit = DecisionFixtures.writeBundle(temp.resolve("edited"), edited);

        TrustedKeys trusted = ring.trustedKeys();
        try (Bundle genuine = BundleReader.read(genuineOnly); Bundle forged = BundleReader.read(withForgery);
             Bundle rehashed = BundleReader.read(withEdit)) {
            assertThat(Verifier.verify(genuine, DecisionEventChecks.of(trusted)).ok()).isTrue();
            assertThat(Verifier.verify(genuine, DecisionEventChecks.of(TrustedKeys.none())).problems())
                    .extracting(Problem::code).containsExactly(DecisionCheck.UNTRUSTED_KEY);

            VerificationReport forgedReport = Verifier.verify(forged, DecisionEventChecks.of(trusted));
            assertThat(forgedReport.problems()).singleElement().satisfies(problem -> {
                assertThat(problem.code()).isEqualTo(DecisionCheck.UNTRUSTED_KEY);
                assertThat(problem.eventId()).isEqualTo("r1.12");
                assertThat(problem.line()).isEqualTo(events.size());
            });

            VerificationReport editedReport = Verifier.verify(rehashed, DecisionEventChecks.of(trusted));
            assertThat(Verifier.verify(rehashed).ok()).as("the re-hashed chain alone looks intact").isTrue();
            assertThat(editedReport.problems()).extracting(Problem::code).containsExactly(DecisionCheck.BAD_SIGNATURE);
        }
    }
}
