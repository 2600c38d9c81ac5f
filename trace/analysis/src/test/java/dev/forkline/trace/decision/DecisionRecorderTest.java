package dev.forkline.trace.decision;

import static dev.forkline.trace.decision.DecisionFixtures.APPROVAL_REQUEST;
import static dev.forkline.trace.decision.DecisionFixtures.DECIDED_AT;
import static dev.forkline.trace.decision.DecisionFixtures.ESCAPE_ATTEMPT;
import static dev.forkline.trace.decision.DecisionFixtures.FORKED_EXTERNAL_CALL;
import static dev.forkline.trace.decision.DecisionFixtures.assertChainIntact;
import static dev.forkline.trace.decision.DecisionFixtures.clockAt;
import static dev.forkline.trace.decision.DecisionFixtures.sampleTrace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decide.DecisionRecorder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecisionRecorderTest {

    @TempDir
    Path temp;

    private OwnerKeys ring;
    private Path bundleDir;
    private DecisionRecorder recorder;

    @BeforeEach
    void setUp() throws IOException {
        ring = new OwnerKeys(temp.resolve("owners"));
        bundleDir = DecisionFixtures.writeBundle(temp.resolve("bundle"), sampleTrace());
        recorder = new DecisionRecorder(ring, clockAt(DECIDED_AT));
    }

    private Bundle reread() throws Exception {
        return BundleReader.read(bundleDir);
    }

    @Test
    void aRecordedDecisionIsInTheBundleWhenRecordReturnsAndVerifies() throws Exception {
        Event decided = recorder.record(bundleDir, Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "reviewed the post"));

        try (Bundle bundle = reread()) {
            assertThat(bundle.events()).hasSize(sampleTrace().size() + 1);
            assertThat(bundle.events().getLast()).isEqualTo(decided);
            assertThat(bundle.lineOf(bundle.events().size() - 1)).isEqualTo(bundle.events().size());
            assertChainIntact(bundle.events());
            assertThat(DecisionVerifier.verify(bundle, ring.trustedKeys())).singleElement()
                    .satisfies(check -> assertThat(check.ok()).as(check.problems().toString()).isTrue());
        }
        assertThat(ring.hasKey("alice")).as("the key was created on first use").isTrue();
    }

    @Test
    void theDecisionGoesToTheSubjectsRun() throws Exception {
        Event decided = recorder.record(bundleDir, Decision.of(FORKED_EXTERNAL_CALL, Verdict.TERMINATE, "alice", "stop the fork"));

        assertThat(decided.run()).isEqualTo("r2");
        assertThat(decided.id()).isEqualTo("r2.4");
        try (Bundle bundle = reread()) {
            assertChainIntact(bundle.events());
        }
    }

    @Test
    void laterDecisionsSupersedeEarlierOnesAndAllStayOnDisk() throws Exception {
        recorder.record(bundleDir, Decision.of(ESCAPE_ATTEMPT, Verdict.ESCALATE, "alice", "ask security"));
        recorder.record(bundleDir, Decision.of(ESCAPE_ATTEMPT, Verdict.DENY, "bob", "no network"));

        try (Bundle bundle = reread()) {
            assertChainIntact(bundle.events());
            DecisionLedger ledger = DecisionLedger.verified(bundle, ring.trustedKeys());
            assertThat(ledger.verdict(ESCAPE_ATTEMPT)).contains(Verdict.DENY);
            assertThat(ledger.history(ESCAPE_ATTEMPT)).extracting(Event::actor).containsExactly("human:alice", "human:bob");
        }
    }

    @Test
    void refusesSubjectsThatDoNotExistOrCannotBeDecided() throws Exception {
        assertThatThrownBy(() -> recorder.record(bundleDir, Decision.of("r9.9", Verdict.APPROVE, "alice", "ok")))
                .isInstanceOf(DecisionRefusedException.class).hasMessageContaining("there is no event 'r9.9'");
        assertThatThrownBy(() -> recorder.record(bundleDir, Decision.of(DecisionFixtures.TOOL_RESULT, Verdict.APPROVE, "alice", "ok")))
                .isInstanceOf(DecisionRefusedException.class).hasMessageContaining("is a tool.result")
                .hasMessageContaining("only approval.request, escape.attempt and tool.call");
        assertThatThrownBy(() -> recorder.record(temp, Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "ok")))
                .isInstanceOf(DecisionRefusedException.class).hasMessageContaining("not an unpacked bundle directory");
        try (Bundle bundle = reread()) {
            assertThat(bundle.events()).hasSize(sampleTrace().size());
        }
    }

    @Test
    void decidingAboutADecisionIsRefused() throws Exception {
        Event first = recorder.record(bundleDir, Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "ok"));

        assertThatThrownBy(() -> recorder.record(bundleDir, Decision.of(first.id(), Verdict.DENY, "bob", "overrule")))
                .isInstanceOf(DecisionRefusedException.class).hasMessageContaining("approval.decision");
    }

    @Test
    void aLastLineWithoutItsNewlineIsNotGluedToTheDecision() throws Exception {
        Path events = bundleDir.resolve(Bundle.EVENTS);
        String text = Files.readString(events, StandardCharsets.UTF_8);
        Files.writeString(events, text.stripTrailing(), StandardCharsets.UTF_8);

        recorder.record(bundleDir, Decision.of(APPROVAL_REQUEST, Verdict.APPROVE, "alice", "ok"));

        try (Bundle bundle = reread()) {
            assertThat(bundle.events()).hasSize(sampleTrace().size() + 1);
            assertChainIntact(bundle.events());
        }
    }

    @Test
    void concurrentDecidersEachChainOntoTheOther() throws Exception {
        DecisionRecorder live = new DecisionRecorder(ring);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Event>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String owner = i % 2 == 0 ? "alice" : "bob";
                String rationale = "decision " + i;
                futures.add(pool.submit(() -> live.record(bundleDir, Decision.of(ESCAPE_ATTEMPT, Verdict.ESCALATE, owner, rationale))));
            }
            for (Future<Event> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        try (Bundle bundle = reread()) {
            assertThat(bundle.events()).hasSize(sampleTrace().size() + 8);
            assertChainIntact(bundle.events());
            assertThat(DecisionVerifier.verify(bundle, ring.trustedKeys())).hasSize(8).allSatisfy(check -> assertThat(check.ok()).isTrue());
        }
    }

    private Process decideInChildJvm(String subject, String verdict, String owner, String rationale) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                DecideAndHalt.class.getName(), bundleDir.toString(), ring.directory().toString(), subject, verdict, owner, rationale)
                .redirectErrorStream(true)
                .start();
    }

    private static String awaitSuccess(Process child) throws Exception {
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("child JVM finished").isTrue();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.exitValue()).as(output).isZero();
        return output;
    }

    @Test
    void aDecisionAcknowledgedByAProcessThatIsKilledRightAfterIsOnDiskAndVerifies() throws Exception {
        String output = awaitSuccess(decideInChildJvm(APPROVAL_REQUEST, "deny", "carol", "not before the embargo lifts"));
        assertThat(output).contains("DECIDED r1.11");

        try (Bundle bundle = reread()) {
            Event decision = bundle.events().getLast();
            assertThat(decision.id()).isEqualTo("r1.11");
            assertThat(decision.actor()).isEqualTo("human:carol");
            assertThat(decision.text("verdict")).isEqualTo("deny");
            assertChainIntact(bundle.events());
            assertThat(DecisionVerifier.verify(bundle, ring.trustedKeys())).singleElement()
                    .satisfies(check -> assertThat(check.ok()).as(check.problems().toString()).isTrue());
        }
    }

    @Test
    void decidersInSeparateProcessesAreSerialisedByTheFileLock() throws Exception {
        List<Process> children = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            children.add(decideInChildJvm(ESCAPE_ATTEMPT, "escalate", i == 2 ? "erin" : "dave", "child " + i));
        }
        for (Process child : children) {
            awaitSuccess(child);
        }

        try (Bundle bundle = reread()) {
            assertThat(bundle.events()).hasSize(sampleTrace().size() + 3);
            assertChainIntact(bundle.events());
            assertThat(DecisionVerifier.verify(bundle, ring.trustedKeys())).hasSize(3).allSatisfy(check -> assertThat(check.ok()).isTrue());
        }
    }
}
