package dev.forkline.importers.claudecode;

import static dev.forkline.importers.support.TestFiles.appendLine;
import static dev.forkline.importers.support.TestFiles.appendRawLine;
import static dev.forkline.importers.support.TestFiles.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.StartCheckpoints;
import dev.forkline.importers.support.TestFiles;
import dev.forkline.importers.support.TraceFacts;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.TraceFormatException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeCodeImporterEdgeCaseTest {

    @TempDir
    Path dir;

    static final String USER = "{'type':'user','uuid':'u1','parentUuid':null,'sessionId':'s1','cwd':'/repo','version':'2.0.1',"
            + "'gitBranch':'main','isSidechain':false,'timestamp':'2025-01-01T10:00:00Z','message':{'role':'user','content':'fix the bug'}}";

    static String assistant(String uuid, String parent, String messageId, String time, String content, int output) {
        return "{'type':'assistant','uuid':'" + uuid + "','parentUuid':'" + parent + "','sessionId':'s1','isSidechain':false,"
                + "'timestamp':'" + time + "','message':{'id':'" + messageId + "','role':'assistant','model':'claude-opus-4-1',"
                + "'content':[" + content + "],'usage':{'input_tokens':10,'cache_read_input_tokens':100,'output_tokens':" + output + "}}}";
    }

    static String result(String uuid, String parent, String callId, String text, boolean error, String extra) {
        return "{'type':'user','uuid':'" + uuid + "','parentUuid':'" + parent + "','sessionId':'s1','isSidechain':false,"
                + "'timestamp':'2025-01-01T10:00:09Z','message':{'role':'user','content':[{'type':'tool_result','tool_use_id':'" + callId
                + "','content':'" + text + "','is_error':" + error + "}]}" + extra + "}";
    }

    @Test
    void oneResponseSplitOverLinesIsOneModelCallCountedOnce() throws Exception {
        Path file = lines(dir.resolve("s.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", "{'type':'thinking','thinking':'hmm'}", 3),
                assistant("a2", "a1", "msg_1", "2025-01-01T10:00:02Z", "{'type':'text','text':'Let me look.'}", 50),
                assistant("a3", "a2", "msg_1", "2025-01-01T10:00:03Z",
                        "{'type':'tool_use','id':'t1','name':'Read','input':{'file_path':'/repo/a.txt'}}", 120),
                result("r1", "a3", "t1", "hello", false, "")));
        TraceFacts facts = new TraceFacts(new ClaudeCodeImporter().read(file));
        assertThat(facts.count(EventType.MODEL_CALL)).isEqualTo(1);
        assertThat(facts.usage("outputTokens")).isEqualTo(120);
        assertThat(facts.usage("inputTokens")).isEqualTo(10);
        assertThat(facts.usage("cacheReadTokens")).isEqualTo(100);
        Event call = facts.of(EventType.MODEL_CALL).getFirst();
        assertThat(call.data().path("output").path("text").asText()).isEqualTo("Let me look.");
        assertThat(call.data().path("output").path("reasoning").asText()).isEqualTo("hmm");
        assertThat(call.data().path("output").path("toolCalls").get(0).path("callId").asText()).isEqualTo("t1");
        Event toolCall = facts.of(EventType.TOOL_CALL).getFirst();
        assertThat(toolCall.causes()).containsExactly(call.id());
        assertThat(toolCall.text("effect")).isEqualTo("read");
        assertThat(facts.pairedResults()).isEqualTo(1);
    }

    /**
     * The model.call is written at a response's first line with that line's own content and the later lines' gathered by
     * the first pass; an API error record sharing the response's id is an error of its own, not the response's first line.
     */
    @Test
    void aResponseWholeFromItsFirstLineOnAndAnApiErrorSharingItsIdApart() throws Exception {
        String error = assistant("e1", "u1", "msg_1", "2025-01-01T10:00:01Z", "{'type':'text','text':'API Error: overloaded'}", 0)
                .replace("'type':'assistant',", "'type':'assistant','isApiErrorMessage':true,");
        Path file = lines(dir.resolve("s.jsonl"), List.of(USER, error,
                assistant("a1", "e1", "msg_1", "2025-01-01T10:00:02Z", "{'type':'text','text':'First part.'},{'type':'thinking','thinking':'hmm'}", 5),
                assistant("a2", "a1", "msg_1", "2025-01-01T10:00:03Z", "{'type':'text','text':'Second part.'}", 9),
                assistant("a3", "a2", "msg_1", "2025-01-01T10:00:04Z",
                        "{'type':'tool_use','id':'t1','name':'Read','input':{'file_path':'/repo/a.txt'}},{'type':'thinking','thinking':'then'}", 20),
                result("r1", "a3", "t1", "hello", false, "")));
        TraceFacts facts = new TraceFacts(new ClaudeCodeImporter().read(file));
        assertThat(facts.of(EventType.ERROR)).extracting(event -> event.text("message")).containsExactly("API Error: overloaded");
        assertThat(facts.count(EventType.MODEL_CALL)).isEqualTo(1);
        Event call = facts.of(EventType.MODEL_CALL).getFirst();
        assertThat(call.id()).isEqualTo("a1");
        assertThat(call.data().path("output").path("text").asText()).isEqualTo("First part.\n\nSecond part.");
        assertThat(call.data().path("output").path("reasoning").asText()).isEqualTo("hmm\n\nthen");
        assertThat(call.data().path("output").path("toolCalls")).hasSize(1);
        assertThat(facts.usage("outputTokens")).isEqualTo(20);
    }

    @Test
    void aResponseIsOneModelCallPlacedAtItsFirstLineWithWhatItsLaterLinesSayAndTheEventsBetweenKeepTheirOrder() throws Exception {
        Path file = lines(dir.resolve("s.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", "{'type':'tool_use','id':'t1','name':'Read','input':{'file_path':'/repo/a.txt'}}", 5),
                result("r1", "a1", "t1", "hello", false, ""),
                assistant("b1", "r1", "msg_2", "2025-01-01T10:00:02Z", "{'type':'text','text':'Another response.'}", 3),
                assistant("a2", "b1", "msg_1", "2025-01-01T10:00:03Z", "{'type':'text','text':'Read it.'}", 9)));
        TraceFacts facts = new TraceFacts(new ClaudeCodeImporter().read(file));
        // between the session's start and checkpoint and its end: the prompt, the model.call, its tool call, the result, the other response
        assertThat(facts.events().subList(2, facts.events().size() - 1)).extracting(Event::id).containsExactly("u1", "a1", "a1#2", "r1", "b1");
        Event call = facts.of(EventType.MODEL_CALL).getFirst();
        assertThat(call.data().path("output").path("text").asText()).isEqualTo("Read it.");
        assertThat(call.data().path("output").path("toolCalls")).hasSize(1);
        assertThat(call.data().path("usage").path("outputTokens").asLong()).isEqualTo(9);
        assertThat(facts.findings("response-incomplete")).isEmpty();
    }

    @Test
    void aResponseWhoseLinesLieTooFarApartHoldsItsLinesUpToTheBoundAndSaysSo() throws Exception {
        List<String> lines = new java.util.ArrayList<>(List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", "{'type':'text','text':'First part.'}", 5)));
        for (int i = 0; i <= ClaudeTranscriptWriter.MAX_HELD_EVENTS; i++) {
            lines.add("{'type':'user','uuid':'p" + i + "','sessionId':'s1','timestamp':'2025-01-01T10:00:02Z','message':{'role':'user','content':'more " + i + "'}}");
        }
        lines.add(assistant("a2", "a1", "msg_1", "2025-01-01T10:00:03Z", "{'type':'text','text':'Far part.'}", 9));
        Path file = lines(dir.resolve("s.jsonl"), lines);
        TraceFacts facts = new TraceFacts(new ClaudeCodeImporter().read(file));
        Event call = facts.of(EventType.MODEL_CALL).getFirst();
        assertThat(call.id()).isEqualTo("a1");
        assertThat(call.data().path("output").path("text").asText()).isEqualTo("First part.");
        assertThat(facts.events().get(facts.events().indexOf(call) + 1).id()).isEqualTo("p0");
        assertThat(facts.findings("response-incomplete")).singleElement().satisfies(finding -> {
            assertThat(finding.message()).startsWith("the model.call of response 'msg_1' (line 2) does not hold all its lines: its lines lie"
                    + " more than 10000 events apart");
            assertThat(finding.eventId()).isEqualTo("a1");
        });
    }

    @Test
    void sidechainConversationsAreSeparateLanesStartedByTheirTaskCall() throws Exception {
        String task = "{'type':'tool_use','id':'task1','name':'Task','input':{'subagent_type':'Explore','description':'find tests',"
                + "'prompt':'List the test files'}}";
        Path file = lines(dir.resolve("s.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", task, 20),
                "{'type':'user','uuid':'sc1','parentUuid':null,'isSidechain':true,'sessionId':'s1','timestamp':'2025-01-01T10:00:02Z',"
                        + "'message':{'role':'user','content':'List the test files'}}",
                "{'type':'assistant','uuid':'sc2','parentUuid':'sc1','isSidechain':true,'sessionId':'s1','timestamp':'2025-01-01T10:00:03Z',"
                        + "'message':{'id':'msg_sc','role':'assistant','model':'claude-haiku-4','content':[{'type':'text','text':'Found 3.'}],"
                        + "'usage':{'input_tokens':5,'output_tokens':7}}}",
                result("r1", "a1", "task1", "Found 3.", false, ",'toolUseResult':{'totalDurationMs':2000,'totalTokens':12}")));
        TraceFacts facts = new TraceFacts(new ClaudeCodeImporter().read(file));
        assertThat(facts.actors()).contains("agent:claude-code", "agent:Explore-1");
        Event subModel = facts.of(EventType.MODEL_CALL).stream().filter(e -> e.actor().equals("agent:Explore-1")).findFirst().orElseThrow();
        assertThat(subModel.text("model")).isEqualTo("claude-haiku-4");
        Event prompt = facts.of(EventType.AGENT_MESSAGE).stream().filter(e -> "agent:Explore-1".equals(e.text("to"))).findFirst().orElseThrow();
        assertThat(prompt.actor()).isEqualTo("agent:claude-code");
        assertThat(prompt.causes()).containsExactly(facts.of(EventType.TOOL_CALL).getFirst().id());
        assertThat(facts.models()).containsExactlyInAnyOrder("claude-opus-4-1", "claude-haiku-4");
    }

    /** A subagent's message as newer Claude Code versions stream it into the parent transcript. */
    static String progress(String uuid, String time, String inner) {
        return "{'type':'progress','uuid':'" + uuid + "','parentUuid':'a1','sessionId':'s1','isSidechain':false,'timestamp':'" + time
                + "','parentToolUseID':'task1','toolUseID':'agent_msg_" + uuid + "','data':{'type':'agent_progress','agentId':'ab12cd',"
                + "'prompt':'Review the diff','message':" + inner + "}}";
    }

    static final String STREAMED_TASK = "{'type':'tool_use','id':'task1','name':'Task','input':{'subagent_type':'reviewer',"
            + "'description':'review','prompt':'Review the diff'}}";

    static List<String> streamedSubagent() {
        return List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", STREAMED_TASK, 20),
                progress("p1", "2025-01-01T10:00:02Z", "{'type':'user','uuid':'x1','timestamp':'2025-01-01T10:00:02Z',"
                        + "'message':{'role':'user','content':[{'type':'text','text':'Review the diff'}]}}"),
                progress("p2", "2025-01-01T10:00:05Z", "{'type':'assistant','uuid':'x2','timestamp':'2025-01-01T10:00:05Z',"
                        + "'message':{'id':'msg_x','role':'assistant','model':'claude-sonnet-4-5','content':[{'type':'tool_use','id':'g1',"
                        + "'name':'Grep','input':{'pattern':'TODO'}}],'usage':{'input_tokens':8,'output_tokens':9}}}"),
                // the same message streamed twice is read once
                progress("p2b", "2025-01-01T10:00:05Z", "{'type':'assistant','uuid':'x2','timestamp':'2025-01-01T10:00:05Z',"
                        + "'message':{'id':'msg_x','role':'assistant','model':'claude-sonnet-4-5','content':[{'type':'tool_use','id':'g1',"
                        + "'name':'Grep','input':{'pattern':'TODO'}}],'usage':{'input_tokens':8,'output_tokens':9}}}"),
                progress("p3", "2025-01-01T10:00:06Z", "{'type':'user','uuid':'x3','timestamp':'2025-01-01T10:00:06Z',"
                        + "'message':{'role':'user','content':[{'type':'tool_result','tool_use_id':'g1','content':'none'}]}}"),
                result("r1", "a1", "task1", "Looks good.", false, ",'toolUseResult':{'agentId':'ab12cd','totalDurationMs':4000}"));
    }

    @Test
    void subagentMessagesStreamedAsAgentProgressAreTheSubagentsLaneWithItsCallsAndUsage() throws Exception {
        Path session = lines(dir.resolve("s1.jsonl"), streamedSubagent());

        ImportedTrace trace = new ClaudeCodeImporter().read(session);

        TraceFacts facts = new TraceFacts(trace);
        assertThat(facts.actors()).contains("agent:reviewer-ab12cd");
        List<Event> models = facts.of(EventType.MODEL_CALL);
        assertThat(models).extracting(Event::actor).containsExactly("agent:claude-code", "agent:reviewer-ab12cd");
        assertThat(facts.usage("outputTokens")).isEqualTo(29); // 20 + 9: the subagent's tokens are counted, once
        Event grep = facts.of(EventType.TOOL_CALL).stream().filter(e -> e.text("tool").equals("Grep")).findFirst().orElseThrow();
        assertThat(grep.actor()).isEqualTo("agent:reviewer-ab12cd");
        assertThat(grep.causes()).containsExactly(models.get(1).id());
        assertThat(facts.pairedResults()).isEqualTo(2);
        // the subagent's prompt comes from the Task call that started it
        Event task = facts.of(EventType.TOOL_CALL).stream().filter(e -> e.text("tool").equals("Task")).findFirst().orElseThrow();
        assertThat(facts.of(EventType.AGENT_MESSAGE)).anySatisfy(message -> {
            assertThat(message.actor()).isEqualTo("agent:claude-code");
            assertThat(message.text("to")).isEqualTo("agent:reviewer-ab12cd");
            assertThat(message.causes()).containsExactly(task.id());
        });
        assertThat(facts.findings("subagent-progress")).singleElement().satisfies(f -> assertThat(f.message()).startsWith("3 subagent message(s)"));
        assertThat(facts.events()).noneMatch(e -> e.is(EventType.NOTE) && e.text("text").startsWith("agent_progress"));
    }

    @Test
    void agentProgressCopiesOfASubagentFileAreFoldedNotReadTwice() throws Exception {
        Path session = lines(dir.resolve("s1.jsonl"), streamedSubagent());
        lines(dir.resolve("s1").resolve("subagents").resolve("agent-ab12cd.jsonl"), List.of(
                "{'type':'user','uuid':'x1','parentUuid':null,'isSidechain':true,'agentId':'ab12cd','sessionId':'s1',"
                        + "'timestamp':'2025-01-01T10:00:02Z','message':{'role':'user','content':'Review the diff'}}",
                "{'type':'assistant','uuid':'x2','parentUuid':'x1','isSidechain':true,'agentId':'ab12cd','sessionId':'s1',"
                        + "'timestamp':'2025-01-01T10:00:05Z','message':{'id':'msg_x','role':'assistant','model':'claude-sonnet-4-5',"
                        + "'content':[{'type':'tool_use','id':'g1','name':'Grep','input':{'pattern':'TODO'}}],'usage':{'input_tokens':8,'output_tokens':9}}}",
                "{'type':'user','uuid':'x3','parentUuid':'x2','isSidechain':true,'agentId':'ab12cd','sessionId':'s1',"
                        + "'timestamp':'2025-01-01T10:00:06Z','message':{'role':'user','content':[{'type':'tool_result','tool_use_id':'g1','content':'none'}]}}"));

        TraceFacts facts = new TraceFacts(new ClaudeCodeImporter().read(session));

        assertThat(facts.of(EventType.MODEL_CALL)).hasSize(2);
        assertThat(facts.usage("outputTokens")).isEqualTo(29);
        assertThat(facts.findings("records-folded")).anySatisfy(f -> assertThat(f.message()).startsWith("4 agent_progress record(s)"));
        assertThat(facts.findings("subagent-progress")).isEmpty();
    }

    @Test
    void subagentFilesBesideTheSessionAreReadAsTheirOwnLanes() throws Exception {
        String task = "{'type':'tool_use','id':'task1','name':'Task','input':{'subagent_type':'reviewer','description':'review',"
                + "'prompt':'Review the diff'}}";
        Path session = lines(dir.resolve("s1.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", task, 20),
                result("r1", "a1", "task1", "Looks good.", false, ",'toolUseResult':{'agentId':'ab12cd','totalDurationMs':4000}")));
        lines(dir.resolve("s1").resolve("subagents").resolve("agent-ab12cd.jsonl"), List.of(
                "{'type':'user','uuid':'x1','parentUuid':null,'isSidechain':true,'agentId':'ab12cd','sessionId':'s1',"
                        + "'timestamp':'2025-01-01T10:00:02Z','message':{'role':'user','content':'Review the diff'}}",
                "{'type':'assistant','uuid':'x2','parentUuid':'x1','isSidechain':true,'agentId':'ab12cd','sessionId':'s1',"
                        + "'timestamp':'2025-01-01T10:00:05Z','message':{'id':'msg_x','role':'assistant','model':'claude-sonnet-4-5',"
                        + "'content':[{'type':'tool_use','id':'g1','name':'Grep','input':{'pattern':'TODO'}}],'usage':{'input_tokens':8,'output_tokens':9}}}",
                "{'type':'user','uuid':'x3','parentUuid':'x2','isSidechain':true,'agentId':'ab12cd','sessionId':'s1',"
                        + "'timestamp':'2025-01-01T10:00:06Z','message':{'role':'user','content':[{'type':'tool_result','tool_use_id':'g1','content':'none'}]}}"));
        ImportedTrace trace = new ClaudeCodeImporter().read(session);
        TraceFacts facts = new TraceFacts(trace);
        assertThat(facts.actors()).contains("agent:reviewer-ab12cd");
        assertThat(facts.pairedResults()).isEqualTo(2);
        assertThat(facts.usage("outputTokens")).isEqualTo(29);
        // Records are merged by time: the subagent's events fall between the Task call and its result.
        List<String> order = facts.events().stream().map(e -> e.type() + "@" + e.actor()).toList();
        assertThat(order.indexOf("tool.call@agent:reviewer-ab12cd")).isBetween(order.indexOf("tool.call@agent:claude-code"),
                order.lastIndexOf("tool.result@agent:claude-code"));
        assertThat(facts.findings("subagent-file")).hasSize(1);

        // An agent file of another session beside it (the older layout) is not mixed in.
        lines(dir.resolve("agent-zz99.jsonl"), List.of("{'type':'user','uuid':'o1','parentUuid':null,'isSidechain':true,'sessionId':'other',"
                + "'timestamp':'2025-01-01T09:00:00Z','message':{'role':'user','content':'unrelated'}}"));
        // Given the folder instead, the same session is found.
        assertThat(new ClaudeCodeImporter().accepts(dir, new byte[0])).isTrue();
        TraceFacts fromFolder = new TraceFacts(new ClaudeCodeImporter().read(dir));
        assertThat(fromFolder.actors()).contains("agent:reviewer-ab12cd").doesNotContain("agent:subagent-zz99");
        assertThat(fromFolder.findings("subagent-file-skipped")).hasSize(1);
    }

    @Test
    void malformedLinesBecomeFindingsAndTheRestIsRead() throws Exception {
        Path file = lines(dir.resolve("s.jsonl"), List.of(USER));
        appendLine(file, "{'type':'assistant','uuid':'broken','message':{'id':'m");
        appendLine(file, "{'type':'user','uuid':'two1'} {'type':'user','uuid':'two2'}");
        appendRawLine(file, new byte[] {'{', '"', 't', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'});
        byte[] huge = new byte[10 * 1024 * 1024];
        Arrays.fill(huge, (byte) 'x');
        appendRawLine(file, huge);
        appendLine(file, assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", "{'type':'text','text':'still here'}", 4));
        ImportedTrace trace = new ClaudeCodeImporter().read(file);
        List<Finding> malformed = new TraceFacts(trace).findings("malformed-line");
        assertThat(malformed).extracting(Finding::line).containsExactly(2L, 3L, 4L, 5L);
        assertThat(malformed.get(2).message()).contains("invalid UTF-8");
        assertThat(malformed.get(3).message()).contains("longer than");
        assertThat(new TraceFacts(trace).count(EventType.MODEL_CALL)).isEqualTo(1);
    }

    @Test
    void aByteOrderMarkAndWindowsLineEndsAreNotDamage() throws Exception {
        String text = "\uFEFF" + TestFiles.json(USER) + "\r\n"
                + TestFiles.json(assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", "{'type':'text','text':'ok'}", 4)) + "\r\n";
        Path file = dir.resolve("s.jsonl");
        java.nio.file.Files.writeString(file, text);
        assertThat(new ClaudeCodeImporter().accepts(file, TestFiles.head(file))).isTrue();
        TraceFacts facts = new TraceFacts(new ClaudeCodeImporter().read(file));
        assertThat(facts.findings("malformed-line")).isEmpty();
        assertThat(facts.count(EventType.AGENT_MESSAGE)).isEqualTo(1);
        assertThat(facts.count(EventType.MODEL_CALL)).isEqualTo(1);
    }

    @Test
    void unknownRecordTypesAreKeptWithTheirRawRecord() throws Exception {
        Path file = lines(dir.resolve("s.jsonl"), List.of(USER,
                "{'type':'queue-operation','operation':'enqueue','sessionId':'s1','timestamp':'2025-01-01T10:00:01Z','content':'next'}",
                "{'type':'custom-title','customTitle':'Bug hunt','sessionId':'s1'}",
                "{'type':'queue-operation','operation':'dequeue','sessionId':'s1'}"));
        ImportedTrace trace = new ClaudeCodeImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);
        List<Event> unknown = facts.of(EventType.UNKNOWN);
        assertThat(unknown).extracting(Event::type).containsExactly("claude-code.queue-operation", "claude-code.custom-title",
                "claude-code.queue-operation");
        assertThat(unknown.get(1).data().path("raw").path("customTitle").asText()).isEqualTo("Bug hunt");
        assertThat(facts.findings("unknown-record")).hasSize(2);
        // custom-title never carries a time: it gets the previous one without a word; a queue-operation without one is reported
        assertThat(unknown.get(1).ts()).isEqualTo(unknown.get(0).ts());
        assertThat(unknown.get(2).ts()).isEqualTo(unknown.get(0).ts());
        assertThat(facts.findings("timestamp-synthesised")).singleElement().extracting(Finding::line).isEqualTo(4L);
    }

    @Test
    void aRejectedPermissionPromptIsAnApprovalRequestAndDenial() throws Exception {
        Path file = lines(dir.resolve("s.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z",
                        "{'type':'tool_use','id':'b1','name':'Bash','input':{'command':'git push origin main'}}", 5),
                result("r1", "a1", "b1", "The user doesn\\u0027t want to proceed with this tool use. The tool use was rejected. To tell you how to"
                        + " proceed, the user said:\\nnot yet, run the tests first", true, ",'toolUseResult':'Error: rejected'")));
        TraceFacts facts = new TraceFacts(new ClaudeCodeImporter().read(file));
        Event call = facts.of(EventType.TOOL_CALL).getFirst();
        assertThat(call.text("effect")).isEqualTo("external");
        assertThat(call.data().path("exec").path("argv").get(2).asText()).isEqualTo("git push origin main");
        Event request = facts.of(EventType.APPROVAL_REQUEST).getFirst();
        assertThat(request.text("subject")).isEqualTo(call.id());
        Event decision = facts.of(EventType.APPROVAL_DECISION).getFirst();
        assertThat(decision.text("verdict")).isEqualTo("deny");
        assertThat(decision.actor()).isEqualTo("human:user");
        assertThat(decision.text("rationale")).isEqualTo("not yet, run the tests first");
        assertThat(facts.errorResults()).isEqualTo(1);
    }

    @Test
    void writeCreatesAFileWhoseContentIsABlob() throws Exception {
        Path file = lines(dir.resolve("s.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z",
                        "{'type':'tool_use','id':'w1','name':'Write','input':{'file_path':'/repo/src/new.txt','content':'line one\\n'}}", 5),
                result("r1", "a1", "w1", "File created", false,
                        ",'toolUseResult':{'type':'create','filePath':'/repo/src/new.txt','content':'line one\\n','structuredPatch':[]}")));
        ImportedTrace trace = new ClaudeCodeImporter().read(file);
        Event mutation = new TraceFacts(trace).of(EventType.STATE_MUTATION).getFirst();
        assertThat(mutation.text("path")).isEqualTo("src/new.txt");
        assertThat(mutation.text("op")).isEqualTo("create");
        assertThat(mutation.data().get("before").isNull()).isTrue();
        assertThat(mutation.text("after")).isEqualTo(Hashes.sha256("line one\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(trace.bundle().blobs().contains(mutation.text("after"))).isTrue();
    }

    @Test
    void anEditWithoutTheOriginalFileRecordsWhatIsUnknown() throws Exception {
        Path file = lines(dir.resolve("s.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z",
                        "{'type':'tool_use','id':'e1','name':'Edit','input':{'file_path':'/repo/a.txt','old_string':'a','new_string':'b'}}", 5),
                result("r1", "a1", "e1", "ok", false, "")));
        Event mutation = new TraceFacts(new ClaudeCodeImporter().read(file)).of(EventType.STATE_MUTATION).getFirst();
        assertThat(mutation.data().path("beforeKnown").asBoolean(true)).isFalse();
        assertThat(mutation.data().path("afterKnown").asBoolean(true)).isFalse();
        assertThat(mutation.data().path("edits").get(0).path("newString").asText()).isEqualTo("b");
        assertThat(mutation.data().path("replaceAll").isBoolean()).isTrue();
        assertThat(mutation.data().path("replaceAll").asBoolean()).isFalse();
    }

    @Test
    void editsArePathsInTheSessionsRootWhereverTheyRanAndOthersAreKeptAndReported() throws Exception {
        // the first call is made after the session moved into /repo/sub: its path is still relative to the root /repo
        Path file = lines(dir.resolve("s.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z",
                        "{'type':'tool_use','id':'w1','name':'Write','input':{'file_path':'x.txt','content':'x'}}", 5)
                        .replace("'sessionId'", "'cwd':'/repo/sub','sessionId'"),
                result("r1", "a1", "w1", "ok", false, ""),
                assistant("a2", "r1", "msg_2", "2025-01-01T10:00:10Z",
                        "{'type':'tool_use','id':'w2','name':'Write','input':{'file_path':'/home/me/.bashrc','content':'y'}}", 5),
                result("r2", "a2", "w2", "ok", false, "")));
        ImportedTrace trace = new ClaudeCodeImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);
        assertThat(facts.of(EventType.STATE_MUTATION)).extracting(e -> e.text("path")).containsExactly("sub/x.txt", "/home/me/.bashrc");
        assertThat(facts.findings("path-outside-workspace")).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith("1 edited path(s) lie outside the workspace root /repo (/home/me/.bashrc)"));
        // each mutation is caused by its call
        assertThat(facts.of(EventType.STATE_MUTATION)).extracting(e -> e.causes().getFirst())
                .containsExactly(facts.of(EventType.TOOL_CALL).get(0).id(), facts.of(EventType.TOOL_CALL).get(1).id());
        StartCheckpoints.of(trace, "claude-code", "/repo");
    }

    @Test
    void aSessionWithoutToolCallsHasNoCheckpoint() throws Exception {
        Path file = lines(dir.resolve("s.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", "{'type':'text','text':'Hello.'}", 5)));
        TraceFacts facts = new TraceFacts(new ClaudeCodeImporter().read(file));
        assertThat(facts.count(EventType.CHECKPOINT)).isZero();
        assertThat(facts.findings("no-checkpoint")).hasSize(1);
        assertThat(facts.findings("starting-tree-needed")).isEmpty();
    }

    @Test
    void summariesSystemRecordsAndApiErrors() throws Exception {
        Path file = lines(dir.resolve("s.jsonl"), List.of(
                "{'type':'summary','summary':'Fix flaky login test','leafUuid':'a1'}", USER,
                "{'type':'system','subtype':'compact_boundary','content':'Conversation compacted','uuid':'sy1','sessionId':'s1','timestamp':'2025-01-01T10:00:01Z'}",
                "{'type':'system','subtype':'api_error','level':'error','content':'Overloaded','uuid':'sy2','sessionId':'s1','timestamp':'2025-01-01T10:00:02Z'}",
                "{'type':'assistant','uuid':'e1','sessionId':'s1','timestamp':'2025-01-01T10:00:03Z','isApiErrorMessage':true,"
                        + "'message':{'id':'x','role':'assistant','model':'<synthetic>','content':[{'type':'text','text':'API Error: 529'}]}}"));
        ImportedTrace trace = new ClaudeCodeImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);
        assertThat(trace.bundle().manifest().title()).isEqualTo("Fix flaky login test");
        assertThat(facts.of(EventType.ERROR)).extracting(e -> e.text("message")).containsExactly("Overloaded", "API Error: 529");
        assertThat(facts.of(EventType.NOTE)).extracting(e -> e.text("text"))
                .containsExactly("summary: Fix flaky login test", "compact_boundary: Conversation compacted");
        assertThat(facts.count(EventType.MODEL_CALL)).isZero();
    }

    @Test
    void otherFormatsAreRejectedByContent() throws Exception {
        Path codex = lines(dir.resolve("session.jsonl"), List.of(
                "{'timestamp':'2025-01-01T10:00:00Z','type':'session_meta','payload':{'id':'x','cwd':'/w'}}"));
        assertThat(new ClaudeCodeImporter().accepts(codex, TestFiles.head(codex))).isFalse();
        assertThatThrownBy(() -> new ClaudeCodeImporter().read(codex)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("not a Claude Code transcript");
        Path text = dir.resolve("notes.jsonl");
        java.nio.file.Files.writeString(text, "hello\nworld\n");
        assertThatThrownBy(() -> new ClaudeCodeImporter().read(text)).isInstanceOf(TraceFormatException.class);
    }
}
