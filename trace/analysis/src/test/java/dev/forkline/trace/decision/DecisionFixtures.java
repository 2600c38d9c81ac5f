package dev.forkline.trace.decision;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** A hand-built trace with everything a human may have to decide, and helpers to store and tamper with traces. */
final class DecisionFixtures {

    static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    static final Instant DECIDED_AT = Instant.parse("2026-03-01T12:00:00.125Z");
    static final String TRACE_ID = "trace-decisions";

    /** Ids of the interesting events of {@link #sampleTrace()}. */
    static final String UNANSWERED_EXTERNAL_CALL = "r1.2";
    static final String APPROVAL_REQUEST = "r1.3";
    static final String ESCAPE_ATTEMPT = "r1.4";
    static final String ANSWERED_EXTERNAL_CALL = "r1.5";
    static final String TOOL_RESULT = "r1.6";
    static final String WORKSPACE_CALL = "r1.7";
    static final String UNKNOWN_OUTCOME_CALL = "r1.8";
    static final String CHECKPOINT = "r1.10";
    static final String FORKED_EXTERNAL_CALL = "r2.2";

    private DecisionFixtures() {
    }

    /**
     * Run r1: session.start; an external call with no result; an approval request for it; a blocked network escape;
     * an external call answered by its result; a workspace call with no result; an external call whose result says
     * the outcome is unknown; a checkpoint. Run r2 forks from the checkpoint: its result carries callId c1 (r1.2's
     * callId) but answers nothing in r1; its own external call r2.2 has no result.
     */
    static List<Event> sampleTrace() {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        events.add(chain.append(at(NewEvent.of("r1", "harness", EventType.SESSION_START), 0).data(obj("title", "sample"))));
        events.add(chain.append(at(NewEvent.of("r1", "agent:main", EventType.TOOL_CALL), 1)
                .touches(StateKind.EXTERNAL).data(call("c1", "http.post", "external"))));
        ObjectNode request = obj("subject", UNANSWERED_EXTERNAL_CALL);
        request.put("reason", "posts the release notes to the public blog");
        request.put("owner", "alice");
        events.add(chain.append(at(NewEvent.of("r1", "harness", EventType.APPROVAL_REQUEST), 2).causes(UNANSWERED_EXTERNAL_CALL).data(request)));
        ObjectNode escape = obj("boundary", "network");
        escape.put("attempt", "connect api.example.com:443");
        escape.put("blocked", true);
        events.add(chain.append(at(NewEvent.of("r1", "sandbox", EventType.ESCAPE_ATTEMPT), 3).data(escape)));
        events.add(chain.append(at(NewEvent.of("r1", "agent:main", EventType.TOOL_CALL), 4)
                .touches(StateKind.EXTERNAL).data(call("c2", "deploy", "external"))));
        ObjectNode result = obj("callId", "c2");
        result.put("exitCode", 0);
        events.add(chain.append(at(NewEvent.of("r1", "harness", EventType.TOOL_RESULT), 5).causes(ANSWERED_EXTERNAL_CALL).data(result)));
        events.add(chain.append(at(NewEvent.of("r1", "agent:main", EventType.TOOL_CALL), 6)
                .touches(StateKind.WORKSPACE).data(call("c3", "write_file", "workspace"))));
        events.add(chain.append(at(NewEvent.of("r1", "agent:main", EventType.TOOL_CALL), 7)
                .touches(StateKind.EXTERNAL).data(call("c4", "payments.charge", "external"))));
        ObjectNode unknown = obj("callId", "c4");
        unknown.put("outcome", "unknown");
        unknown.put("error", "connection reset after request was sent");
        events.add(chain.append(at(NewEvent.of("r1", "harness", EventType.TOOL_RESULT), 8).causes(UNKNOWN_OUTCOME_CALL).data(unknown)));
        Event checkpoint = chain.append(at(NewEvent.of("r1", "harness", EventType.CHECKPOINT), 9).data(obj("checkpointId", "cp1")));
        events.add(checkpoint);
        chain.startFork("r2", checkpoint);
        ObjectNode fork = obj("parentRun", "r1");
        fork.put("checkpoint", "cp1");
        fork.put("checkpointEvent", CHECKPOINT);
        fork.put("reason", "fork");
        events.add(chain.append(at(NewEvent.of("r2", "harness", EventType.RUN_FORK), 10).causes(CHECKPOINT).data(fork)));
        events.add(chain.append(at(NewEvent.of("r2", "agent:main", EventType.TOOL_CALL), 11)
                .touches(StateKind.EXTERNAL).data(call("c5", "email.send", "external"))));
        events.add(chain.append(at(NewEvent.of("r2", "harness", EventType.TOOL_RESULT), 12).data(obj("callId", "c1"))));
        return events;
    }

