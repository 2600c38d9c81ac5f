package dev.forkline.trace.decision;

import static dev.forkline.trace.decision.DecisionFixtures.APPROVAL_REQUEST;
import static dev.forkline.trace.decision.DecisionFixtures.DECIDED_AT;
import static dev.forkline.trace.decision.DecisionFixtures.ESCAPE_ATTEMPT;
import static dev.forkline.trace.decision.DecisionFixtures.FORKED_EXTERNAL_CALL;
import static dev.forkline.trace.decision.DecisionFixtures.TRACE_ID;
import static dev.forkline.trace.decision.DecisionFixtures.UNANSWERED_EXTERNAL_CALL;
import static dev.forkline.trace.decision.DecisionFixtures.UNKNOWN_OUTCOME_CALL;
import static dev.forkline.trace.decision.DecisionFixtures.chainOf;
import static dev.forkline.trace.decision.DecisionFixtures.clockAt;
import static dev.forkline.trace.decision.DecisionFixtures.sampleTrace;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EscapeQueueTest {

    @TempDir
    Path temp;

    private OwnerKeys ring;

    @BeforeEach
    void setUp() {
        ring = new OwnerKeys(temp.resolve("owners"));
    }

    private List<Event> decide(List<Event> events, String owner, Decision... decisions) throws Exception {
        EventChain chain = chainOf(events);
        List<Event> out = new ArrayList<>(events);
        DecisionSigner signer = new DecisionSigner(ring.loadOrCreate(owner), clockAt(DECIDED_AT));
        for (Decision decision : decisions) {
            String run = DecisionFixtures.byId(events, decision.subject()).run();
            out.add(signer.append(chain, run, decision));
        }
        return out;
    }

    @Test
    void listsRequestsEscapesAndExternalEffectsWithUnknownOutcomeNewestFirst() {
        List<Event> trace = sampleTrace();

        List<QueueItem> queue = EscapeQueue.pending(TRACE_ID, trace, DecisionLedger.of(trace));

        // r1.5 has its tool.result, r1.7 is only a workspace effect, r2.3's callId c1 answers nothing in run r2.
        assertThat(queue).extracting(QueueItem::eventId)
                .containsExactly(FORKED_EXTERNAL_CALL, UNKNOWN_OUTCOME_CALL, ESCAPE_ATTEMPT, APPROVAL_REQUEST, UNANSWERED_EXTERNAL_CALL);
        assertThat(queue).extracting(QueueItem::kind).containsExactly(QueueItem.Kind.UNKNOWN_OUTCOME, QueueItem.Kind.UNKNOWN_OUTCOME,
                QueueItem.Kind.ESCAPE_ATTEMPT, QueueItem.Kind.APPROVAL_REQUEST, QueueItem.Kind.UNKNOWN_OUTCOME);
        assertThat(queue).extracting(QueueItem::run).containsExactly("r2", "r1", "r1", "r1", "r1");
        assertThat(queue).allSatisfy(item -> {
            assertThat(item.traceId()).isEqualTo(TRACE_ID);
            assertThat(item.escalated()).isFalse();
        });
        assertThat(queue.get(2).summary()).isEqualTo("network escape blocked: connect api.example.com:443");
        assertThat(queue.get(3).summary()).isEqualTo("approval requested of alice: posts the release notes to the public blog (subject r1.2)");
        assertThat(queue.get(4).summary()).isEqualTo("external http.post, outcome unknown: {\"target\":\"http.post-target\"}");
        assertThat(queue.get(0).ts()).isAfter(queue.get(1).ts());
    }

    @Test
    void decidedItemsLeaveTheQueueButEscalatedOnesStay() throws Exception {
        List<Event> events = decide(sampleTrace(), "alice",
                Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "blog post is fine"),
                Decision.of(ESCAPE_ATTEMPT, Verdict.ESCALATE, "alice", "security should look at this"),
                Decision.of(FORKED_EXTERNAL_CALL, Verdict.TERMINATE, "alice", "this fork must not send mail"));

        List<QueueItem> queue = EscapeQueue.pending(TRACE_ID, events, DecisionLedger.of(events));

        assertThat(queue).extracting(QueueItem::eventId).containsExactly(UNKNOWN_OUTCOME_CALL, ESCAPE_ATTEMPT, UNANSWERED_EXTERNAL_CALL);
        assertThat(queue.get(1).escalated()).isTrue();
        assertThat(queue.get(0).escalated()).isFalse();
    }

    @Test
    void aDecisionAboutTheRequestedCallAnswersTheRequestToo() throws Exception {
        List<Event> events = decide(sampleTrace(), "alice",
                Decision.of(UNANSWERED_EXTERNAL_CALL, Verdict.DENY, "alice", "no blog posts from agents"));

        List<QueueItem> queue = EscapeQueue.pending(TRACE_ID, events, DecisionLedger.of(events));

        assertThat(queue).extracting(QueueItem::eventId).doesNotContain(UNANSWERED_EXTERNAL_CALL, APPROVAL_REQUEST)
                .contains(ESCAPE_ATTEMPT);
    }

    @Test
    void aLaterDecisionSupersedesAnEarlierOneWhichStaysInTheHistory() throws Exception {
        List<Event> events = decide(sampleTrace(), "alice",
                Decision.of(ESCAPE_ATTEMPT, Verdict.ESCALATE, "alice", "not my call"));
        events = decide(events, "bob", Decision.of(ESCAPE_ATTEMPT, Verdict.DENY, "bob", "no outbound network, ever"));

        DecisionLedger ledger = DecisionLedger.of(events);

        assertThat(ledger.verdict(ESCAPE_ATTEMPT)).contains(Verdict.DENY);
        assertThat(ledger.latest(ESCAPE_ATTEMPT)).get().extracting(Event::actor).isEqualTo("human:bob");
        assertThat(ledger.history(ESCAPE_ATTEMPT)).extracting(e -> e.text("verdict")).containsExactly("escalate", "deny");
        assertThat(ledger.isDecided(APPROVAL_REQUEST)).isFalse();
        assertThat(EscapeQueue.pending(TRACE_ID, events, ledger)).extracting(QueueItem::eventId).doesNotContain(ESCAPE_ATTEMPT);
        // And back: approving after the denial re-opens nothing but changes the verdict in force.
        events = decide(events, "alice", Decision.of(ESCAPE_ATTEMPT, Verdict.APPROVE, "alice", "allowed for the docs mirror"));
        assertThat(DecisionLedger.of(events).verdict(ESCAPE_ATTEMPT)).contains(Verdict.APPROVE);
        assertThat(DecisionLedger.of(events).history(ESCAPE_ATTEMPT)).hasSize(3);
    }

    @Test
    void withTrustedKeysOnlyVerifiedDecisionsCloseItems() throws Exception {
        OwnerKeys mallorysRing = new OwnerKeys(temp.resolve("mallory"));
        List<Event> trace = sampleTrace();
        EventChain chain = chainOf(trace);
        List<Event> events = new ArrayList<>(trace);
        events.add(new DecisionSigner(ring.loadOrCreate("alice"), clockAt(DECIDED_AT)).append(chain, "r1",
                Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "genuine")));
        events.add(new DecisionSigner(mallorysRing.loadOrCreate("alice"), clockAt(DECIDED_AT)).append(chain, "r1",
                Decision.of(ESCAPE_ATTEMPT, Verdict.APPROVE, "alice", "forged")));
        Path bundleDir = DecisionFixtures.writeBundle(temp.resolve("bundle"), events);

        try (Bundle bundle = BundleReader.read(bundleDir)) {
            List<QueueItem> trusting = EscapeQueue.pending(bundle, ring.trustedKeys());
            List<QueueItem> anyDecision = EscapeQueue.of(List.of(bundle));

            assertThat(trusting).extracting(QueueItem::eventId).contains(ESCAPE_ATTEMPT).doesNotContain(APPROVAL_REQUEST);
            assertThat(anyDecision).extracting(QueueItem::eventId).doesNotContain(ESCAPE_ATTEMPT, APPROVAL_REQUEST);
            assertThat(DecisionLedger.verified(bundle, ring.trustedKeys()).subjects()).containsExactly(APPROVAL_REQUEST);
        }
    }

    @Test
    void itemsOfSeveralBundlesAreMergedNewestFirstAndSerialiseToJson() throws Exception {
        Path first = DecisionFixtures.writeBundle(temp.resolve("one"), sampleTrace());
        List<Event> shifted = DecisionFixtures.edited(sampleTrace(), "r1.4", e -> new Event(e.id(), e.run(), e.seq(),
                DECIDED_AT, e.actor(), e.type(), e.causes(), e.state(), e.data(), e.prev(), null));
        Path second = DecisionFixtures.writeBundle(temp.resolve("two"), shifted);

        try (Bundle one = BundleReader.read(first); Bundle two = BundleReader.read(second)) {
            List<QueueItem> queue = EscapeQueue.of(List.of(one, two));

            assertThat(queue).hasSize(10);
            assertThat(queue.getFirst().eventId()).isEqualTo(ESCAPE_ATTEMPT);
            assertThat(queue.getFirst().ts()).isEqualTo(DECIDED_AT);
            for (int i = 1; i < queue.size(); i++) {
                assertThat(queue.get(i).ts()).isBeforeOrEqualTo(queue.get(i - 1).ts());
            }
            assertThat(queue.getFirst().toJson().toString()).isEqualTo("{\"traceId\":\"trace-decisions\",\"run\":\"r1\",\"eventId\":\"r1.4\","
                    + "\"ts\":\"2026-03-01T12:00:00.125Z\",\"kind\":\"escape.attempt\","
                    + "\"summary\":\"network escape blocked: connect api.example.com:443\",\"escalated\":false}");
        }
    }
}
