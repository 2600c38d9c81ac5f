package dev.forkline.trace.decision;

import static dev.forkline.trace.decision.DecisionFixtures.APPROVAL_REQUEST;
import static dev.forkline.trace.decision.DecisionFixtures.DECIDED_AT;
import static dev.forkline.trace.decision.DecisionFixtures.ESCAPE_ATTEMPT;
import static dev.forkline.trace.decision.DecisionFixtures.assertChainIntact;
import static dev.forkline.trace.decision.DecisionFixtures.chainOf;
import static dev.forkline.trace.decision.DecisionFixtures.clockAt;
import static dev.forkline.trace.decision.DecisionFixtures.edited;
import static dev.forkline.trace.decision.DecisionFixtures.sampleTrace;
import static dev.forkline.trace.decision.DecisionFixtures.withData;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.CanonicalJson;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.Signature;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecisionSignatureTest {

    @TempDir
    Path temp;

    private OwnerKeys ring;
    private OwnerKey alice;
    private List<Event> trace;

    @BeforeEach
    void setUp() throws Exception {
        ring = new OwnerKeys(temp.resolve("owners"));
        alice = ring.loadOrCreate("alice");
        trace = sampleTrace();
    }

    private List<Event> decided(Decision decision) {
        EventChain chain = chainOf(trace);
        List<Event> events = new ArrayList<>(trace);
        events.add(new DecisionSigner(alice, clockAt(DECIDED_AT)).append(chain, "r1", decision));
        return events;
    }

    private List<DecisionCheck> verify(List<Event> events) throws Exception {
        return new DecisionVerifier(ring.trustedKeys()).verify(events, null);
    }

    @Test
    void aSignedDecisionVerifiesAndSaysWhoDecidedWhat() throws Exception {
        List<Event> events = decided(Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "release notes reviewed"));
        Event decision = events.getLast();

        assertChainIntact(events);
        assertThat(decision.id()).isEqualTo("r1.11");
        assertThat(decision.seq()).isEqualTo(11);
        assertThat(decision.prev()).isEqualTo(DecisionFixtures.byId(trace, DecisionFixtures.CHECKPOINT).hash());
        assertThat(decision.actor()).isEqualTo("human:alice");
        assertThat(decision.type()).isEqualTo("approval.decision");
        assertThat(decision.causes()).containsExactly(APPROVAL_REQUEST);
        assertThat(decision.ts()).isEqualTo(DECIDED_AT);
        assertThat(decision.text("decidedAt")).isEqualTo("2026-03-01T12:00:00.125Z");
        ObjectNode signature = (ObjectNode) decision.data().get("signature");
        assertThat(signature.get("alg").asText()).isEqualTo("Ed25519");
        assertThat(signature.get("keyFingerprint").asText()).isEqualTo(alice.fingerprint());
        assertThat(Base64.getDecoder().decode(signature.get("publicKey").asText())).isEqualTo(alice.publicKey().getEncoded());

        List<DecisionCheck> checks = verify(events);
        assertThat(checks).singleElement().satisfies(check -> {
            assertThat(check.ok()).as(check.problems().toString()).isTrue();
            assertThat(check.eventId()).isEqualTo("r1.11");
            assertThat(check.owner()).isEqualTo("alice");
            assertThat(check.verdict()).isEqualTo("approve");
            assertThat(check.subject()).isEqualTo(APPROVAL_REQUEST);
            assertThat(check.fingerprint()).isEqualTo(alice.fingerprint());
            assertThat(check.signatureValid()).isTrue();
            assertThat(check.trusted()).isTrue();
            assertThat(check.describe()).startsWith("alice: approve r1.3 (key sha256:").endsWith(", trusted)");
        });
    }

    @Test
    void theSignatureCoversTheCanonicalEventWithoutHashAndWithoutTheSignatureItself() throws Exception {
        Event decision = decided(Decision.of(ESCAPE_ATTEMPT, Verdict.DENY, "alice", "no network in this task")).getLast();

        ObjectNode expected = EventCodec.toJson(decision).deepCopy();
        expected.remove("hash");
        ((ObjectNode) expected.get("data")).remove("signature");
        String payload = CanonicalJson.write(expected);
        assertThat(DecisionSigner.signedPayload(decision)).isEqualTo(payload);
        assertThat(payload).contains("\"prev\":\"" + decision.prev() + "\"").contains("\"seq\":11").contains("\"id\":\"r1.11\"")
                .contains("\"state\":[\"harness\"]").doesNotContain("signature").doesNotContain(decision.hash());

        // An independent Ed25519 verification of exactly those bytes, without DecisionVerifier.
        Signature verifier = Signature.getInstance("Ed25519");
        verifier.initVerify(alice.publicKey());
        verifier.update(payload.getBytes(StandardCharsets.UTF_8));
        assertThat(verifier.verify(Base64.getDecoder().decode(decision.data().get("signature").get("value").asText()))).isTrue();
        // The event hash, in turn, covers the signature.
        assertThat(EventCodec.toLine(decision)).contains("\"signature\":{");
    }

    @Test
    void aModifyDecisionCarriesAndSignsTheNewArguments() throws Exception {
        ObjectNode arguments = Json.object().put("target", "staging-only");
        List<Event> events = decided(Decision.modify(DecisionFixtures.UNANSWERED_EXTERNAL_CALL, "alice", "staging first", arguments));

        assertThat(events.getLast().data().get("arguments")).isEqualTo(arguments);
        assertThat(verify(events).getFirst().ok()).isTrue();
        List<Event> changedArguments = edited(events, "r1.11",
                e -> withData(e, data -> data.set("arguments", Json.object().put("target", "production"))));
        assertThat(verify(changedArguments).getFirst().problems()).extracting(f -> f.code()).containsExactly(DecisionCheck.BAD_SIGNATURE);
    }

    @Test
    void editingTheVerdictRationaleOrSubjectBreaksTheSignatureEvenWithARehashedChain() throws Exception {
        List<Event> events = decided(Decision.of(APPROVAL_REQUEST, Verdict.DENY, "alice", "not before the embargo ends"));

        List<List<Event>> forgeries = List.of(
                edited(events, "r1.11", e -> withData(e, d -> d.put("verdict", "approve"))),
                edited(events, "r1.11", e -> withData(e, d -> d.put("rationale", "fine by me"))),
                edited(events, "r1.11", e -> withData(e, d -> d.put("subject", ESCAPE_ATTEMPT))),
                edited(events, "r1.11", e -> withData(e, d -> d.put("decidedAt", "2026-03-01T09:00:00Z"))));

        for (List<Event> forged : forgeries) {
            assertChainIntact(forged);
            DecisionCheck check = verify(forged).getFirst();
            assertThat(check.ok()).isFalse();
            assertThat(check.signatureValid()).isFalse();
            assertThat(check.problems()).extracting(f -> f.code()).contains(DecisionCheck.BAD_SIGNATURE);
        }
    }

    @Test
    void aDecisionMovedToAnotherPlaceInTheChainNoLongerVerifies() throws Exception {
        List<Event> events = decided(Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "ok"));
        Event decision = events.getLast();
        // Re-link it onto the session start, as if it had been made right after it.
        Event moved = new Event(decision.id(), decision.run(), decision.seq(), decision.ts(), decision.actor(), decision.type(),
                decision.causes(), decision.state(), decision.data(), trace.getFirst().hash(), null);

        DecisionCheck check = new DecisionVerifier(ring.trustedKeys()).check(EventChain.withHash(moved), ids(trace)::contains, 0);
        assertThat(check.signatureValid()).isFalse();
    }

    @Test
    void everySingleCharacterEditOfAStoredDecisionIsCaught() throws Exception {
        List<Event> events = decided(Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "reviewed: ok"));
        String line = EventCodec.toLine(events.getLast());
        int hashValueStart = line.indexOf("\"hash\":\"") + "\"hash\":\"".length();
        int hashValueEnd = line.indexOf('"', hashValueStart);
        DecisionVerifier verifier = new DecisionVerifier(ring.trustedKeys());
        int parsedEdits = 0;
        for (int i = 0; i < line.length(); i++) {
            if (i >= hashValueStart && i < hashValueEnd) {
                continue; // the event hash is the chain's business (and not signed: it is computed over the signature)
            }
            char replacement = line.charAt(i) == 'A' ? 'B' : 'A';
            String tampered = line.substring(0, i) + replacement + line.substring(i + 1);
            Event parsed;
            try {
                parsed = EventCodec.parseLine(tampered, "trace.jsonl", 12);
            } catch (TraceFormatException e) {
                continue; // the file no longer reads: caught
            }
            if (!parsed.type().equals("approval.decision")) {
                continue; // no longer a decision at all; see docs/decisions.md on removed decisions
            }
            parsedEdits++;
            DecisionCheck check = verifier.check(EventChain.withHash(parsed), ids(trace)::contains, 12);
            assertThat(check.ok()).as("edit at %d: %s", i, tampered).isFalse();
        }
        assertThat(parsedEdits).as("most single-character edits still parse and must be caught by the signature").isGreaterThan(line.length() / 2);
    }

    @Test
    void aDecisionForgedWithAnotherKeyPairOnARehashedChainIsUntrusted() throws Exception {
        // Mallory has the bundle but not Alice's key: she makes her own "alice" key pair and signs a decision.
        OwnerKey forgedAlice = new OwnerKeys(temp.resolve("mallory")).loadOrCreate("alice");
        List<Event> events = new ArrayList<>(trace);
        events.add(new DecisionSigner(forgedAlice, clockAt(DECIDED_AT)).append(chainOf(trace), "r1",
                Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "looks fine")));

        assertChainIntact(events);
        DecisionCheck check = verify(events).getFirst();
        assertThat(check.signatureValid()).as("the signature itself is valid").isTrue();
        assertThat(check.trusted()).isFalse();
        assertThat(check.ok()).isFalse();
        assertThat(check.problems()).extracting(f -> f.code()).containsExactly(DecisionCheck.UNTRUSTED_KEY);
        assertThat(check.describe()).contains("UNTRUSTED");
        assertThat(check.toJson().get("ok").booleanValue()).isFalse();
        assertThat(check.toJson().get("problems").get(0).get("code").asText()).isEqualTo(DecisionCheck.UNTRUSTED_KEY);
        assertThat(check.toJson().get("fingerprint").asText()).isEqualTo(forgedAlice.fingerprint());

        // Swapping in Alice's real public key and fingerprint does not help: the signature is Mallory's.
        List<Event> withRealKey = edited(events, "r1.11", e -> withData(e, d -> {
            ObjectNode signature = (ObjectNode) d.get("signature");
            signature.put("publicKey", KeyCodec.spkiBase64(alice.publicKey()));
            signature.put("keyFingerprint", alice.fingerprint());
            return d;
        }));
        DecisionCheck swapped = verify(withRealKey).getFirst();
        assertThat(swapped.trusted()).isTrue();
        assertThat(swapped.signatureValid()).isFalse();
        assertThat(swapped.ok()).isFalse();
    }

    @Test
    void withoutAnyTrustedKeyEvenAGenuineDecisionIsReportedUntrusted() throws Exception {
        List<Event> events = decided(Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "ok"));

        DecisionCheck check = new DecisionVerifier(TrustedKeys.none()).verify(events, null).getFirst();

        assertThat(check.signatureValid()).isTrue();
        assertThat(check.trusted()).isFalse();
        assertThat(check.problems()).extracting(f -> f.message()).singleElement().asString().contains("not trusted for owner 'alice'");
    }

    @Test
    void unsignedDecisionsAndActorOwnerMismatchesAreProblems() throws Exception {
        List<Event> events = decided(Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "ok"));
        List<Event> unsigned = edited(events, "r1.11", e -> withData(e, d -> {
            d.remove("signature");
            return d;
        }));
        List<Event> otherActor = edited(events, "r1.11", e -> new Event(e.id(), e.run(), e.seq(), e.ts(), "human:bob", e.type(),
                e.causes(), e.state(), e.data(), e.prev(), e.hash()));

        assertThat(verify(unsigned).getFirst().problems()).extracting(f -> f.code()).containsExactly(DecisionCheck.UNSIGNED);
        assertThat(verify(otherActor).getFirst().problems()).extracting(f -> f.code())
                .contains(DecisionCheck.ACTOR_MISMATCH, DecisionCheck.BAD_SIGNATURE);
    }

    @Test
    void theSignerRefusesADecisionByAnotherOwner() {
        DecisionSigner signer = new DecisionSigner(alice);
        EventChain chain = chainOf(trace);
        assertThatThrownBy(() -> signer.append(chain, "r1", Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "bob", "ok")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bob");
    }

    @Test
    void aDecisionNeedsARationaleAnOwnerAndArgumentsOnlyWhenModifying() {
        assertThatThrownBy(() -> Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", " "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rationale");
        assertThatThrownBy(() -> Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, null, "ok"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("owner");
        assertThatThrownBy(() -> Decision.of("", Verdict.APPROVE, "alice", "ok")).hasMessageContaining("--event");
        assertThatThrownBy(() -> Decision.of(APPROVAL_REQUEST, Verdict.MODIFY, "alice", "ok")).hasMessageContaining("new arguments");
        assertThatThrownBy(() -> new Decision(APPROVAL_REQUEST, Verdict.DENY, "alice", "ok", Json.object()))
                .hasMessageContaining("only a 'modify'");
        assertThatThrownBy(() -> Verdict.fromWire("maybe")).hasMessageContaining("approve, deny, modify, escalate, terminate");
    }

    private static Set<String> ids(List<Event> events) {
        return events.stream().map(Event::id).collect(Collectors.toSet());
    }
}
