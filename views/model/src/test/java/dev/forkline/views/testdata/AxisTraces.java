package dev.forkline.views.testdata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.DecisionSigner;
import dev.forkline.trace.decision.Verdict;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Traces whose times test the timeline's axis: a decision signed long after the incident, a model call near the end. */
public final class AxisTraces {

    public static final Instant T0 = Instant.parse("2026-11-29T14:03:00Z");
    public static final String RUN = "r1";
    /** How long after the incident's start the late decision is signed. */
    public static final Duration DECISION_DELAY = Duration.ofHours(40);
    /** The incident's own activity: the first event to the session's end. */
    public static final Duration INCIDENT = Duration.ofSeconds(90);

    private final EventChain chain = new EventChain();
    private final List<Event> events = new ArrayList<>();

    private AxisTraces() {
    }

    /**
     * A 90-second incident (model calls, tool calls, a failed test run, a blocked network call, an approval request and
     * the failed session end) whose approval is decided 40 hours after it started, as a reviewer does the next day.
     */
    public static Bundle lateDecision() {
        AxisTraces trace = new AxisTraces();
        trace.add(NewEvent.of(RUN, "harness", EventType.SESSION_START).touches(StateKind.SESSION)
                .data(Json.object().put("title", "Incident decided the next day")), 0);
        trace.model("agent:coder", 400, 2600);
        Event ls = trace.toolCall("c1", "read", "ls -la", 3200);
        trace.toolResult(ls, 0, 3900);
        trace.model("agent:coder", 4300, 3100);
        Event tests = trace.toolCall("c2", "process", "python -m pytest -q", 7600);
        trace.toolResult(tests, 1, 21000);
        trace.model("agent:coder", 21500, 4000);
        Event curl = trace.toolCall("c3", "privileged", "curl https://pypi.org/simple/", 26000);
        trace.toolResult(curl, 7, 27500);
        ObjectNode request = Json.object();
        request.put("subject", curl.id());
        request.put("reason", "Agent wants to publish a release to the package index");
        request.put("owner", "alice");
        trace.add(NewEvent.of(RUN, "harness", EventType.APPROVAL_REQUEST).touches(StateKind.HARNESS).data(request), 30000);
        trace.model("agent:coder", 31000, 2500);
        Event edit = trace.toolCall("c4", "workspace", "sed -i s/-/+/ calc.py", 60000);
        trace.toolResult(edit, 0, 61000);
        trace.add(NewEvent.of(RUN, "harness", EventType.SESSION_END).touches(StateKind.SESSION)
                .data(Json.object().put("outcome", "failure").put("summary", "Waiting for a decision.")), INCIDENT.toMillis());
        Event decision = new DecisionSigner(DemoTrace.ALICE, Clock.fixed(T0.plus(DECISION_DELAY), ZoneOffset.UTC))
                .append(trace.chain, RUN, Decision.of(curl.id(), Verdict.DENY, "alice", "No releases from an unreviewed branch."));
        trace.events.add(decision);
        return trace.bundle("late-decision", "Incident decided the next day");
    }

    /** A model call stamped 0.849 s into a session that ends at 2.0 s, lasting 1.3 s by its {@code latencyMs}. */
    public static Bundle lateModelCall() {
        AxisTraces trace = new AxisTraces();
        trace.add(NewEvent.of(RUN, "harness", EventType.SESSION_START).touches(StateKind.SESSION)
                .data(Json.object().put("title", "A model call near the end")), 0);
        Event ls = trace.toolCall("c1", "read", "ls", 200);
        trace.toolResult(ls, 0, 600);
        trace.model("agent:coder", 849, 1300);
        trace.add(NewEvent.of(RUN, "harness", EventType.SESSION_END).touches(StateKind.SESSION)
                .data(Json.object().put("outcome", "success").put("summary", "Done.")), 2000);
        return trace.bundle("late-model-call", "A model call near the end");
    }

    /** {@code agents} agents, each making a model call then a tool call in turn, twice: a lane each, more than fit. */
    public static Bundle manyAgents(int agents) {
        return manyAgents(agents, 2);
    }

    /** {@code agents} agents taking {@code rounds} turns each of a model call, a tool call and its result. */
    public static Bundle manyAgents(int agents, int rounds) {
        AxisTraces trace = new AxisTraces();
        trace.add(NewEvent.of(RUN, "harness", EventType.SESSION_START).touches(StateKind.SESSION)
                .data(Json.object().put("title", "Many agents")), 0);
        long at = 100;
        for (int round = 0; round < rounds; round++) {
            for (int agent = 1; agent <= agents; agent++) {
                String actor = "agent:worker-" + agent;
                trace.model(actor, at, 300);
                Event call = trace.toolCall(actor, "c" + round + "-" + agent, "read", "ls", at + 400);
                trace.toolResult(call, 0, at + 600);
                at += 1000;
            }
        }
        trace.add(NewEvent.of(RUN, "harness", EventType.SESSION_END).touches(StateKind.SESSION)
                .data(Json.object().put("outcome", "success").put("summary", "Done.")), at);
        return trace.bundle("many-agents", "Many agents");
    }

    private Event add(NewEvent draft, long atMillis) {
        Event event = chain.append(draft.at(T0.plusMillis(atMillis)));
        events.add(event);
        return event;
    }

    private void model(String actor, long at, long latency) {
        ObjectNode data = Json.object();
        data.put("model", "claude-sonnet");
        data.putObject("input").put("summary", "Next step");
        data.putObject("output").put("text", "Running the next command.").putArray("toolCalls");
        data.put("latencyMs", latency);
        add(NewEvent.of(RUN, actor, EventType.MODEL_CALL).touches(StateKind.SESSION).data(data), at);
    }

    private Event toolCall(String callId, String effect, String command, long at) {
        return toolCall("agent:coder", callId, effect, command, at);
    }

    private Event toolCall(String actor, String callId, String effect, String command, long at) {
        ObjectNode data = Json.object();
        data.put("callId", callId);
        data.put("tool", "bash");
        data.put("effect", effect);
        data.putObject("arguments").put("command", command);
        return add(NewEvent.of(RUN, actor, EventType.TOOL_CALL).touches(StateKind.SESSION).data(data), at);
    }

    private void toolResult(Event call, int exitCode, long at) {
        ObjectNode data = Json.object();
        data.put("callId", call.text("callId"));
        data.put("exitCode", exitCode);
        data.put("stdout", exitCode == 0 ? "ok" : "");
        add(NewEvent.of(RUN, "sandbox", EventType.TOOL_RESULT).causes(call.id()).touches(StateKind.SESSION).data(data), at);
    }

    private Bundle bundle(String traceId, String title) {
        int[] lines = new int[events.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = i + 1;
        }
        return new Bundle(traceId, Manifest.of(traceId, title, T0, "forkline-tests"), events, lines, BlobSource.NONE);
    }
}
