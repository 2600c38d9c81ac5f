package dev.forkline.trace.samples;

import static dev.forkline.trace.EventType.*;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Writes sample-traces/hand-written/wrong-directory-deleted (see its README.md for the story). Deterministic: the same
 * bytes every time, so a test can check the committed copy against it.
 */
public final class WrongDirectoryDeletedSample {

    public static final String NAME = "wrong-directory-deleted";

    private final EventChain chain = new EventChain();
    private BundleWriter writer;
    private Instant clock = Instant.parse("2026-11-20T14:00:00Z");

    public static void write(Path target) throws IOException {
        new WrongDirectoryDeletedSample().writeTo(target);
    }

    private Event add(String run, String actor, EventType type, long afterMillis, String data, StateKind state, String... causes) throws IOException {
        clock = clock.plusMillis(afterMillis);
        ObjectNode payload = TraceBuilder.json(data);
        Event event = chain.append(NewEvent.of(run, actor, type).at(clock).touches(state).causes(causes).data(payload));
        writer.write(event);
        return event;
    }

    private String blob(String content) throws IOException {
        return writer.putBlob(content.getBytes(StandardCharsets.UTF_8));
    }

    private void writeTo(Path target) throws IOException {
        Manifest manifest = new Manifest(Manifest.FORMAT_VERSION, "sample-wrong-directory-deleted",
                "Cleanup deletes src/ instead of build/; a fork from the first checkpoint gets it right",
                clock, "forkline-samples/hand-written", Manifest.NATIVE_FORMAT);
        try (BundleWriter w = BundleWriter.create(target, manifest)) {
            writer = w;
            events();
            w.commit();
        }
    }

