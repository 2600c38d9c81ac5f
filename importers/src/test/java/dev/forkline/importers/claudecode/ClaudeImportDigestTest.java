package dev.forkline.importers.claudecode;

import static dev.forkline.importers.claudecode.ClaudeCodeImporterEdgeCaseTest.USER;
import static dev.forkline.importers.claudecode.ClaudeCodeImporterEdgeCaseTest.assistant;
import static dev.forkline.importers.claudecode.ClaudeCodeImporterEdgeCaseTest.result;
import static dev.forkline.importers.claudecode.ClaudeCodeImporterEdgeCaseTest.streamedSubagent;
import static dev.forkline.importers.support.TestFiles.appendLine;
import static dev.forkline.importers.support.TestFiles.appendRawLine;
import static dev.forkline.importers.support.TestFiles.lines;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.support.ImportDigest;
import dev.forkline.importers.support.Samples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins what the Claude Code importer makes of the real transcripts and of transcripts taking each path of its two
 * passes (a response over several lines, sidechains, streamed subagents with and without their own file, damaged lines,
 * a byte order mark, unknown records, rejections, edits, the harness's own records): the digest of the events, their
 * lines and the findings ({@link ImportDigest}) as main gave them before the passes read with a token parser (55a3a03); the interleaved response as main gave it before its model.call waited for its last line.
 */
class ClaudeImportDigestTest {

    @TempDir
    Path dir;

    @Test
    void theViewerSample() throws Exception {
        assertDigest(Samples.require("claude-code/claude-code-viewer_5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"),
                "796822e67acfc9b55f08bf694b4f92eb55dd031c433e0cc44c0335a6052ba68f");
    }

    @Test
    void theEntireSample() throws Exception {
        assertDigest(Samples.require("claude-code/entireio-cli_checkpoint_1a8a83a35a9b_full.jsonl"),
                "fdb91509f357cc65e7e87e61eadee1a9fbbe96faa7f8a17b4d9562c8d2605718");
    }

    @Test
    void theFirstReplaySession() throws Exception {
        assertDigest(Samples.requireReplay("claude-code/1a8a83a35a9b/0/full.jsonl"),
                "123d935d04da9218ed572fab9f784381e49126e42d974a554344b85e0a69eb7f");
    }

    @Test
    void theSecondReplaySession() throws Exception {
        assertDigest(Samples.requireReplay("claude-code/a47cfcb669b1/0/full.jsonl"),
                "5c02b17e539e38e55ac6e954c942bf8a3153b8c53002df30207b921ffb7baa45");
    }

    @Test
    void transcriptsTakingEachPath() throws Exception {
        List<String> digests = new ArrayList<>();
        for (Path file : fixtures()) {
            digests.add(file.getFileName() + " " + ImportDigest.of(new ClaudeCodeImporter().read(file), dir.toString(), "DIR"));
        }
        assertThat(digests).isEqualTo(List.of(
                "split.jsonl 4894155ee8150f1bb44c4eff0fe91cabed5409065e32ae8685c282a3f357ce7f",
                "sidechain.jsonl c99188d99e9547d853eecf4c97f6d4f6868aa6e64b7e37f02a41cc21eb42a188",
                "streamed.jsonl da984bfcffaf9aac9e088013b29a016120c32c62b46530357bbd8d16b931b386",
                "s1.jsonl bcfa48cabf3d767db9dab31332045b3eaa18fb2937f4d4d393c4abd033b34cbf",
                "damaged.jsonl a976a2fd0017ad7091876f4ef1cc03a9906fae44f31143f4c42e3d4144922427",
                "bom.jsonl a51294fee5a7192c48643c2a6551ad35b09c42c7cca423270f6c711df50d98c3",
                "unknown.jsonl ac0e079ff17e69dca148718b9405300b3356318c580137a1327b26e8f9f7b3ee",
                "rejected.jsonl ebc5e2f15ff64d3bd9813a3dfd9ffc4017f933d73209854b02de3a42f669a26a",
                "edits.jsonl 64e72e48f62c4f4c00ea54c72cd9d2b2ccb308e6770b28ddcd0f5a9f9c4c07cf",
                "harness.jsonl e6736d60e680295eda9adfb242b40ac99ce9e631bc04c45f41dda7c2adf27b6a",
                "interleaved.jsonl fd7d169132101b7144322e0f9c61147229c46a78d3380bb410291e24282dce21"));
    }

    private List<Path> fixtures() throws Exception {
        List<Path> files = new ArrayList<>();
        files.add(lines(dir.resolve("split.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", "{'type':'thinking','thinking':'hmm'}", 3),
                assistant("a2", "a1", "msg_1", "2025-01-01T10:00:02Z", "{'type':'text','text':'Let me look.'}", 50),
                assistant("a3", "a2", "msg_1", "2025-01-01T10:00:03Z",
                        "{'type':'tool_use','id':'t1','name':'Read','input':{'file_path':'/repo/a.txt'}}", 120),
                result("r1", "a3", "t1", "hello", false, ""),
                "{'type':'progress','uuid':'pg1','sessionId':'s1','timestamp':'2025-01-01T10:00:09Z','parentToolUseID':'t1',"
                        + "'data':{'type':'hook_progress','hookName':'PostToolUse','command':'echo hi','status':'done'}}",
                "{'type':'file-history-snapshot','messageId':'m1','isSnapshotUpdate':true,'snapshot':{'messageId':'m1',"
                        + "'trackedFileBackups':{'a.txt':{'backupFileName':'x@v1','version':1}},'timestamp':'2025-01-01T10:00:10Z'}}",
                "{'type':'user','uuid':'u2','sessionId':'s1','isMeta':true,'timestamp':'2025-01-01T10:00:11Z',"
                        + "'message':{'role':'user','content':'<command-name>/clear</command-name>'}}",
                "{'type':'user','uuid':'u3','sessionId':'s1','timestamp':'2025-01-01T10:00:12Z','message':{'role':'user','content':[]}}",
                "{'type':'assistant','uuid':'a4','sessionId':'s1','timestamp':'2025-01-01T10:00:13Z','costUSD':0.25,'requestId':'req_9',"
                        + "'message':{'role':'assistant','model':'claude-opus-4-1','stop_reason':'end_turn','content':"
                        + "[{'type':'redacted_thinking','data':'x'},{'type':'image','source':{}},{'type':'text','text':'Done \\u00e9\\ud83d\\ude00.'}],"
                        + "'usage':{'input_tokens':3,'output_tokens':4,'cache_creation_input_tokens':5}}}",
                "{'type':'assistant','uuid':'a5','sessionId':'s1','timestamp':'2025-01-01T10:00:14Z',"
                        + "'message':{'role':'assistant','model':'claude-opus-4-1','content':'plain text answer'}}",
                "{'type':'assistant','uuid':'a6','sessionId':'s1','timestamp':'2025-01-01T10:00:15Z'}")));
        String task = "{'type':'tool_use','id':'task1','name':'Task','input':{'subagent_type':'Explore','description':'find tests',"
                + "'prompt':'List the test files'}}";
        files.add(lines(dir.resolve("sidechain.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", task, 20),
                "{'type':'user','uuid':'sc1','parentUuid':null,'isSidechain':true,'sessionId':'s1','timestamp':'2025-01-01T10:00:02Z',"
                        + "'message':{'role':'user','content':'List the test files'}}",
                "{'type':'assistant','uuid':'sc2','parentUuid':'sc1','isSidechain':true,'sessionId':'s1','timestamp':'2025-01-01T10:00:03Z',"
                        + "'message':{'id':'msg_sc','role':'assistant','model':'claude-haiku-4','content':[{'type':'text','text':'Found 3.'}],"
                        + "'usage':{'input_tokens':5,'output_tokens':7}}}",
                result("r1", "a1", "task1", "Found 3.", false, ",'toolUseResult':{'totalDurationMs':2000,'totalTokens':12}"))));
        files.add(lines(dir.resolve("streamed.jsonl"), streamedSubagent()));
        Path withFile = lines(Files.createDirectories(dir.resolve("withfile")).resolve("s1.jsonl"), streamedSubagent());
        lines(dir.resolve("withfile").resolve("s1").resolve("subagents").resolve("agent-ab12cd.jsonl"), List.of(
                "{'type':'user','uuid':'x1','parentUuid':null,'isSidechain':true,'agentId':'ab12cd','sessionId':'s1',"
                        + "'timestamp':'2025-01-01T10:00:02Z','message':{'role':'user','content':'Review the diff'}}",
                "{'type':'assistant','uuid':'x2','parentUuid':'x1','isSidechain':true,'agentId':'ab12cd','sessionId':'s1',"
                        + "'timestamp':'2025-01-01T10:00:05Z','message':{'id':'msg_x','role':'assistant','model':'claude-sonnet-4-5',"
                        + "'content':[{'type':'tool_use','id':'g1','name':'Grep','input':{'pattern':'TODO'}}],'usage':{'input_tokens':8,'output_tokens':9}}}",
                "{'type':'user','uuid':'x3','parentUuid':'x2','isSidechain':true,'agentId':'ab12cd','sessionId':'s1',"
                        + "'timestamp':'2025-01-01T10:00:06Z','message':{'role':'user','content':[{'type':'tool_result','tool_use_id':'g1','content':'none'}]}}"));
        files.add(withFile);
        Path damaged = lines(dir.resolve("damaged.jsonl"), List.of(USER));
        appendLine(damaged, "{'type':'assistant','uuid':'broken','message':{'id':'m");
        appendLine(damaged, "{'type':'user','uuid':'two1'} {'type':'user','uuid':'two2'}");
        appendLine(damaged, "['not','an','object']");
        appendRawLine(damaged, new byte[] {'{', '"', 't', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'});
        byte[] huge = new byte[9 * 1024 * 1024];
        java.util.Arrays.fill(huge, (byte) 'x');
        appendRawLine(damaged, huge);
        appendLine(damaged, assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z", "{'type':'text','text':'still here'}", 4));
        files.add(damaged);
        Path bom = dir.resolve("bom.jsonl");
        Files.writeString(bom, "\uFEFF" + dev.forkline.importers.support.TestFiles.json(USER) + "\r\n\r\n"
                + dev.forkline.importers.support.TestFiles.json(assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z",
                "{'type':'text','text':'ok'}", 4)) + "\r\n", StandardCharsets.UTF_8);
        files.add(bom);
        files.add(lines(dir.resolve("unknown.jsonl"), List.of(USER,
                "{'type':'queue-operation','operation':'enqueue','sessionId':'s1','timestamp':'2025-01-01T10:00:01Z','content':'next'}",
                "{'type':'custom-title','customTitle':'Bug hunt','sessionId':'s1'}",
                "{'type':'queue-operation','operation':'dequeue','sessionId':'s1'}",
                "{'uuid':'nt','sessionId':'s1','timestamp':'2025-01-01T10:00:02Z'}")));
        files.add(lines(dir.resolve("rejected.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z",
                        "{'type':'tool_use','id':'b1','name':'Bash','input':{'command':'git push origin main','timeout':5000}}", 5),
                result("r1", "a1", "b1", "The user doesn\\u0027t want to proceed with this tool use. The tool use was rejected. To tell you how to"
                        + " proceed, the user said:\\nnot yet, run the tests first", true, ",'toolUseResult':'Error: rejected'"),
                assistant("a2", "r1", "msg_2", "2025-01-01T10:00:02Z",
                        "{'type':'tool_use','id':'b2','name':'Bash','input':{'command':'make test'}}", 5),
                result("r2", "a2", "b2", "ok", false, ",'toolUseResult':{'stdout':'all passed','stderr':'warn','interrupted':false,'durationMs':12}"),
                assistant("a3", "r2", "msg_3", "2025-01-01T10:00:03Z",
                        "{'type':'tool_use','id':'b3','name':'Bash','input':{'command':'false'}}", 5),
                result("r3", "a3", "b3", "Exit code 1\\nboom", true, ",'toolUseResult':'Error: Exit code 1\\nboom and more'"),
                result("r4", "a3", "nope", "orphan", false, ""))));
        files.add(lines(dir.resolve("edits.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z",
                        "{'type':'tool_use','id':'w1','name':'Write','input':{'file_path':'x.txt','content':'x'}}", 5)
                        .replace("'sessionId'", "'cwd':'/repo/sub','sessionId'"),
                result("r1", "a1", "w1", "ok", false, ",'toolUseResult':{'type':'create','filePath':'/repo/sub/x.txt','content':'x','structuredPatch':[]}"),
                assistant("a2", "r1", "msg_2", "2025-01-01T10:00:10Z",
                        "{'type':'tool_use','id':'w2','name':'Write','input':{'file_path':'/home/me/.bashrc','content':'y'}}", 5),
                result("r2", "a2", "w2", "ok", false, ""),
                assistant("a3", "r2", "msg_3", "2025-01-01T10:00:11Z",
                        "{'type':'tool_use','id':'e1','name':'Edit','input':{'file_path':'/repo/a.txt','old_string':'a','new_string':'b'}}", 5),
                result("r3", "a3", "e1", "ok", false, ""),
                assistant("a4", "r3", "msg_4", "2025-01-01T10:00:12Z",
                        "{'type':'tool_use','id':'t9','name':'TodoWrite','input':{'todos':[{'content':'x','status':'pending'}]}}", 5))));
        files.add(lines(dir.resolve("harness.jsonl"), List.of(
                "{'type':'summary','summary':'Fix flaky login test','leafUuid':'a1'}", USER,
                "{'type':'system','subtype':'compact_boundary','content':'Conversation compacted','uuid':'sy1','sessionId':'s1',"
                        + "'timestamp':'2025-01-01T10:00:01Z','durationMs':12,'hookErrors':['e']}",
                "{'type':'system','subtype':'api_error','level':'error','content':'Overloaded','uuid':'sy2','sessionId':'s1','timestamp':'2025-01-01T10:00:02Z'}",
                "{'type':'assistant','uuid':'e1','sessionId':'s1','timestamp':'2025-01-01T10:00:03Z','isApiErrorMessage':true,"
                        + "'message':{'id':'x','role':'assistant','model':'<synthetic>','content':[{'type':'text','text':'API Error: 529'}]}}",
                "{'type':'user','uuid':'late','sessionId':'s1','timestamp':'2025-01-01T09:00:00.123456+01:00','message':{'role':'user','content':'earlier'}}")));
        // one response's lines with a result, another response, a sidechain and an API error between them
        files.add(lines(dir.resolve("interleaved.jsonl"), List.of(USER,
                assistant("a1", "u1", "msg_1", "2025-01-01T10:00:01Z",
                        "{'type':'tool_use','id':'t1','name':'Read','input':{'file_path':'/repo/a.txt'}}", 10),
                result("r1", "a1", "t1", "hello", false, ""),
                assistant("b1", "r1", "msg_2", "2025-01-01T10:00:02Z", "{'type':'text','text':'a second response'}", 7),
                "{'type':'assistant','uuid':'e1','sessionId':'s1','timestamp':'2025-01-01T10:00:03Z','isApiErrorMessage':true,"
                        + "'message':{'id':'msg_1','role':'assistant','model':'<synthetic>','content':[{'type':'text','text':'API Error: 529'}]}}",
                "{'type':'assistant','uuid':'sc2','isSidechain':true,'sessionId':'s1','timestamp':'2025-01-01T10:00:04Z',"
                        + "'message':{'id':'msg_sc','role':'assistant','model':'claude-haiku-4','content':[{'type':'text','text':'aside'}]}}",
                assistant("a2", "b1", "msg_1", "2025-01-01T10:00:05Z", "{'type':'text','text':'Now the tests.'}", 30),
                assistant("a3", "a2", "msg_1", "2025-01-01T10:00:06Z",
                        "{'type':'tool_use','id':'t2','name':'Bash','input':{'command':'make test'}}", 60),
                result("r2", "a3", "t2", "ok", false, ""),
                assistant("b2", "r1", "msg_2", "2025-01-01T10:00:07Z", "{'type':'text','text':'the second, once more'}", 9),
                assistant("c1", "r2", "msg_3", "2025-01-01T10:00:08Z", "{'type':'text','text':'done'}", 2))));
        return files;
    }

    private static void assertDigest(Path file, String expected) throws Exception {
        assertThat(ImportDigest.of(new ClaudeCodeImporter().read(file), file.toString(), file.getFileName().toString()))
                .as(file.getFileName().toString()).isEqualTo(expected);
    }
}
