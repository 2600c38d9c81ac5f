package dev.forkline.trace.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.decision.TrustedKeys;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Each clause fails, naming the event and line, on a hand-built trace that breaks it; the well-behaved trace passes. */
class GateClausesTest {

    static final String START = "{'model':{'model':'m'},'environment':{'image':'img:1','isolation':{'image':'img:1',"
            + "'network':'none','user':'1000','readOnlyRoot':true,'noNewPrivileges':true,'capDrop':['ALL'],'memoryBytes':1000}}}";

    static final String CONTRACT = """
            contract: test
            isolation:
              image: img:1
              network: none
              user: "1000"
              readOnlyRoot: true
              noNewPrivileges: true
              capDrop: [ALL]
              limits: {memoryBytes: 1000}
            retention: 30d
            checkpointCadence: {maxToolCalls: 2, maxInterval: 10s}
            revert: {mechanism: container, maxDuration: 2s}
            owner: {name: dana}
            recoveryTimeBound: 20s
            scenarios:
              - id: wrong-call
                match: {traceId: "t-*"}
            """;

    /** A failing run r1 and a fork r2 that succeeds: passes every clause. */
    static TraceBuilder goodTrace() {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, START);
        Event cp = trace.add("r1", "harness", EventType.CHECKPOINT, "{'checkpointId':'cp-1'}");
        trace.add("r1", "agent:a", EventType.MODEL_CALL, "{'model':'m'}");
        trace.add("r1", "agent:a", EventType.TOOL_CALL, "{'callId':'c1','tool':'sh','effect':'workspace'}");
        trace.add("r1", "sandbox", EventType.TOOL_RESULT, "{'callId':'c1','exitCode':1}", "r1.4");
        trace.add("r1", "harness", EventType.SESSION_END, "{'outcome':'failure'}");
        trace.fork("r2", cp, "fork", "[]");
        trace.add("r2", "harness", EventType.REVERT, "{'checkpoint':'cp-1','target':'container','durationMs':500}");
        trace.add("r2", "agent:a", EventType.TOOL_CALL, "{'callId':'c1','tool':'sh','effect':'workspace'}");
        trace.add("r2", "sandbox", EventType.TOOL_RESULT, "{'callId':'c1','exitCode':0}", "r2.3");
        trace.add("r2", "harness", EventType.SESSION_END, "{'outcome':'success'}");
        return trace;
    }

    static Bundle bundle(String traceId, List<Event> events) {
        int[] lines = IntStream.rangeClosed(1, events.size()).toArray();
        return new Bundle("mem:" + traceId, Manifest.of(traceId, "title of " + traceId, Instant.parse("2026-01-01T00:00:00Z"), "test"),
                events, lines, BlobSource.NONE);
    }

    static GateResult gate(List<Event> events) throws Exception {
        return Gate.check(List.of(bundle("t-1", events)), ContractReader.parse(CONTRACT, "contract.yaml"), TrustedKeys.none());
    }

    static ClauseResult clause(GateResult result, String clause) {
        return result.results().stream().filter(r -> r.clause().equals(clause)).findFirst().orElseThrow();
    }

    @Test
    void aWellBehavedTracePasses() throws Exception {
        GateResult result = gate(goodTrace().events());
        assertThat(result.failures()).as(GateSamplesTest.describe(result)).isEmpty();
        assertThat(clause(result, "recovery-time").message()).contains("r1 ");
        assertThat(clause(result, "revert").message()).isEqualTo("1 revert(s) by container within bounds");
        assertThat(result.toText()).contains("PASS  t-1  cadence: ").endsWith("gate passed: 9 of 9 clauses hold (contract test)\n");
    }

    @Test
    void countsOfALargeTraceAreGroupedAsTheWindowGroupsThem() throws Exception {
        TraceBuilder trace = goodTrace();
        for (int i = 0; i < 1_200; i++) {
            trace.add("r2", "agent:a", EventType.TOOL_CALL, "{'callId':'k" + i + "','tool':'sh','effect':'workspace'}");
            trace.add("r2", "sandbox", EventType.TOOL_RESULT, "{'callId':'k" + i + "','exitCode':0}");
        }
        GateResult result = gate(trace.events());
        assertThat(clause(result, "tool-results").message()).isEqualTo("1,202 tool call(s), each with a result");
    }

    @Test
    void missingResult() throws Exception {
        TraceBuilder trace = goodTrace();
        trace.add("r2", "agent:a", EventType.TOOL_CALL, "{'callId':'c9','tool':'post','effect':'external'}");
        GateResult result = gate(trace.events());
        ClauseResult toolResults = clause(result, "tool-results");
        assertThat(toolResults.passed()).isFalse();
        assertThat(toolResults.evidence()).singleElement().satisfies(e -> {
            assertThat(e.eventId()).isEqualTo("r2.6");
            assertThat(e.line()).isEqualTo(12);
            assertThat(e.note()).contains("post").contains("undecided");
        });
        // the same call also waits in the escape queue
        assertThat(clause(result, "escapes").evidence()).extracting(Evidence::eventId).containsExactly("r2.6");
        assertThat(result.failures()).extracting(ClauseResult::clause).containsExactlyInAnyOrder("tool-results", "escapes");
        assertThat(result.toText()).contains("FAIL  t-1  tool-results: 1 tool call(s) without a result\n        t-1 r2/r2.6 (line 12): ");
    }

    @Test
    void badCadence() throws Exception {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, START);
        trace.add("r1", "harness", EventType.CHECKPOINT, "{'checkpointId':'cp-1'}");
        for (int i = 1; i <= 3; i++) {
            trace.add("r1", "agent:a", EventType.TOOL_CALL, "{'callId':'c" + i + "','tool':'sh','effect':'read'}");
            trace.add("r1", "sandbox", EventType.TOOL_RESULT, "{'callId':'c" + i + "','exitCode':0}", "r1." + (1 + 2 * i));
        }
        // cp-1 at 2s; c1 3s, c2 5s, c3 7s (third call since the checkpoint), then 12 s later a call after a new checkpoint
        trace.add("r1", "harness", EventType.CHECKPOINT, "{'checkpointId':'cp-2'}");
        for (int i = 0; i < 10; i++) {
            trace.add("r1", "agent:a", EventType.NOTE, "{'text':'thinking'}");
        }
        trace.add("r1", "agent:a", EventType.TOOL_CALL, "{'callId':'c4','tool':'sh','effect':'read'}");
        trace.add("r1", "sandbox", EventType.TOOL_RESULT, "{'callId':'c4','exitCode':0}", "r1.20");
        trace.add("r1", "harness", EventType.SESSION_END, "{'outcome':'success'}");
        GateResult result = gate(trace.events());
        ClauseResult cadence = clause(result, "cadence");
        assertThat(cadence.passed()).isFalse();
        assertThat(cadence.evidence()).extracting(Evidence::eventId).containsExactly("r1.7", "r1.20");
        assertThat(cadence.evidence().get(0).note()).isEqualTo("tool call #3 since checkpoint cp-1 (r1.2); the contract allows 2");
        assertThat(cadence.evidence().get(1).note()).isEqualTo("tool call 11.00 s after checkpoint cp-2 (r1.9); the contract allows 10.00 s");
    }

    @Test
    void missingIdentityAndIsolation() throws Exception {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{'environment':{'isolation':{'network':'bridge','memoryBytes':4000}}}");
        trace.add("r1", "agent:a", EventType.MODEL_CALL, "{'usage':{}}");
        trace.add("r1", "harness", EventType.SESSION_END, "{'outcome':'success'}");
        GateResult result = gate(trace.events());
        ClauseResult identity = clause(result, "identity");
        assertThat(identity.evidence()).extracting(Evidence::eventId).containsExactly("r1.1", "r1.1", "r1.2");
        assertThat(identity.evidence()).extracting(Evidence::note).containsExactly(
                "session.start does not name the model (data.model.model)",
                "session.start names no environment image or imageDigest",
                "model.call does not name its model");
        ClauseResult isolation = clause(result, "isolation");
        assertThat(isolation.evidence()).extracting(Evidence::note).containsExactly(
                "image is not recorded, the contract says 'img:1'",
                "network is 'bridge', the contract says 'none'",
                "user is not recorded, the contract says '1000'",
                "readOnlyRoot is not recorded, the contract says true",
                "noNewPrivileges is not recorded, the contract says true",
                "capability ALL is not dropped (capDrop [])",
                "memoryBytes is 4000, above the contract's 1000");
        // without a recovery run the scenario is not demonstrated
        assertThat(clause(result, "scenario:wrong-call").passed()).isFalse();
    }

    @Test
    void revertMechanismAndRecoveryTime() throws Exception {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, START);
        Event cp = trace.add("r1", "harness", EventType.CHECKPOINT, "{'checkpointId':'cp-1'}");
        trace.add("r1", "harness", EventType.ERROR, "{'message':'broken'}");
        trace.add("r1", "harness", EventType.SESSION_END, "{'outcome':'failure'}");
        trace.fork("r2", cp, "revert", "[]");
        trace.add("r2", "harness", EventType.REVERT, "{'checkpoint':'cp-1','target':'directory','durationMs':5000}");
        for (int i = 0; i < 20; i++) {
            trace.add("r2", "agent:a", EventType.NOTE, "{'text':'slow'}");
        }
        trace.add("r2", "harness", EventType.SESSION_END, "{'outcome':'success'}");
        GateResult result = gate(trace.events());
        assertThat(clause(result, "revert").evidence()).extracting(Evidence::note).containsExactly(
                "revert to cp-1 used target 'directory', the contract says 'container'",
                "revert took 5000 ms, the contract allows 2.00 s");
        // error at 3s, r2 ends at 27s: 24 s > 20 s
        assertThat(clause(result, "recovery-time").evidence()).singleElement().satisfies(e -> {
            assertThat(e.eventId()).isEqualTo("r1.3");
            assertThat(e.note()).isEqualTo("recovered by r2 in 24.00 s, above the bound of 20.00 s");
        });
        assertThat(clause(result, "scenario:wrong-call").passed()).isTrue();
    }

    @Test
    void aScenarioWithoutAMatchingTraceFails() throws Exception {
        GateResult result = Gate.check(List.of(bundle("other-1", goodTrace().events())),
                ContractReader.parse(CONTRACT, "contract.yaml"), TrustedKeys.none());
        assertThat(clause(result, "scenario:wrong-call").message()).isEqualTo("wrong-call: no trace matches traceId t-*");
    }

    @Test
    void hostileTextIsEscapedInJUnitXml() throws Exception {
        TraceBuilder trace = goodTrace();
        trace.add("r2", "agent:a", EventType.TOOL_CALL, "{'callId':'c9','tool':'<script>&\\u0001','effect':'external'}");
        String xml = gate(trace.events()).toJUnitXml();
        assertThat(xml).doesNotContain("<script>").contains("&lt;script&gt;&amp;\uFFFD");
    }
}