    private void events() throws IOException {
        String app = blob("from util import greet\n\nprint(greet('world'))\n");
        String util = blob("def greet(name):\n    return f'hello {name}'\n");
        String testApp = blob("from src.util import greet\n\n\ndef test_greet():\n    assert greet('x') == 'hello x'\n");
        String object = blob("\u007fELF fake object file\n");
        String gitignore = blob("__pycache__/\n");
        String gitignoreFixed = blob("__pycache__/\nbuild/\n");
        String pytestFailure = blob("ImportError while loading conftest: No module named 'src'\n"
                + "ERROR: file or directory not found: src/\n\nno tests ran in 0.02s\n");

        Event start = add("main", "harness", SESSION_START, 0, """
                {'title':'Clean the build output, then run the tests',
                 'environment':{'image':'python:3.12-slim','imageDigest':'sha256:5e1a0c0de5e1a0c0de5e1a0c0de5e1a0c0de5e1a0c0de5e1a0c0de5e1a0c0de',
                   'os':'linux','user':'agent','cwd':'/workspace',
                   'git':{'repository':'https://git.example.invalid/acme/greeter.git','branch':'main','commit':'3f2c9a1e8b7d6c5b4a39281706f5e4d3c2b1a090'},
                   'harness':{'name':'forkline-recorder','version':'0.1.0'},
                   'isolation':{'boundary':'container','network':'none','readOnlyRoot':true}},
                 'model':{'provider':'example','model':'example-coder-large','version':'2026-10'}}""", StateKind.SESSION);
        Event cpStart = add("main", "harness", CHECKPOINT, 120, "{'checkpointId':'cp-start','label':'before any change','workspace':{'root':'/workspace','files':{"
                + "'.gitignore':{'blob':'" + gitignore + "','mode':'0644'},"
                + "'build/app.o':{'blob':'" + object + "','mode':'0644'},"
                + "'src/app.py':{'blob':'" + app + "','mode':'0644'},"
                + "'src/util.py':{'blob':'" + util + "','mode':'0644'},"
                + "'tests/test_app.py':{'blob':'" + testApp + "','mode':'0644'}}},"
                + "'harness':{'pending':[]},'processes':[]}", StateKind.WORKSPACE, start.id());
        Event plan = add("main", "agent:planner", MODEL_CALL, 2300, """
                {'model':'example-coder-large','provider':'example',
                 'input':{'summary':'task: clean the build output and run the tests',
                   'messages':[{'role':'user','content':'Clean the build output, then run the tests.'}]},
                 'output':{'text':'Plan: 1. delete the build output 2. run pytest. Handing over to the coder.','toolCalls':[]},
                 'usage':{'inputTokens':812,'outputTokens':64,'cacheReadTokens':0,'cacheWriteTokens':812},
                 'costUsd':0.0041,'latencyMs':2210}""", StateKind.SESSION);
        Event message = add("main", "agent:planner", AGENT_MESSAGE, 40,
                "{'from':'agent:planner','to':'agent:coder','text':'Delete the build output directory, then run pytest.'}", StateKind.SESSION, plan.id());
        add("main", "agent:planner", AGENT_HANDOFF, 10, "{'from':'agent:planner','to':'agent:coder','reason':'implementation step'}",
                StateKind.HARNESS, message.id());
        Event look = add("main", "agent:coder", MODEL_CALL, 1800, """
                {'model':'example-coder-large','provider':'example',
                 'input':{'summary':'planner asks to delete the build output'},
                 'output':{'text':'Let me look at the tree first.','toolCalls':[{'callId':'call-ls','name':'bash','arguments':{'cmd':'ls -R'}}]},
                 'usage':{'inputTokens':1020,'outputTokens':31,'cacheReadTokens':812,'cacheWriteTokens':0},
                 'costUsd':0.0019,'latencyMs':1750}""", StateKind.SESSION, message.id());
        Event ls = add("main", "agent:coder", TOOL_CALL, 20, """
                {'callId':'call-ls','tool':'bash','arguments':{'cmd':'ls -R'},'effect':'read',
                 'exec':{'argv':['bash','-lc','ls -R'],'cwd':'/workspace','env':{},'timeoutMs':30000}}""", StateKind.HARNESS, look.id());
        add("main", "agent:coder", TOOL_RESULT, 45, "{'callId':'call-ls','exitCode':0,'stdout':'.:\\nbuild\\nsrc\\ntests\\n\\n./build:\\napp.o\\n\\n./src:\\napp.py\\nutil.py\\n\\n./tests:\\ntest_app.py\\n','stderr':'','durationMs':38}",
                StateKind.HARNESS, ls.id());
        Event decide = add("main", "agent:coder", MODEL_CALL, 2600, """
                {'model':'example-coder-large','provider':'example',
                 'input':{'summary':'ls output; asked to delete the build output'},
                 'output':{'text':'The sources are compiled from src/, so I will remove it.','toolCalls':[{'callId':'call-rm','name':'bash','arguments':{'cmd':'rm -rf src'}}]},
                 'usage':{'inputTokens':1190,'outputTokens':58,'cacheReadTokens':1020,'cacheWriteTokens':0},
                 'costUsd':0.0024,'latencyMs':2540}""", StateKind.SESSION);
        Event rm = add("main", "agent:coder", TOOL_CALL, 15, """
                {'callId':'call-rm','tool':'bash','arguments':{'cmd':'rm -rf src'},'effect':'workspace',
                 'exec':{'argv':['bash','-lc','rm -rf src'],'cwd':'/workspace','env':{},'timeoutMs':30000}}""", StateKind.HARNESS, decide.id());
        add("main", "harness", APPROVAL_REQUEST, 5,
                "{'subject':'" + rm.id() + "','reason':'recursive delete (rm -rf) needs a human','owner':'sam'}", StateKind.HARNESS, rm.id());
        // The harness let the call run while the request waited: no decision was recorded, and that is part of the story.
        add("main", "agent:coder", STATE_MUTATION, 30, "{'path':'src/app.py','op':'delete','before':'" + app + "','after':null}", StateKind.WORKSPACE, rm.id());
        add("main", "agent:coder", STATE_MUTATION, 1, "{'path':'src/util.py','op':'delete','before':'" + util + "','after':null}", StateKind.WORKSPACE, rm.id());
        add("main", "agent:coder", TOOL_RESULT, 4, "{'callId':'call-rm','exitCode':0,'stdout':'','stderr':'','durationMs':35}", StateKind.HARNESS, rm.id());
        add("main", "harness", CHECKPOINT, 150, "{'checkpointId':'cp-after-cleanup','label':'after the cleanup step','workspace':{'root':'/workspace','files':{"
                + "'.gitignore':{'blob':'" + gitignore + "','mode':'0644'},"
                + "'build/app.o':{'blob':'" + object + "','mode':'0644'},"
                + "'tests/test_app.py':{'blob':'" + testApp + "','mode':'0644'}}},"
                + "'harness':{'pending':[]},'processes':[]}", StateKind.WORKSPACE);
        Event pytest = add("main", "agent:coder", TOOL_CALL, 1900, """
                {'callId':'call-test','tool':'bash','arguments':{'cmd':'pytest -q'},'effect':'process',
                 'exec':{'argv':['bash','-lc','pytest -q'],'cwd':'/workspace','env':{},'timeoutMs':120000}}""", StateKind.PROCESS);
        add("main", "agent:coder", TOOL_RESULT, 900, "{'callId':'call-test','exitCode':4,'stdoutBlob':'" + pytestFailure
                + "','stderr':'','isError':true,'durationMs':880}", StateKind.PROCESS, pytest.id());
        Event clone = add("main", "agent:coder", TOOL_CALL, 2100, """
                {'callId':'call-clone','tool':'bash','arguments':{'cmd':'git clone https://git.example.invalid/acme/greeter.git /tmp/g && cp -r /tmp/g/src .'},'effect':'external',
                 'exec':{'argv':['bash','-lc','git clone https://git.example.invalid/acme/greeter.git /tmp/g && cp -r /tmp/g/src .'],'cwd':'/workspace','env':{},'timeoutMs':60000}}""",
                StateKind.EXTERNAL);
        add("main", "sandbox", ESCAPE_ATTEMPT, 60, "{'boundary':'network','attempt':'connect git.example.invalid:443','blocked':true,'callId':'call-clone'}",
                StateKind.HARNESS, clone.id());
        add("main", "agent:coder", TOOL_RESULT, 20, "{'callId':'call-clone','exitCode':128,'stderr':'fatal: unable to access: Could not resolve host','isError':true,'durationMs':75}",
                StateKind.EXTERNAL, clone.id());
        add("main", "harness", ERROR, 10, "{'message':'tests cannot run: src/ was deleted by call-rm','kind':'task'}", StateKind.SESSION);
        add("main", "harness", SESSION_END, 5, "{'outcome':'failure','summary':'src/ deleted instead of build/; tests cannot run'}", StateKind.SESSION);

        clock = Instant.parse("2026-11-20T15:10:00Z");
        chain.startFork("retry-1", cpStart);
        add("retry-1", "human:sam", RUN_FORK, 0, "{'parentRun':'main','checkpoint':'cp-start','checkpointEvent':'" + cpStart.id() + "','reason':'fork',"
                + "'edits':[{'kind':'replace-message','event':'" + message.id() + "','text':'Delete build/ (the build output) only. Do not touch src/. Then run pytest.'}]}",
                StateKind.SESSION);
        Event retryDecide = add("retry-1", "agent:coder", MODEL_CALL, 2400, """
                {'model':'example-coder-large','provider':'example',
                 'input':{'summary':'edited instruction: delete build/ only'},
                 'output':{'text':'Removing build/ and ignoring it from now on.','toolCalls':[{'callId':'call-rm','name':'bash','arguments':{'cmd':'rm -rf build && echo build/ >> .gitignore'}}]},
                 'usage':{'inputTokens':1105,'outputTokens':49,'cacheReadTokens':812,'cacheWriteTokens':0},
                 'costUsd':0.0022,'latencyMs':2330}""", StateKind.SESSION);
        Event retryRm = add("retry-1", "agent:coder", TOOL_CALL, 15, """
                {'callId':'call-rm','tool':'bash','arguments':{'cmd':'rm -rf build && echo build/ >> .gitignore'},'effect':'workspace',
                 'exec':{'argv':['bash','-lc','rm -rf build && echo build/ >> .gitignore'],'cwd':'/workspace','env':{},'timeoutMs':30000}}""",
                StateKind.HARNESS, retryDecide.id());
        add("retry-1", "agent:coder", STATE_MUTATION, 25, "{'path':'build/app.o','op':'delete','before':'" + object + "','after':null}", StateKind.WORKSPACE, retryRm.id());
        add("retry-1", "agent:coder", STATE_MUTATION, 2, "{'path':'.gitignore','op':'modify','before':'" + gitignore + "','after':'" + gitignoreFixed + "','mode':'0644'}",
                StateKind.WORKSPACE, retryRm.id());
        add("retry-1", "agent:coder", TOOL_RESULT, 3, "{'callId':'call-rm','exitCode':0,'stdout':'','stderr':'','durationMs':30}", StateKind.HARNESS, retryRm.id());
        Event retryTest = add("retry-1", "agent:coder", TOOL_CALL, 1700, """
                {'callId':'call-test','tool':'bash','arguments':{'cmd':'pytest -q'},'effect':'process',
                 'exec':{'argv':['bash','-lc','pytest -q'],'cwd':'/workspace','env':{},'timeoutMs':120000}}""", StateKind.PROCESS);
        add("retry-1", "agent:coder", TOOL_RESULT, 950, "{'callId':'call-test','exitCode':0,'stdout':'.\\n1 passed in 0.03s\\n','stderr':'','durationMs':930}",
                StateKind.PROCESS, retryTest.id());
        add("retry-1", "harness", SESSION_END, 5, "{'outcome':'success','summary':'build/ removed, tests pass'}", StateKind.SESSION);
    }
}