    static Path writeBundle(Path target, List<Event> events) throws IOException {
        try (BundleWriter writer = BundleWriter.create(target, Manifest.of(TRACE_ID, "decisions", T0, "test"))) {
            for (Event event : events) {
                writer.write(event);
            }
            return writer.commit();
        }
    }

    static EventChain chainOf(List<Event> events) {
        EventChain chain = new EventChain();
        events.forEach(chain::accept);
        return chain;
    }

    static Clock clockAt(Instant instant) {
        return Clock.fixed(instant, ZoneOffset.UTC);
    }

    static Event byId(List<Event> events, String id) {
        return events.stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
    }

    /**
     * Applies {@code edit} to event {@code id} and re-hashes every event from there on, fixing the prev links (also
     * of forked runs): the result is a consistent chain, exactly what a forger without the owner's key can produce.
     */
    static List<Event> edited(List<Event> events, String id, UnaryOperator<Event> edit) {
        Map<String, String> renamed = new HashMap<>();
        List<Event> out = new ArrayList<>();
        for (Event original : events) {
            Event event = original.id().equals(id) ? edit.apply(original) : original;
            String prev = event.prev() != null ? renamed.getOrDefault(event.prev(), event.prev()) : null;
            Event rehashed = EventChain.withHash(new Event(event.id(), event.run(), event.seq(), event.ts(), event.actor(),
                    event.type(), event.causes(), event.state(), event.data(), prev, null));
            if (!rehashed.hash().equals(original.hash())) {
                renamed.put(original.hash(), rehashed.hash());
            }
            out.add(rehashed);
        }
        return out;
    }

    static Event withData(Event event, UnaryOperator<ObjectNode> change) {
        return new Event(event.id(), event.run(), event.seq(), event.ts(), event.actor(), event.type(), event.causes(),
                event.state(), change.apply(event.data().deepCopy()), event.prev(), event.hash());
    }

    /** Every event's hash matches its content, and each run's events link to their predecessor. */
    static void assertChainIntact(List<Event> events) {
        Map<String, Event> lastOfRun = new HashMap<>();
        for (Event event : events) {
            Event unhashed = new Event(event.id(), event.run(), event.seq(), event.ts(), event.actor(), event.type(),
                    event.causes(), event.state(), event.data(), event.prev(), null);
            assertThat(EventChain.withHash(unhashed).hash()).as("hash of %s", event.id()).isEqualTo(event.hash());
            Event last = lastOfRun.put(event.run(), event);
            if (last != null) {
                assertThat(event.prev()).as("prev of %s", event.id()).isEqualTo(last.hash());
                assertThat(event.seq()).as("seq of %s", event.id()).isEqualTo(last.seq() + 1);
            }
        }
    }

    private static NewEvent at(NewEvent draft, int minutes) {
        return draft.at(T0.plusSeconds(60L * minutes));
    }

    private static ObjectNode obj(String field, String value) {
        ObjectNode node = Json.object();
        node.put(field, value);
        return node;
    }

    private static ObjectNode call(String callId, String tool, String effect) {
        ObjectNode data = obj("callId", callId);
        data.put("tool", tool);
        data.putObject("arguments").put("target", tool + "-target");
        data.put("effect", effect);
        return data;
    }
}
