package dev.forkline.views.inspector;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.inspector.EventDetails.Field;
import dev.forkline.views.inspector.EventDetails.Fields;
import dev.forkline.views.testdata.DemoTrace;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

class EventDescriberTest {

    private final Bundle bundle = DemoTrace.bundle();
    private final RunEvents root = RunEvents.of(TraceIndex.of(bundle.events()), DemoTrace.ROOT);

    @Test
    void toolCallShowsCommandEffectAndItsResult() {
        EventDetails details = new EventDescriber(bundle.blobs()).describe(first(e -> "c2".equals(e.text("callId"))), root);
        assertThat(details.title()).isEqualTo("Tool call · bash: python -m pytest -q");
        assertThat(details.tone()).isEqualTo(EventDetails.Tone.DANGER);
        assertThat(field(details, "Command").value()).isEqualTo("/bin/sh -c python -m pytest -q");
        assertThat(field(details, "Effect class").value()).isEqualTo("process");
        assertThat(field(details, "Exit code").value()).isEqualTo("1");
        assertThat(details.sections()).anySatisfy(s -> {
            assertThat(s.title()).isEqualTo("stderr");
            assertThat(((EventDetails.Text) s).text()).contains("AssertionError");
        });
        assertThat(details.sections().getLast()).isInstanceOf(EventDetails.Json.class);
    }

    @Test
    void argumentsReadAsTextAndAFailedResultIsHeadedByItsCall() {
        var data = dev.forkline.trace.Json.object().put("callId", "toolu_1").put("tool", "Bash").put("effect", "workspace");
        data.putObject("arguments").put("command", "tree /app -L 3\necho done").put("description", "Show the tree");
        dev.forkline.trace.EventChain chain = new dev.forkline.trace.EventChain();
        java.time.Instant t = java.time.Instant.parse("2026-11-03T08:00:00Z");
        Event call = chain.append(dev.forkline.trace.NewEvent.of("r1", "agent:claude-code", dev.forkline.trace.EventType.TOOL_CALL).at(t).data(data));
        var failed = dev.forkline.trace.Json.object().put("callId", "toolu_1").put("isError", true).put("stderr", "lsd: 3: No such file");
        Event result = chain.append(dev.forkline.trace.NewEvent.of("r1", "agent:claude-code", dev.forkline.trace.EventType.TOOL_RESULT)
                .at(t.plusSeconds(1)).causes(call.id()).data(failed));
        RunEvents run = RunEvents.of(TraceIndex.of(List.of(call, result)), "r1");

        EventDetails described = new EventDescriber(bundle.blobs()).describe(call, run);
        assertThat(described.title()).isEqualTo("Tool call · Bash: tree /app -L 3 ⏎ echo done");
        EventDetails.Text arguments = (EventDetails.Text) described.sections().stream().filter(s -> s.title().equals("Arguments")).findFirst().orElseThrow();
        assertThat(arguments.text()).isEqualTo("command:\ntree /app -L 3\necho done\ndescription: Show the tree").doesNotContain("\\n");
        assertThat(new EventDescriber(bundle.blobs()).describe(result, run).title()).isEqualTo("Failed · Bash: tree /app -L 3 ⏎ echo done");
    }

    @Test
    void credentialsAreShownMasked() {
        String key = "sk-ant-api03-" + "Zq7".repeat(30) + "AA";
        var data = dev.forkline.trace.Json.object().put("callId", "k1").put("tool", "bash").put("effect", "workspace");
        data.putObject("arguments").put("command", "ANTHROPIC_API_KEY=" + key + " ./deploy.sh");
        Event call = new dev.forkline.trace.EventChain().append(dev.forkline.trace.NewEvent.of("r1", "agent:coder",
                dev.forkline.trace.EventType.TOOL_CALL).at(java.time.Instant.parse("2026-11-03T08:00:00Z")).data(data));
        EventDetails details = new EventDescriber(bundle.blobs()).describe(call, RunEvents.of(TraceIndex.of(List.of(call)), call.run()));
        assertThat(details.toString()).contains("deploy.sh").doesNotContain(key);
    }

    @Test
    void externalCallWithoutResultSaysTheOutcomeIsUnknown() {
        EventDetails details = new EventDescriber(bundle.blobs()).describe(first(e -> "c5".equals(e.text("callId"))), root);
        assertThat(details.tone()).isEqualTo(EventDetails.Tone.WARNING);
        assertThat(details.sections()).anySatisfy(s -> assertThat(s).isInstanceOfSatisfying(EventDetails.Text.class,
                t -> assertThat(t.text()).contains("outcome of this external effect is unknown")));
    }

    @Test
    void modelCallShowsMessagesRequestedToolCallsTokensAndCost() {
        EventDetails details = new EventDescriber(bundle.blobs()).describe(first(e -> e.type().equals("model.call")), root);
        assertThat(field(details, "Tokens in / out").value()).isEqualTo("1820 / 240");
        assertThat(field(details, "Cost").value()).isEqualTo("$0.0131");
        assertThat(details.sections()).anySatisfy(s -> assertThat(s).isInstanceOfSatisfying(EventDetails.Messages.class,
                m -> assertThat(m.messages()).extracting(EventDetails.Message::role).containsExactly("system", "user", "assistant")));
        assertThat(details.sections()).anySatisfy(s -> assertThat(s.title()).isEqualTo("Requested tool calls"));
    }

    @Test
    void decisionSignatureIsVerifiedAndTrustComesFromTheKeyRing() {
        Event decision = first(e -> e.type().equals("approval.decision"));
        EventDetails untrusted = new EventDescriber(bundle.blobs()).describe(decision, root);
        assertThat(field(untrusted, "Signature").value()).startsWith("valid");
        assertThat(field(untrusted, "Trusted").tone()).isEqualTo(EventDetails.Tone.WARNING);
        assertThat(field(untrusted, "Verdict").value()).isEqualTo("deny");

        TrustedKeys ring = TrustedKeys.of(List.of(DemoTrace.ALICE.publicKeyFile()));
        EventDetails trusted = new EventDescriber(bundle.blobs(), ring).describe(decision, root);
        assertThat(field(trusted, "Trusted").value()).startsWith("yes");

        ObjectNode altered = decision.data().deepCopy();
        altered.put("verdict", "approve");
        Event tampered = new Event(decision.id(), decision.run(), decision.seq(), decision.ts(), decision.actor(), decision.type(),
                decision.causes(), decision.state(), altered, decision.prev(), decision.hash());
        assertThat(field(new EventDescriber(bundle.blobs(), ring).describe(tampered, root), "Signature").value())
                .startsWith("INVALID");
    }

    @Test
    void lineDiffMarksRemovedAndAddedLines() {
        assertThat(LineDiff.diff("a\nb\nc", "a\nx\nc")).containsExactly(new EventDetails.DiffLine(' ', "a"),
                new EventDetails.DiffLine('+', "x"), new EventDetails.DiffLine('-', "b"), new EventDetails.DiffLine(' ', "c"));
        assertThat(LineDiff.diff("", "new")).containsExactly(new EventDetails.DiffLine('+', "new"));
    }

    private Event first(Predicate<Event> test) {
        return root.asList().stream().filter(test).findFirst().orElseThrow();
    }

    private static Field field(EventDetails details, String name) {
        return details.sections().stream().filter(s -> s instanceof Fields).flatMap(s -> ((Fields) s).fields().stream())
                .filter(f -> f.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no field " + name));
    }
}
