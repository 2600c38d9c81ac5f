package dev.forkline.trace;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** A payload per known event type, following the contract in docs/trace-format.md (shared by codec and schema tests). */
public final class EventCodecTestPayloads {

    private static final Map<EventType, String> PAYLOADS = new EnumMap<>(EventType.class);

    static {
        PAYLOADS.put(EventType.SESSION_START, "{'title':'t','environment':{'image':'python:3.12','imageDigest':'sha256:ab','os':'linux','user':'u','cwd':'/workspace',"
                + "'git':{'repository':'r','branch':'main','commit':'abc'},'harness':{'name':'h','version':'1'},'isolation':{'boundary':'container'}},"
                + "'model':{'provider':'p','model':'m','version':'v'},'imported':{'format':'f','source':'s'}}");
        PAYLOADS.put(EventType.SESSION_END, "{'outcome':'success','summary':'done'}");
        PAYLOADS.put(EventType.MODEL_CALL, "{'model':'m','provider':'p','input':{'summary':'s','messages':[{'role':'user','content':'hi ✓ 😀'}]},"
                + "'output':{'text':'x','toolCalls':[{'callId':'c1','name':'bash','arguments':{'cmd':'ls'}}]},"
                + "'usage':{'inputTokens':12,'outputTokens':3,'cacheReadTokens':0,'cacheWriteTokens':0},'costUsd':0.0123,'latencyMs':1500}");
        PAYLOADS.put(EventType.TOOL_CALL, "{'callId':'c1','tool':'bash','arguments':{'cmd':'ls'},'effect':'read','idempotencyKey':'k',"
                + "'exec':{'argv':['ls','-la'],'cwd':'/workspace','env':{'A':'1'},'timeoutMs':30000}}");
        PAYLOADS.put(EventType.TOOL_RESULT, "{'callId':'c1','exitCode':0,'stdout':'a\\nb','stderr':'','stdoutBlob':null,'isError':false,'durationMs':12}");
        PAYLOADS.put(EventType.STATE_MUTATION, "{'path':'src/a.py','op':'modify','before':'sha256:" + "a".repeat(64) + "','after':'sha256:" + "b".repeat(64) + "','mode':'0644'}");
        PAYLOADS.put(EventType.CHECKPOINT, "{'checkpointId':'cp1','label':'l','workspace':{'root':'/workspace','files':{'a':{'blob':'sha256:" + "c".repeat(64)
                + "','mode':'0755'}}},'harness':{'pending':[]},'processes':[]}");
        PAYLOADS.put(EventType.PROCESS_START, "{'pid':42,'argv':['npm','start'],'name':'npm'}");
        PAYLOADS.put(EventType.PROCESS_EXIT, "{'pid':42,'exitCode':null,'signal':'SIGKILL'}");
        PAYLOADS.put(EventType.AGENT_MESSAGE, "{'from':'agent:a','to':'agent:b','text':'over to you'}");
        PAYLOADS.put(EventType.AGENT_HANDOFF, "{'from':'agent:a','to':'agent:b','reason':'r'}");
        PAYLOADS.put(EventType.ESCAPE_ATTEMPT, "{'boundary':'network','attempt':'curl x','blocked':true,'callId':'c1'}");
        PAYLOADS.put(EventType.APPROVAL_REQUEST, "{'subject':'r1.3','reason':'r','owner':'human:ann'}");
        PAYLOADS.put(EventType.APPROVAL_DECISION, "{'subject':'r1.3','verdict':'modify','owner':'human:ann','rationale':'r','arguments':{'cmd':'ls'},'signature':'sig'}");
        PAYLOADS.put(EventType.SANDBOX_LOST, "{'reason':'oom','containerId':'abc','exitCode':137,'oomKilled':true}");
        PAYLOADS.put(EventType.HARNESS_RESTART, "{'fromCheckpoint':'cp1','reason':'crash'}");
        PAYLOADS.put(EventType.RUN_FORK, "{'parentRun':'r1','checkpoint':'cp1','checkpointEvent':'r1.5','reason':'fork','edits':[{'kind':'prompt','text':'x'}]}");
        PAYLOADS.put(EventType.REVERT, "{'checkpoint':'cp1','target':'directory','durationMs':1200}");
        PAYLOADS.put(EventType.ERROR, "{'message':'boom','kind':'tool'}");
        PAYLOADS.put(EventType.NOTE, "{'text':'-0.0 1e21 \\u0001'}");
    }

    private EventCodecTestPayloads() {
    }

    public static Map<EventType, String> all() {
        return Collections.unmodifiableMap(PAYLOADS);
    }
}
