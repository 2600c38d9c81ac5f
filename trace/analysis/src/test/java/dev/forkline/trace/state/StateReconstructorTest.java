package dev.forkline.trace.state;

import static dev.forkline.trace.EventType.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.Event;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.bundle.MemoryBlobStore;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.state.ExternalEffect.Status;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StateReconstructorTest {

    private final TraceBuilder trace = new TraceBuilder();
    private final MemoryBlobStore blobs = new MemoryBlobStore();

    private String blob(String content) {
        return blobs.put(content.getBytes(StandardCharsets.UTF_8));
    }

    private StateReconstructor reconstructor() {
        return new StateReconstructor(TraceIndex.of(trace.events()), blobs);
    }

    @Test
    void sessionStateSumsUsageAndCostAndCollectsCallsAndMessages() {
        Event start = trace.add("r1", "harness", SESSION_START, "{'model':{'provider':'p','model':'m'}}");
        Event call1 = trace.add("r1", "agent:a", MODEL_CALL, "{'model':'m','usage':{'inputTokens':100,'outputTokens':20,'cacheReadTokens':5,'cacheWriteTokens':1},'costUsd':0.1}");
        Event message = trace.add("r1", "agent:a", AGENT_MESSAGE, "{'from':'agent:a','to':'agent:b','text':'hi'}");
        Event call2 = trace.add("r1", "agent:b", MODEL_CALL, "{'model':'m','usage':{'inputTokens':7,'outputTokens':3},'costUsd':0.2}");
        Event end = trace.add("r1", "harness", SESSION_END, "{'outcome':'success'}");
        StateReconstructor states = reconstructor();

        SessionState atStart = states.at("r1", start.id()).session();
        assertThat(atStart.sessionStart()).isEqualTo(start);
        assertThat(atStart.modelCalls()).isEmpty();
        assertThat(atStart.inputTokens()).isZero();
        assertThat(atStart.costUsd()).isEqualByComparingTo("0");
        assertThat(atStart.outcome()).isNull();

        SessionState afterMessage = states.at("r1", message.id()).session();
        assertThat(afterMessage.modelCalls()).containsExactly(call1);
        assertThat(afterMessage.messages()).containsExactly(message);
        assertThat(afterMessage.inputTokens()).isEqualTo(100);

        SessionState atEnd = states.at("r1", end.id()).session();
        assertThat(atEnd.modelCalls()).containsExactly(call1, call2);
        assertThat(atEnd.inputTokens()).isEqualTo(107);
        assertThat(atEnd.outputTokens()).isEqualTo(23);
        assertThat(atEnd.cacheReadTokens()).isEqualTo(5);
        assertThat(atEnd.cacheWriteTokens()).isEqualTo(1);
        assertThat(atEnd.costUsd()).isEqualTo(new BigDecimal("0.3"));
        assertThat(atEnd.outcome()).isEqualTo("success");
        assertThat(states.atEnd("r1").eventId()).isEqualTo(end.id());
    }

    @Test
    void recentTurnsAreTheLastModelCallsAndMessagesInLineageOrder() {
        trace.add("r1", "harness", SESSION_START, "{}");
        Event call1 = trace.add("r1", "agent:a", MODEL_CALL, "{'model':'m'}");
        Event said1 = trace.add("r1", "agent:a", AGENT_MESSAGE, "{'from':'agent:a','to':'agent:b','text':'one'}");
        Event said2 = trace.add("r1", "agent:b", AGENT_MESSAGE, "{'from':'agent:b','to':'agent:a','text':'two'}");
        Event call2 = trace.add("r1", "agent:b", MODEL_CALL, "{'model':'m'}");
        Event said3 = trace.add("r1", "agent:b", AGENT_MESSAGE, "{'from':'agent:b','to':'agent:a','text':'three'}");
        StateReconstructor states = reconstructor();

        SessionState atEnd = states.atEnd("r1").session();
        assertThat(atEnd.turnCount()).isEqualTo(5);
        assertThat(atEnd.recentTurns(3)).containsExactly(said2, call2, said3);
        assertThat(atEnd.recentTurns(10)).containsExactly(call1, said1, said2, call2, said3);
        assertThat(atEnd.recentTurns(0)).isEmpty();
        assertThat(states.at("r1", said1.id()).session().recentTurns(10)).containsExactly(call1, said1);
    }

    @Test
    void harnessStateTracksPendingCallsApprovalsAndEscapes() {
        trace.add("r1", "harness", SESSION_START, "{}");
        Event call1 = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'c1','tool':'bash','effect':'workspace'}");
        Event call2 = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'c2','tool':'bash','effect':'workspace'}");
        Event request = trace.add("r1", "harness", APPROVAL_REQUEST, "{'subject':'" + call2.id() + "','reason':'rm -rf'}");
        Event escape = trace.add("r1", "sandbox", ESCAPE_ATTEMPT, "{'boundary':'network','attempt':'curl x','blocked':true}");
        Event result1 = trace.add("r1", "agent:a", TOOL_RESULT, "{'callId':'c1','exitCode':0}", call1.id());
        Event decision = trace.add("r1", "human:ann", APPROVAL_DECISION, "{'subject':'" + call2.id() + "','verdict':'deny','owner':'human:ann','rationale':'no'}");
        Event result2 = trace.add("r1", "agent:a", TOOL_RESULT, "{'callId':'c2','isError':true}");
        Event request2 = trace.add("r1", "harness", APPROVAL_REQUEST, "{'subject':'" + call1.id() + "','reason':'again'}");
        Event decision2 = trace.add("r1", "human:ann", APPROVAL_DECISION, "{'subject':'" + request2.id() + "','verdict':'approve','owner':'human:ann','rationale':'ok'}");
        StateReconstructor states = reconstructor();

        HarnessState afterEscape = states.at("r1", escape.id()).harness();
        assertThat(afterEscape.pendingToolCalls()).containsExactly(call1, call2);
        assertThat(afterEscape.pendingApprovals()).containsExactly(request);
        assertThat(afterEscape.escapeAttempts()).containsExactly(escape);

        HarnessState afterResult1 = states.at("r1", result1.id()).harness();
        assertThat(afterResult1.pendingToolCalls()).containsExactly(call2);

        HarnessState afterDecision = states.at("r1", decision.id()).harness();
        assertThat(afterDecision.pendingApprovals()).isEmpty();
        assertThat(afterDecision.pendingToolCalls()).containsExactly(call2);

        assertThat(states.at("r1", result2.id()).harness().pendingToolCalls()).as("matched by callId alone").isEmpty();
        assertThat(states.at("r1", request2.id()).harness().pendingApprovals()).containsExactly(request2);
        assertThat(states.at("r1", decision2.id()).harness().pendingApprovals()).as("decision naming the request").isEmpty();
        assertThat(states.at("r1", decision2.id()).harness().escapeAttempts()).containsExactly(escape);
    }

    @Test
    void workspaceIsTheNearestCheckpointPlusLaterMutations() throws Exception {
        String a1 = blob("a1");
        String a2 = blob("a2");
        String b1 = blob("b1");
        String c1 = blob("c1");
        trace.add("r1", "harness", SESSION_START, "{}");
        Event early = trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'x.txt','op':'create','before':null,'after':'" + c1 + "'}");
        Event cp1 = trace.add("r1", "harness", CHECKPOINT, "{'checkpointId':'cp1','label':'one','workspace':{'root':'/workspace','files':{"
                + "'a.txt':{'blob':'" + a1 + "','mode':'0644'},'b.txt':{'blob':'" + b1 + "','mode':'0644'},'d.txt':{'blob':'" + c1 + "','mode':'0644'}}}}");
        Event modifyA = trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'/workspace/a.txt','op':'modify','before':'" + a1 + "','after':'" + a2 + "'}");
        Event deleteB = trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'./b.txt','op':'delete','before':'" + b1 + "','after':null}");
        Event createC = trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'c.txt','op':'create','before':null,'after':'" + c1 + "','mode':'0755'}");
        Event createTmp = trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'tmp','op':'create','before':null,'after':'" + c1 + "'}");
        Event deleteTmp = trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'tmp','op':'delete','before':'" + c1 + "','after':null}");
        Event modeD = trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'d.txt','op':'mode','before':'" + c1 + "','after':'" + c1 + "','mode':'0600'}");
        Event cp2 = trace.add("r1", "harness", CHECKPOINT, "{'checkpointId':'cp2','label':'two','workspace':{'root':'/workspace','files':{"
                + "'a.txt':{'blob':'" + a2 + "','mode':'0644'},'c.txt':{'blob':'" + c1 + "','mode':'0755'}}}}");
        Event restoreA = trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'a.txt','op':'modify','before':'" + a2 + "','after':'" + a1 + "'}");
        Event backA = trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'a.txt','op':'modify','before':'" + a1 + "','after':'" + a2 + "'}");
        Event revert = trace.add("r1", "human:ann", REVERT, "{'checkpoint':'cp1','target':'directory','durationMs':12}");
        StateReconstructor states = reconstructor();

        WorkspaceState beforeAnyCheckpoint = states.at("r1", early.id()).workspace();
        assertThat(beforeAnyCheckpoint.baselineKnown()).isFalse();
        assertThat(beforeAnyCheckpoint.lastCheckpointId()).isNull();
        assertThat(beforeAnyCheckpoint.files()).containsExactly(entry("x.txt", c1, "0644"));
        assertThat(beforeAnyCheckpoint.changedSinceCheckpoint().values()).containsExactly(new WorkspaceChange("x.txt", "create", early.id()));

        WorkspaceState atCp1 = states.at("r1", cp1.id()).workspace();
        assertThat(atCp1.lastCheckpointId()).isEqualTo("cp1");
        assertThat(atCp1.lastCheckpointEventId()).isEqualTo(cp1.id());
        assertThat(atCp1.files()).as("the checkpoint is the whole tree").containsOnlyKeys("a.txt", "b.txt", "d.txt");
        assertThat(atCp1.changedSinceCheckpoint()).isEmpty();
        assertThat(atCp1.mutationsReplayed()).isZero();

        WorkspaceState afterModes = states.at("r1", modeD.id()).workspace();
        assertThat(afterModes.files()).containsExactly(entry("a.txt", a2, "0644"), entry("c.txt", c1, "0755"), entry("d.txt", c1, "0600"));
        assertThat(afterModes.changedSinceCheckpoint().values()).containsExactly(
                new WorkspaceChange("a.txt", "modify", modifyA.id()),
                new WorkspaceChange("b.txt", "delete", deleteB.id()),
                new WorkspaceChange("c.txt", "create", createC.id()),
                new WorkspaceChange("d.txt", "mode", modeD.id()));
        assertThat(afterModes.mutationsReplayed()).isEqualTo(6);
        assertThat(afterModes.read("a.txt")).hasValueSatisfying(bytes -> assertThat(new String(bytes, StandardCharsets.UTF_8)).isEqualTo("a2"));
        assertThat(afterModes.read("b.txt")).isEmpty();
        assertThat(states.at("r1", createTmp.id()).workspace().changedSinceCheckpoint()).containsKey("tmp");
        assertThat(states.at("r1", deleteTmp.id()).workspace().changedSinceCheckpoint()).as("created and deleted again").doesNotContainKey("tmp");

        WorkspaceState atCp2 = states.at("r1", cp2.id()).workspace();
        assertThat(atCp2.lastCheckpointId()).isEqualTo("cp2");
        assertThat(atCp2.files()).containsOnlyKeys("a.txt", "c.txt");
        assertThat(atCp2.changedSinceCheckpoint()).isEmpty();

        assertThat(states.at("r1", restoreA.id()).workspace().changedSinceCheckpoint().values())
                .containsExactly(new WorkspaceChange("a.txt", "modify", restoreA.id()));
        WorkspaceState back = states.at("r1", backA.id()).workspace();
        assertThat(back.changedSinceCheckpoint()).as("back where the checkpoint was").isEmpty();
        assertThat(back.mutationsReplayed()).isEqualTo(2);

        WorkspaceState reverted = states.at("r1", revert.id()).workspace();
        assertThat(reverted.lastCheckpointId()).isEqualTo("cp1");
        assertThat(reverted.files()).containsOnlyKeys("a.txt", "b.txt", "d.txt");
        assertThat(reverted.files().get("a.txt").blob()).isEqualTo(a1);
        assertThat(reverted.changedSinceCheckpoint()).isEmpty();
    }

    private static java.util.Map.Entry<String, FileEntry> entry(String path, String blob, String mode) {
        return java.util.Map.entry(path, new FileEntry(blob, mode));
    }

    @Test
    void processStateKnowsWhatIsStillRunning() {
        trace.add("r1", "harness", SESSION_START, "{}");
        Event server = trace.add("r1", "sandbox", PROCESS_START, "{'pid':10,'argv':['npm','start'],'name':'npm'}");
        Event job = trace.add("r1", "sandbox", PROCESS_START, "{'pid':11,'argv':['make'],'name':'make'}");
        Event jobExit = trace.add("r1", "sandbox", PROCESS_EXIT, "{'pid':11,'exitCode':0}");
        Event reused = trace.add("r1", "sandbox", PROCESS_START, "{'pid':11,'argv':['make','test'],'name':'make'}");
        Event lost = trace.add("r1", "sandbox", SANDBOX_LOST, "{'reason':'oom','oomKilled':true}");
        Event after = trace.add("r1", "sandbox", PROCESS_START, "{'pid':12,'argv':['sh'],'name':'sh'}");
        StateReconstructor states = reconstructor();

        assertThat(states.at("r1", job.id()).process().running()).containsExactly(server, job);
        assertThat(states.at("r1", jobExit.id()).process().running()).containsExactly(server);
        assertThat(states.at("r1", reused.id()).process().running()).containsExactly(server, reused);
        assertThat(states.at("r1", lost.id()).process().running()).as("the sandbox took them all").isEmpty();
        assertThat(states.at("r1", after.id()).process().running()).containsExactly(after);
    }

    @Test
    void externalEffectsAreCommittedFailedInFlightOrUnknown() {
        trace.add("r1", "harness", SESSION_START, "{}");
        Event push = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'p','tool':'git_push','effect':'external'}");
        Event local = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'l','tool':'ls','effect':'read'}");
        Event request = trace.add("r1", "harness", APPROVAL_REQUEST, "{'subject':'" + push.id() + "','reason':'pushes'}");
        Event approve = trace.add("r1", "human:ann", APPROVAL_DECISION, "{'subject':'" + push.id() + "','verdict':'approve','owner':'human:ann','rationale':'fine'}", request.id());
        Event pushed = trace.add("r1", "agent:a", TOOL_RESULT, "{'callId':'p','exitCode':0}", push.id());
        Event mail = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'m','tool':'send_mail','effect':'external'}");
        Event mailFailed = trace.add("r1", "agent:a", TOOL_RESULT, "{'callId':'m','exitCode':1}", mail.id());
        Event deploy = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'d','tool':'deploy','effect':'external'}");
        Event pay = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'$','tool':'pay','effect':'external'}");
        Event payUnknown = trace.add("r1", "agent:a", TOOL_RESULT, "{'callId':'$','outcome':'unknown','error':'timeout'}", pay.id());
        Event restart = trace.add("r1", "harness", HARNESS_RESTART, "{'fromCheckpoint':'cp0','reason':'crash'}");
        Event later = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'t','tool':'tweet','effect':'external'}");
        Event imported = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'i','tool':'deploy','effect':'external','outcome':'unknown'}");
        StateReconstructor states = reconstructor();

        assertThat(statuses(states.at("r1", request.id()).external())).containsExactly("p:IN_FLIGHT:-");
        assertThat(statuses(states.at("r1", approve.id()).external())).containsExactly("p:IN_FLIGHT:approve");
        assertThat(statuses(states.at("r1", pushed.id()).external())).containsExactly("p:COMMITTED:approve");
        assertThat(statuses(states.at("r1", mailFailed.id()).external())).containsExactly("p:COMMITTED:approve", "m:FAILED:-");
        assertThat(statuses(states.at("r1", payUnknown.id()).external()))
                .containsExactly("p:COMMITTED:approve", "m:FAILED:-", "d:IN_FLIGHT:-", "$:UNKNOWN:-");
        ExternalState afterRestart = states.at("r1", restart.id()).external();
        assertThat(statuses(afterRestart)).containsExactly("p:COMMITTED:approve", "m:FAILED:-", "d:UNKNOWN:-", "$:UNKNOWN:-");
        assertThat(afterRestart.with(Status.UNKNOWN)).extracting(ExternalEffect::call).containsExactly(deploy, pay);
        assertThat(afterRestart.with(Status.COMMITTED).getFirst().result()).isEqualTo(pushed);
        assertThat(statuses(states.at("r1", later.id()).external())).last().isEqualTo("t:IN_FLIGHT:-");
        assertThat(statuses(states.at("r1", imported.id()).external())).last().isEqualTo("i:UNKNOWN:-");
        assertThat(states.at("r1", later.id()).external().effects()).extracting(ExternalEffect::call).doesNotContain(local);
    }

    @Test
    void externalCallsAreUnknownAfterSandboxLossOrSessionEnd() {
        trace.add("r1", "harness", SESSION_START, "{}");
        trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'a','tool':'deploy','effect':'external'}");
        Event lost = trace.add("r1", "sandbox", SANDBOX_LOST, "{'reason':'gone'}");
        trace.add("r2", "harness", SESSION_START, "{}");
        trace.add("r2", "agent:a", TOOL_CALL, "{'callId':'b','tool':'deploy','effect':'external'}");
        Event end = trace.add("r2", "harness", SESSION_END, "{'outcome':'aborted'}");
        StateReconstructor states = reconstructor();
        assertThat(statuses(states.at("r1", lost.id()).external())).containsExactly("a:UNKNOWN:-");
        assertThat(statuses(states.at("r2", end.id()).external())).containsExactly("b:UNKNOWN:-");
    }

    private static List<String> statuses(ExternalState state) {
        return state.effects().stream().map(e -> e.callId() + ":" + e.status() + ":"
                + (e.decision() == null ? "-" : e.decision().text("verdict"))).toList();
    }

    @Test
    void aForkedRunSeesItsParentUpToTheCheckpointOnly() {
        String v1 = blob("v1");
        String v2 = blob("v2");
        String v3 = blob("v3");
        trace.add("r1", "harness", SESSION_START, "{'model':{'model':'m'}}");
        trace.add("r1", "agent:a", MODEL_CALL, "{'model':'m','usage':{'inputTokens':10,'outputTokens':1}}");
        Event call = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'c','tool':'deploy','effect':'external'}");
        trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'f','op':'create','before':null,'after':'" + v1 + "'}");
        Event cp = trace.add("r1", "harness", CHECKPOINT, "{'checkpointId':'cp1','workspace':{'files':{'f':{'blob':'" + v1 + "','mode':'0644'}}}}");
        trace.add("r1", "agent:a", TOOL_RESULT, "{'callId':'c','exitCode':0}", call.id());
        trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'f','op':'modify','before':'" + v1 + "','after':'" + v2 + "'}");
        trace.add("r1", "agent:a", MODEL_CALL, "{'model':'m','usage':{'inputTokens':99,'outputTokens':9}}");
        Event fork = trace.fork("r2", cp, "fork", "[{'note':'different prompt'}]");
        Event own = trace.add("r2", "agent:a", STATE_MUTATION, "{'path':'g','op':'create','before':null,'after':'" + v3 + "'}");
        trace.add("r2", "agent:a", MODEL_CALL, "{'model':'m','usage':{'inputTokens':5,'outputTokens':5}}");
        StateReconstructor states = reconstructor();

        StateAt atFork = states.at("r2", fork.id());
        assertThat(atFork.position()).isEqualTo(5);
        assertThat(atFork.workspace().files()).containsOnlyKeys("f");
        assertThat(atFork.workspace().files().get("f").blob()).isEqualTo(v1);
        assertThat(atFork.workspace().lastCheckpointId()).isEqualTo("cp1");
        assertThat(atFork.harness().pendingToolCalls()).as("the parent's result came after the checkpoint").containsExactly(call);
        assertThat(statuses(atFork.external())).containsExactly("c:IN_FLIGHT:-");

        StateAt end = states.atEnd("r2");
        assertThat(end.workspace().files()).containsOnlyKeys("f", "g");
        assertThat(end.workspace().changedSinceCheckpoint().values()).containsExactly(new WorkspaceChange("g", "create", own.id()));
        assertThat(end.session().inputTokens()).isEqualTo(15);
        assertThat(end.session().sessionStart().id()).isEqualTo("r1.1");

        assertThat(states.at("r2", "r1.2").session().inputTokens()).as("an inherited point of the lineage").isEqualTo(10);
        assertThatThrownBy(() -> states.at("r2", "r1.7")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not in the lineage");
        assertThat(states.atEnd("r1").workspace().files().get("f").blob()).isEqualTo(v2);
        assertThat(states.at("r1.6").harness().pendingToolCalls()).isEmpty();
        assertThat(states.atFileIndex("r2", 1).eventId()).isEqualTo("r1.2");
        assertThat(states.atFileIndex("r2", 9).eventId()).isEqualTo(own.id());
        assertThatThrownBy(() -> states.atFileIndex("r2", 6)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theEndOfAMillionEventRunIsRebuiltFromTheNearestCheckpoint() {
        String[] contents = new String[100];
        for (int i = 0; i < contents.length; i++) {
            contents[i] = blob("content " + i);
        }
        var json = TraceBuilder.json("{}");
        Event template = trace.add("r", "harness", SESSION_START, "{}");
        List<Event> events = new ArrayList<>(1_000_000);
        events.add(template);
        for (int seq = 2; seq <= 1_000_000; seq++) {
            String type;
            com.fasterxml.jackson.databind.node.ObjectNode data = json;
            if (seq % 100_000 == 0) {
                type = "checkpoint";
                data = TraceBuilder.json("{'checkpointId':'cp" + seq + "','workspace':{'files':{'f" + (seq % 7) + "':{'blob':'" + contents[seq % 100] + "','mode':'0644'}}}}");
            } else if (seq % 10 == 0) {
                type = "state.mutation";
                data = TraceBuilder.json("{'path':'f" + (seq % 7) + "','op':'modify','after':'" + contents[seq % 100] + "'}");
            } else {
                type = seq % 2 == 0 ? "tool.call" : "tool.result";
                data = TraceBuilder.json("{'callId':'c" + (seq / 2) + "','effect':'read'}");
            }
            events.add(new Event("r." + seq, "r", seq, template.ts(), "agent:a", type, List.of(), List.of(), data, null, null));
        }
        TraceIndex index = TraceIndex.of(events);
        StateReconstructor states = new StateReconstructor(index, blobs);

        long start = System.nanoTime();
        StateAt end = states.atEnd("r");
        long firstMs = (System.nanoTime() - start) / 1_000_000;
        start = System.nanoTime();
        StateAt nearEnd = states.at("r", 999_990);
        long againMs = (System.nanoTime() - start) / 1_000_000;

        assertThat(end.eventId()).isEqualTo("r.1000000");
        assertThat(end.workspace().lastCheckpointId()).isEqualTo("cp1000000");
        assertThat(end.workspace().mutationsReplayed()).isZero();
        assertThat(nearEnd.workspace().lastCheckpointId()).isEqualTo("cp900000");
        assertThat(nearEnd.workspace().mutationsReplayed()).isEqualTo(9_999);
        assertThat(nearEnd.workspace().files()).hasSize(7);
        assertThat(end.harness().pendingToolCalls()).isEmpty();
        assertThat(firstMs).as("first question, including the one pass over the run").isLessThan(15_000);
        assertThat(againMs).as("a later question").isLessThan(2_000);
    }
}
