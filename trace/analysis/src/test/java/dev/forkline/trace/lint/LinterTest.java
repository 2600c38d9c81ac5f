package dev.forkline.trace.lint;

import static dev.forkline.trace.EventType.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Finding.Severity;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.testing.CountingLines;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LinterTest {

    private static final String START = "{'environment':{'image':'python:3.12','imageDigest':'sha256:00'},'model':{'provider':'p','model':'m'}}";

    private final TraceBuilder trace = new TraceBuilder();

    private List<Finding> lint() {
        List<Event> events = trace.events();
        int[] lines = new int[events.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = i + 1;
        }
        return Linter.lint(TraceIndex.of(events), lines);
    }

    private Event checkpoint(String run, String id) {
        return trace.add(run, "harness", CHECKPOINT, "{'checkpointId':'" + id + "','workspace':{'root':'/workspace','files':{}}}");
    }

    @Test
    void aCompleteTraceHasNoFindings() {
        trace.add("r1", "harness", SESSION_START, START);
        Event cp = checkpoint("r1", "cp1");
        Event call = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'c1','tool':'bash','arguments':{},'effect':'workspace'}");
        trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'a','op':'create','before':null,'after':null}", call.id());
        trace.add("r1", "agent:a", TOOL_RESULT, "{'callId':'c1','exitCode':0}", call.id());
        trace.add("r1", "harness", SESSION_END, "{'outcome':'success'}");
        trace.fork("r2", cp, "fork", "[]");
        trace.add("r2", "harness", SESSION_END, "{'outcome':'success'}");
        assertThat(lint()).isEmpty();
    }

    @Test
    void findsCallsWithoutResultsAndResultsWithoutCalls() {
        trace.add("r1", "harness", SESSION_START, START);
        trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'c1','tool':'bash','arguments':{},'effect':'workspace'}");
        Event call2 = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'c2','tool':'bash','arguments':{},'effect':'workspace'}");
        trace.add("r1", "agent:a", TOOL_RESULT, "{'callId':'c2'}");
        trace.add("r1", "agent:a", TOOL_RESULT, "{'callId':'zz'}");
        trace.add("r1", "harness", SESSION_END, "{'outcome':'failure'}");
        assertThat(lint()).extracting(Finding::code, Finding::eventId, Finding::line, Finding::severity).containsExactly(
                tuple(LintCodes.TOOL_CALL_WITHOUT_RESULT, "r1.2", 2L, Severity.WARNING),
                tuple(LintCodes.RESULT_WITHOUT_CALL, "r1.5", 5L, Severity.WARNING));
        assertThat(call2.id()).isEqualTo("r1.3");
    }

    @Test
    void aResultInAnotherBranchDoesNotAnswerACall() {
        trace.add("r1", "harness", SESSION_START, START);
        Event cp = checkpoint("r1", "cp1");
        trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'c1','tool':'bash','arguments':{},'effect':'workspace'}");
        trace.add("r1", "harness", SESSION_END, "{'outcome':'failure'}");
        trace.fork("r2", cp, "fork", "[]");
        trace.add("r2", "agent:a", TOOL_RESULT, "{'callId':'c1'}");
        trace.add("r2", "harness", SESSION_END, "{'outcome':'failure'}");
        assertThat(lint()).extracting(Finding::code, Finding::eventId).containsExactly(
                tuple(LintCodes.TOOL_CALL_WITHOUT_RESULT, "r1.3"),
                tuple(LintCodes.RESULT_WITHOUT_CALL, "r2.2"));
    }

    @Test
    void findsMissingIdentityAndSessionStart() {
        trace.add("r1", "harness", SESSION_START, "{'environment':{'os':'linux'}}");
        trace.add("r1", "agent:a", MODEL_CALL, "{'input':{},'output':{},'usage':{}}");
        trace.add("r1", "agent:a", MODEL_CALL, "{'input':{},'output':{},'usage':{}}");
        trace.add("r1", "harness", SESSION_END, "{'outcome':'success'}");
        trace.add("r2", "agent:a", NOTE, "{'text':'no start'}");
        trace.add("r3", "harness", SESSION_START, "{'model':{'model':'m'}}");
        assertThat(lint()).extracting(Finding::code, Finding::eventId).containsExactly(
                tuple(LintCodes.MISSING_MODEL_IDENTITY, "r1.1"),
                tuple(LintCodes.MISSING_ENVIRONMENT_IDENTITY, "r1.1"),
                tuple(LintCodes.MISSING_MODEL_IDENTITY, "r1.2"),
                tuple(LintCodes.MISSING_SESSION_START, "r2.1"),
                tuple(LintCodes.RUN_WITHOUT_END, "r2.1"),
                tuple(LintCodes.MISSING_ENVIRONMENT_IDENTITY, "r3.1"),
                tuple(LintCodes.RUN_WITHOUT_END, "r3.1"));
        assertThat(lint().get(2).message()).startsWith("2 model.call event(s)");
    }

    /**
     * A lazily read trace's session.starts are judged as the sweep shows them, not read again run by run: a trace of
     * thousands of runs read each one's chunk a second time for it.
     */
    @Test
    void aLazilyReadTracesSessionStartsAreReadOnceAndTheFindingsAreTheSame() {
        trace.add("r1", "harness", SESSION_START, "{'environment':{'os':'linux'}}");
        trace.add("r1", "agent:a", MODEL_CALL, "{'input':{},'output':{},'usage':{}}");
        trace.add("r1", "harness", SESSION_END, "{'outcome':'success'}");
        trace.add("r2", "harness", SESSION_START, START);
        trace.add("r3", "harness", SESSION_START, "{'model':{'model':'m'},'environment':{'os':'linux'}}");
        List<Event> events = trace.events();
        CountingLines lines = new CountingLines(events, "trace.jsonl");
        int[] numbers = IntStream.rangeClosed(1, events.size()).toArray();

        List<Finding> lazily = Linter.lint(TraceIndex.of(lines.events()), numbers);

        assertThat(lazily).isEqualTo(lint()).extracting(Finding::code, Finding::eventId).contains(
                tuple(LintCodes.MISSING_MODEL_IDENTITY, "r1.1"), tuple(LintCodes.MISSING_ENVIRONMENT_IDENTITY, "r1.1"),
                tuple(LintCodes.MISSING_ENVIRONMENT_IDENTITY, "r3.1"));
        assertThat(IntStream.of(0, 3, 4).map(lines::timesRead)).as("reads of each session.start").containsOnly(1);
    }

    @Test
    void findsMutationsBeforeAnyCheckpointOncePerRun() {
        trace.add("r1", "harness", SESSION_START, START);
        trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'a','op':'create','before':null,'after':null}");
        trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'b','op':'create','before':null,'after':null}");
        Event cp = checkpoint("r1", "cp1");
        trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'c','op':'create','before':null,'after':null}");
        trace.add("r1", "harness", SESSION_END, "{'outcome':'success'}");
        trace.fork("r2", cp, "fork", "[]");
        trace.add("r2", "agent:a", STATE_MUTATION, "{'path':'d','op':'create','before':null,'after':null}");
        trace.add("r2", "harness", SESSION_END, "{'outcome':'success'}");
        List<Finding> findings = lint();
        assertThat(findings).extracting(Finding::code, Finding::eventId).containsExactly(tuple(LintCodes.MUTATION_OUTSIDE_CHECKPOINT, "r1.2"));
        assertThat(findings.getFirst().message()).startsWith("2 state.mutation event(s) of run 'r1'");
    }

    @Test
    void reportsHashChainBreaksFromTheVerifier() {
        trace.add("r1", "harness", SESSION_START, START);
        trace.add("r1", "agent:a", NOTE, "{'text':'x'}");
        trace.add("r1", "harness", SESSION_END, "{'outcome':'success'}");
        List<Event> events = new ArrayList<>(trace.events());
        events.get(1).data().put("text", "y");
        List<Finding> findings = Linter.lint(TraceIndex.of(events), new int[] {1, 2, 3});
        assertThat(findings).extracting(Finding::code, Finding::eventId, Finding::line, Finding::severity)
                .containsExactly(tuple(LintCodes.HASH_CHAIN_BREAK, "r1.2", 2L, Severity.ERROR));
    }

    @Test
    void reportsUnknownTypesOncePerTypeAsInfo() {
        trace.add("r1", "harness", SESSION_START, START);
        trace.add(NewEvent.ofRawType("r1", "agent:a", "vendor.thing"));
        trace.add(NewEvent.ofRawType("r1", "agent:a", "vendor.thing"));
        trace.add(NewEvent.ofRawType("r1", "agent:a", "vendor.other"));
        trace.add("r1", "harness", SESSION_END, "{'outcome':'success'}");
        assertThat(lint()).extracting(Finding::code, Finding::eventId, Finding::severity).containsExactly(
                tuple(LintCodes.UNKNOWN_EVENT_TYPE, "r1.2", Severity.INFO),
                tuple(LintCodes.UNKNOWN_EVENT_TYPE, "r1.4", Severity.INFO));
        assertThat(lint().getFirst().message()).startsWith("2 event(s) of unknown type 'vendor.thing'");
    }

    @Test
    void findsForksFromUnknownOrWrongCheckpoints() {
        trace.add("r1", "harness", SESSION_START, START);
        Event note = trace.add("r1", "agent:a", NOTE, "{'text':'x'}");
        Event cp = checkpoint("r1", "cp1");
        trace.add("r1", "harness", SESSION_END, "{'outcome':'success'}");
        trace.fork("r2", note, "fork", "[]");
        trace.add("r2", "harness", SESSION_END, "{'outcome':'success'}");
        var chain = new EventChain();
        trace.events().forEach(chain::accept);
        chain.startFork("r3", cp);
        Event wrongId = chain.append(NewEvent.of("r3", "harness", RUN_FORK).at(cp.ts()).data(TraceBuilder.json(
                "{'parentRun':'r1','checkpoint':'cpX','checkpointEvent':'" + cp.id() + "','reason':'fork'}")));
        Event dangling = chain.append(NewEvent.of("r4", "harness", RUN_FORK).at(cp.ts()).data(TraceBuilder.json(
                "{'parentRun':'r1','checkpoint':'cp9','checkpointEvent':'r1.99','reason':'fork'}")));
        List<Event> events = new ArrayList<>(trace.events());
        events.add(wrongId);
        events.add(dangling);
        List<Finding> findings = Linter.lint(TraceIndex.of(events), null);
        assertThat(findings).extracting(Finding::code, Finding::eventId).contains(
                tuple(LintCodes.FORK_FROM_UNKNOWN_CHECKPOINT, "r2.1"),
                tuple(LintCodes.FORK_FROM_UNKNOWN_CHECKPOINT, "r3.1"),
                tuple(LintCodes.FORK_FROM_UNKNOWN_CHECKPOINT, "r4.1"));
    }

    @Test
    void findsOtherContractProblems() {
        trace.add("r1", "harness", SESSION_START, START);
        checkpoint("r1", "cp1");
        Event call = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'c1','tool':'x','arguments':{},'effect':'network'}");
        trace.add("r1", "agent:a", TOOL_RESULT, "{'callId':'c1'}", call.id());
        trace.add("r1", "sandbox", ESCAPE_ATTEMPT, "{'boundary':'network','attempt':'curl evil','blocked':false}");
        trace.add("r1", "harness", APPROVAL_REQUEST, "{'subject':'r1.3','reason':'why'}");
        trace.add("r1", "human:ann", APPROVAL_DECISION, "{'subject':'r1.77','verdict':'deny','owner':'human:ann','rationale':'no'}");
        trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'a','op':'create'}");
        trace.add(NewEvent.of("r1", "agent:a", RUN_FORK).data(TraceBuilder.json("{'parentRun':'r1','checkpoint':'cp1','checkpointEvent':'r1.2','reason':'fork'}")));
        trace.add("r1", "harness", SESSION_END, "{'outcome':'success'}");
        assertThat(lint()).extracting(Finding::code, Finding::eventId).contains(
                tuple(LintCodes.UNKNOWN_EFFECT_CLASS, "r1.3"),
                tuple(LintCodes.ESCAPE_NOT_BLOCKED, "r1.5"),
                tuple(LintCodes.APPROVAL_WITHOUT_DECISION, "r1.6"),
                tuple(LintCodes.UNKNOWN_SUBJECT, "r1.7"),
                tuple(LintCodes.MISSING_PAYLOAD_FIELD, "r1.8"),
                tuple(LintCodes.FORK_NOT_FIRST, "r1.9"));
    }
}
