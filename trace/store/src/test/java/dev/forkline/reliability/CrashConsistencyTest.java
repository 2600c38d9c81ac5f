package dev.forkline.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionVerifier;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.store.IntegrityReport;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.TraceSummary;
import dev.forkline.trace.testing.ChildJvm;
import dev.forkline.trace.verify.Verifier;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash consistency: a child JVM importing large traces into a store, or recording decisions into a bundle, is killed
 * with SIGKILL at random moments. After every kill the store opens, passes its integrity check, holds each trace whole
 * or not at all, and holds every trace the child acknowledged; the bundle reads, verifies, and holds every decision
 * the child acknowledged, each with a valid signature. {@code -Dforkline.crash.kills=N}, {@code -Dforkline.crash.events=N}.
 */
class CrashConsistencyTest {

    private static final int KILLS = Integer.getInteger("forkline.crash.kills", 15);
    private static final int EVENTS = Integer.getInteger("forkline.crash.events", 10_000);
    private static final long SEED = Long.getLong("forkline.fuzz.seed", 20261130L);

    @TempDir
    Path dir;

    @Test
    void aStoreKilledAtRandomHoldsEachTraceWholeOrNotAtAllAndEveryAcknowledgedOne() throws Exception {
        Path db = dir.resolve("crash").resolve("forkline");
        Random random = new Random(SEED);
        Set<String> acknowledged = new LinkedHashSet<>();
        int killedMidImport = 0;
        long cycleMillis = 0;
        for (int round = 0; round < KILLS; round++) {
            ChildJvm child = ChildJvm.start(CrashChild.class, "import", db.toString(), "round" + round, String.valueOf(EVENTS));
            child.awaitLine("READY", Duration.ofSeconds(120));
            if (round == 0) {
                // The first child runs to its first acknowledgement, which measures how long one trace takes.
                long started = System.nanoTime();
                child.awaitLineStartingWith("ACK ", Duration.ofSeconds(300));
                cycleMillis = Math.max(100, Duration.ofNanos(System.nanoTime() - started).toMillis());
            }
            Thread.sleep(random.nextLong(cycleMillis * 2));
            List<String> output = child.kill();
            List<String> acks = ChildJvm.acknowledged(output);
            acknowledged.addAll(acks);
            List<String> begun = output.stream().filter(l -> l.startsWith("BEGIN ")).map(l -> l.substring(6)).toList();
            if (begun.size() > acks.size()) {
                killedMidImport++;
            }
            try (TraceStore store = TraceStore.open(db)) {
                IntegrityReport report = store.integrityCheck();
                assertThat(report.problems()).as("integrity after kill %d", round).isEmpty();
                List<TraceSummary> traces = store.list();
                for (TraceSummary trace : traces) {
                    assertThat(trace.eventCount()).as("events of %s after kill %d", trace.traceId(), round).isEqualTo(EVENTS);
                }
                assertThat(traces.stream().map(TraceSummary::traceId).toList()).as("acknowledged traces after kill %d", round)
                        .containsAll(acknowledged);
                assertThat(report.events()).isEqualTo((long) traces.size() * EVENTS);
            }
        }
        Reliability.record("crash-store", KILLS + " kills of a child importing " + EVENTS + "-event traces; "
                + killedMidImport + " in the middle of an import (one generate+import cycle took " + cycleMillis + " ms); " + acknowledged.size() + " acknowledged traces all present and whole");
        assertThat(killedMidImport).as("kills that hit an import in progress").isPositive();
    }

    @Test
    void aBundleKilledWhileRecordingDecisionsHoldsEveryAcknowledgedDecisionSigned() throws Exception {
        Path bundle = writeBundleWithApprovalRequests(dir.resolve("bundle"));
        Path owners = dir.resolve("owners");
        Random random = new Random(SEED + 1);
        Set<String> acknowledged = new LinkedHashSet<>();
        for (int round = 0; round < KILLS; round++) {
            ChildJvm child = ChildJvm.start(CrashChild.class, "decide", bundle.toString(), owners.toString(), "r1.3", "r1.5", "r1.7");
            child.awaitLine("READY", Duration.ofSeconds(120));
            // Each decision verifies the bundle first (every signature of the decisions recorded so far), which a cold JVM
            // on a busy machine may take longer than the shortest sleeps: the kill comes at a random time after the first.
            child.awaitLineStartingWith("ACK ", Duration.ofSeconds(120));
            Thread.sleep(random.nextLong(50, 1500));
            acknowledged.addAll(ChildJvm.acknowledged(child.kill()));
            try (Bundle read = BundleReader.read(bundle)) {
                assertThat(Verifier.verify(read).problems()).as("chain after kill %d", round).isEmpty();
                List<String> decisions = read.events().stream().filter(e -> e.is(EventType.APPROVAL_DECISION)).map(Event::id).toList();
                assertThat(decisions).as("decisions after kill %d", round).containsAll(acknowledged);
                List<DecisionCheck> checks = DecisionVerifier.verify(read, new OwnerKeys(owners).trustedKeys());
                assertThat(checks).hasSize(decisions.size()).allMatch(DecisionCheck::ok, "signed by a trusted key");
            }
        }
        Reliability.record("crash-decisions", KILLS + " kills of a child recording decisions; "
                + acknowledged.size() + " acknowledged decisions all present, chained and validly signed");
        assertThat(acknowledged).as("the child got to record decisions between kills").isNotEmpty();
    }

    private static Path writeBundleWithApprovalRequests(Path target) throws IOException {
        EventChain chain = new EventChain();
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        List<Event> events = new ArrayList<>();
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(t0).data(Json.object().put("title", "crash"))));
        for (int i = 0; i < 3; i++) {
            ObjectNode call = Json.object().put("callId", "c" + i).put("tool", "http.post").put("effect", "external");
            Event callEvent = chain.append(NewEvent.of("r1", "agent:main", EventType.TOOL_CALL).at(t0.plusSeconds(2L * i + 1))
                    .touches(StateKind.EXTERNAL).data(call));
            events.add(callEvent);
            events.add(chain.append(NewEvent.of("r1", "harness", EventType.APPROVAL_REQUEST).at(t0.plusSeconds(2L * i + 2))
                    .causes(callEvent.id()).data(Json.object().put("subject", callEvent.id()).put("reason", "posts outside").put("owner", "alice"))));
        }
        try (BundleWriter writer = BundleWriter.create(target, Manifest.of("crash-decisions", "crash", t0, "test"))) {
            for (Event event : events) {
                writer.write(event);
            }
            return writer.commit();
        }
    }
}
