package dev.forkline.importers.codex;

import static dev.forkline.importers.support.TestFiles.appendLine;
import static dev.forkline.importers.support.TestFiles.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.Samples;
import dev.forkline.importers.support.WatchedRead;
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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CodexRolloutImporterTest {

    private static final String SAMPLE = "codex-rollout/localpush_rollout-2026-02-23T12-40-23-019c8a4c-ed82-79a1-aa28-7738fc5ab61a.jsonl";

    @TempDir
    Path dir;

    @Test
    void tellsHowFarItReadAndImportsThatPartAsTheWholeTraceHoldsIt() throws Exception {
        Path file = Samples.require(SAMPLE);
        ImportedTrace whole = new CodexRolloutImporter().read(file);
        WatchedRead read = WatchedRead.of(new CodexRolloutImporter(), file);
        ImportedTrace watched = read.trace();
        var reports = read.reports();
        var parts = read.parts();

        assertThat(watched.bundle().events()).extracting(Event::hash).isEqualTo(whole.bundle().events().stream().map(Event::hash).toList());
        // the header pass stops at the first tool call, within the line reader's first 64 KiB block; the pass that makes
        // the events reads on, its parse threads a few blocks ahead, and tells how far only beyond what was told
        assertThat(reports.getFirst()).isEqualTo(65_536L);
        assertThat(reports).hasSizeGreaterThan(1).isSorted().doesNotHaveDuplicates();
        assertThat(reports.getLast()).isEqualTo(java.nio.file.Files.size(file));
        List<Event> all = whole.bundle().events();
        for (int p = 0; p < parts.size() - 1; p++) {
            List<Event> part = parts.get(p).read(() -> false).bundle().events();
            assertThat(part.size()).as("part %d", p).isGreaterThan(3).isLessThan(all.size());
            assertThat(part.getFirst().type()).isEqualTo(EventType.SESSION_START.wireName());
            assertThat(part.getLast().type()).isEqualTo(EventType.SESSION_END.wireName());
            // between the session's start and the part's close (and the calls it leaves unanswered), the whole trace's events
            int same = 0;
            while (same + 1 < part.size() && part.get(same + 1).id().equals(all.get(same + 1).id())
                    && part.get(same + 1).data().equals(all.get(same + 1).data())) {
                same++;
            }
            assertThat(same).as("events of part %d the whole trace holds the same", p).isGreaterThan(part.size() * 9 / 10);
        }
        assertThat(parts.getLast().read(() -> false).bundle().events()).extracting(Event::id)
                .as("the part read at the end is the whole file").isEqualTo(all.stream().map(Event::id).toList());
        assertThat(WatchedRead.assertStopsWhenTold(parts.getLast())).as("asked while reading and while making events").isGreaterThan(2);
    }

    /**
     * Figures established with python over the sample: 81 changes of the cumulative token_count (each one model call,
     * whose difference equals last_token_usage), final totals input 7,204,025 / cached 6,836,352 / output 36,075 /
     * reasoning 17,896; 104 function/custom tool calls all paired by call_id, plus one web_search_call.
     */
    @Test
    void realRollout() throws Exception {
        Path file = Samples.require(SAMPLE);
        assertThat(new CodexRolloutImporter().accepts(file, TestFiles.head(file))).isTrue();
        ImportedTrace trace = new CodexRolloutImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);
        assertThat(facts.countsByType()).isEqualTo(Map.of("session.start", 1L, "checkpoint", 1L, "session.end", 1L, "model.call", 81L,
                "tool.call", 105L, "tool.result", 105L, "agent.message", 20L, "note", 10L));
        assertThat(facts.pairedResults()).isEqualTo(105);
        assertThat(facts.usage("inputTokens")).isEqualTo(7_204_025);
        assertThat(facts.usage("cacheReadTokens")).isEqualTo(6_836_352);
        assertThat(facts.usage("outputTokens")).isEqualTo(36_075);
        assertThat(facts.usage("reasoningOutputTokens")).isEqualTo(17_896);
        assertThat(facts.models()).containsExactly("gpt-5.3-codex");
        assertThat(facts.actors()).containsExactly("agent:codex", "harness", "human:user");
        Map<String, Long> tools = new java.util.TreeMap<>();
        facts.of(EventType.TOOL_CALL).forEach(call -> tools.merge(call.text("tool"), 1L, Long::sum));
        assertThat(tools).isEqualTo(Map.of("exec_command", 71L, "apply_patch", 22L, "write_stdin", 9L, "update_plan", 2L, "web_search", 1L));
        assertThat(facts.effects()).isEqualTo(Map.of("workspace", 95L, "external", 9L, "read", 1L));
        // one finding per guessed tool, counting its calls
        assertThat(facts.findings("effect-guessed")).singleElement().satisfies(f -> assertThat(f.message()).startsWith("tool 'write_stdin' (9 calls)"));
        // Every tool call is caused by the model call that made it.
        for (Event call : facts.of(EventType.TOOL_CALL)) {
            assertThat(facts.events().stream().filter(e -> e.id().equals(call.causes().getFirst())).findFirst().orElseThrow()
                    .is(EventType.MODEL_CALL)).isTrue();
        }
        var start = facts.first(EventType.SESSION_START);
        assertThat(start.path("environment").path("git").path("commit").asText()).isEqualTo("1cdfa7b17410e00cddbb7a4347336af2c6f80ee0");
        assertThat(start.path("environment").path("git").path("branch").asText()).isEqualTo("main");
        assertThat(start.path("environment").path("harness").path("version").asText()).isEqualTo("0.104.0-alpha.1");
        assertThat(start.path("environment").path("harness").path("originator").asText()).isEqualTo("Codex Desktop");
        assertThat(start.path("environment").path("isolation").path("approvalPolicy").asText()).isEqualTo("on-request");
        assertThat(start.path("model").path("model").asText()).isEqualTo("gpt-5.3-codex");
        assertThat(start.path("imported").path("format").asText()).isEqualTo("codex-rollout");
        // The sanitised sample's patches are redacted: no file changes can be known, and that is said.
        assertThat(facts.findings("patch-unreadable")).hasSize(1);
        // every one of the 104 outputs is a [REDACTED_OUTPUT ...] placeholder: outcome unknown, never isError false
        List<Event> redacted = facts.of(EventType.TOOL_RESULT).stream().filter(e -> e.data().path("redacted").asBoolean()).toList();
        assertThat(redacted).hasSize(104).allSatisfy(e -> {
            assertThat(e.text("outcome")).isEqualTo("unknown");
            assertThat(e.data().has("isError")).isFalse();
        });
        assertThat(facts.findings("output-redacted")).singleElement().satisfies(f -> assertThat(f.message()).startsWith("104 tool output(s)"));
        assertThat(facts.findings("usage-unknown")).isEmpty();
        // the session_meta's cwd and git state (sanitised, but recorded) describe the starting tree
        var checkpoint = StartCheckpoints.of(trace, "codex-rollout", "/redacted/path/fa3f7eaace");
        assertThat(StartCheckpoints.knownFields(checkpoint)).containsExactly("repository", "commit", "branch", "cwd");
        assertThat(checkpoint.at("/startingTree/repository").asText()).isEqualTo("redacted://url/5d14a88c6f");
        assertThat(checkpoint.at("/startingTree/commit").asText()).isEqualTo("1cdfa7b17410e00cddbb7a4347336af2c6f80ee0");
        assertThat(checkpoint.at("/startingTree/branch").asText()).isEqualTo("main");
        assertThat(facts.findings("starting-tree-needed")).singleElement().satisfies(f -> assertThat(f.message())
                .contains("(suggested: redacted://url/5d14a88c6f@1cdfa7b17410e00cddbb7a4347336af2c6f80ee0 (branch main))"));
    }

    private static final String META = "{'timestamp':'2025-05-01T09:00:00.000Z','type':'session_meta','payload':{'id':'sess-1',"
            + "'cwd':'/work/app','originator':'codex_cli_rs','cli_version':'0.30.0','model_provider':'openai',"
            + "'git':{'commit_hash':'abc123','branch':'dev','repository_url':'https://github.com/acme/app'}}}";
    private static final String TURN = "{'timestamp':'2025-05-01T09:00:01.000Z','type':'turn_context','payload':{'cwd':'/work/app',"
            + "'approval_policy':'on-request','sandbox_policy':{'type':'workspace-write','network_access':false},'model':'gpt-5-codex'}}";

    private static String tokens(String time, long input, long cached, long output) {
        return "{'timestamp':'" + time + "','type':'event_msg','payload':{'type':'token_count','info':{'total_token_usage':"
                + "{'input_tokens':" + input + ",'cached_input_tokens':" + cached + ",'output_tokens':" + output
                + ",'reasoning_output_tokens':0,'total_tokens':" + (input + output) + "}}}}";
    }

    @Test
    void usageIsTheDifferenceOfCumulativeCountsAndOutputsArePaired() throws Exception {
        Path file = lines(dir.resolve("rollout.jsonl"), List.of(META, TURN,
                "{'timestamp':'2025-05-01T09:00:02Z','type':'response_item','payload':{'type':'message','role':'user','content':[{'type':'input_text','text':'add a README'}]}}",
                "{'timestamp':'2025-05-01T09:00:03Z','type':'response_item','payload':{'type':'reasoning','summary':[{'type':'summary_text','text':'Plan: list files'}]}}",
                "{'timestamp':'2025-05-01T09:00:04Z','type':'response_item','payload':{'type':'function_call','name':'shell',"
                        + "'arguments':'{\\'command\\':[\\'bash\\',\\'-lc\\',\\'ls\\'],\\'workdir\\':\\'/work/app\\',\\'timeout_ms\\':10000}','call_id':'c1'}}",
                tokens("2025-05-01T09:00:05Z", 1000, 200, 50),
                tokens("2025-05-01T09:00:05.5Z", 1000, 200, 50),
                "{'timestamp':'2025-05-01T09:00:06Z','type':'response_item','payload':{'type':'function_call_output','call_id':'c1',"
                        + "'output':'{\\'output\\':\\'ls: cannot access\\',\\'metadata\\':{\\'exit_code\\':2,\\'duration_seconds\\':0.25}}'}}",
                "{'timestamp':'2025-05-01T09:00:07Z','type':'response_item','payload':{'type':'custom_tool_call','name':'apply_patch','call_id':'c2',"
                        + "'input':'*** Begin Patch\\n*** Add File: README.md\\n+# App\\n+Hello\\n*** Update File: src/main.rs\\n@@\\n-old\\n+new\\n*** End Patch\\n'}}",
                tokens("2025-05-01T09:00:08Z", 2500, 900, 130),
                "{'timestamp':'2025-05-01T09:00:09Z','type':'response_item','payload':{'type':'custom_tool_call_output','call_id':'c2',"
                        + "'output':'{\\'output\\':\\'Success. Updated the following files:\\\\nA README.md\\\\nM src/main.rs\\\\n\\',\\'metadata\\':{\\'exit_code\\':0,\\'duration_seconds\\':0.0}}'}}"));
        TraceFacts facts = new TraceFacts(new CodexRolloutImporter().read(file));
        List<Event> calls = facts.of(EventType.MODEL_CALL);
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0).data().path("usage").path("inputTokens").asLong()).isEqualTo(1000);
        assertThat(calls.get(1).data().path("usage").path("inputTokens").asLong()).isEqualTo(1500);
        assertThat(calls.get(1).data().path("usage").path("cacheReadTokens").asLong()).isEqualTo(700);
        assertThat(calls.get(1).data().path("usage").path("outputTokens").asLong()).isEqualTo(80);
        assertThat(calls.get(0).data().path("output").path("reasoning").asText()).isEqualTo("Plan: list files");
        assertThat(calls.get(0).text("model")).isEqualTo("gpt-5-codex");

        Event shell = facts.of(EventType.TOOL_CALL).getFirst();
        assertThat(shell.causes()).containsExactly(calls.get(0).id());
        assertThat(shell.data().path("exec").path("argv").toString()).isEqualTo("[\"bash\",\"-lc\",\"ls\"]");
        assertThat(shell.data().path("exec").path("cwd").asText()).isEqualTo("/work/app");
        assertThat(shell.data().path("exec").path("timeoutMs").asLong()).isEqualTo(10000);
        assertThat(shell.id()).isEqualTo("L5"); // ids from the line
        Event failed = facts.of(EventType.TOOL_RESULT).getFirst();
        assertThat(failed.data().path("exitCode").asInt()).isEqualTo(2);
        assertThat(failed.data().path("isError").asBoolean()).isTrue();
        assertThat(failed.data().path("durationMs").asLong()).isEqualTo(250);
        assertThat(facts.pairedResults()).isEqualTo(2);

        List<Event> mutations = facts.of(EventType.STATE_MUTATION);
        assertThat(mutations).extracting(e -> e.text("path") + ":" + e.text("op")).containsExactly("README.md:create", "src/main.rs:modify");
        assertThat(mutations.get(0).text("after")).isEqualTo(Hashes.sha256("# App\nHello\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(mutations.get(0).data().get("before").isNull()).isTrue();
        assertThat(mutations.get(0).data().has("beforeKnown")).isFalse();
        assertThat(mutations.get(1).data().path("afterKnown").asBoolean(true)).isFalse();
        assertThat(mutations.get(1).data().path("beforeKnown").asBoolean(true)).isFalse();
        // an update's hunks are its own apply_patch text, for a replay to apply to the file as it then is
        assertThat(mutations.get(1).text("patch")).isEqualTo("*** Begin Patch\n*** Update File: src/main.rs\n@@\n-old\n+new\n*** End Patch\n");
        Event patchCall = facts.of(EventType.TOOL_CALL).get(1);
        assertThat(mutations).allSatisfy(m -> assertThat(m.causes()).containsExactly(patchCall.id()));
        var checkpoint = StartCheckpoints.of(facts.trace(), "codex-rollout", "/work/app");
        assertThat(checkpoint.at("/startingTree/repository").asText()).isEqualTo("https://github.com/acme/app");
        assertThat(checkpoint.at("/startingTree/commit").asText()).isEqualTo("abc123");
        assertThat(checkpoint.at("/startingTree/branch").asText()).isEqualTo("dev");
    }

    @Test
    void patchPathsAreMadeRelativeToTheSessionsRootAndOthersAreReported() throws Exception {
        String patch = "*** Begin Patch\\n*** Update File: /work/app/src/a.rs\\n*** Move to: /work/app/src/b.rs\\n@@ fn main\\n  keep\\n-x\\n+y\\n"
                + "*** Delete File: old.txt\\n*** Add File: /etc/motd\\n+hi\\n*** End Patch";
        Path file = lines(dir.resolve("rollout.jsonl"), List.of(META,
                // this turn works in a subdirectory: its relative paths start there
                "{'timestamp':'2025-05-01T09:00:01.000Z','type':'turn_context','payload':{'cwd':'/work/app/docs','model':'gpt-5-codex'}}",
                "{'timestamp':'2025-05-01T09:00:07Z','type':'response_item','payload':{'type':'custom_tool_call','name':'apply_patch','call_id':'p1',"
                        + "'input':'" + patch + "'}}",
                tokens("2025-05-01T09:00:08Z", 10, 0, 1),
                "{'timestamp':'2025-05-01T09:00:09Z','type':'response_item','payload':{'type':'custom_tool_call_output','call_id':'p1',"
                        + "'output':'{\\'output\\':\\'Success.\\',\\'metadata\\':{\\'exit_code\\':0}}'}}"));
        ImportedTrace trace = new CodexRolloutImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);
        List<Event> mutations = facts.of(EventType.STATE_MUTATION);
        assertThat(mutations).extracting(e -> e.text("path") + ":" + e.text("op"))
                .containsExactly("src/a.rs:modify", "docs/old.txt:delete", "/etc/motd:create");
        assertThat(mutations.getFirst().text("movedTo")).isEqualTo("src/b.rs");
        assertThat(mutations.getFirst().text("patch")).isEqualTo("*** Begin Patch\n*** Update File: /work/app/src/a.rs\n"
                + "*** Move to: /work/app/src/b.rs\n@@ fn main\n  keep\n-x\n+y\n*** End Patch\n");
        // a deleted file's content is not in the patch; that it is gone afterwards is
        assertThat(mutations.get(1).data().path("beforeKnown").asBoolean(true)).isFalse();
        assertThat(mutations.get(1).data().get("after").isNull()).isTrue();
        assertThat(mutations.get(1).data().has("afterKnown")).isFalse();
        assertThat(facts.findings("path-outside-workspace")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("/etc/motd").contains("root /work/app"));
    }

    /**
     * The header the first event needs (session_meta, the first turn_context, the first time, whether the model called a
     * tool) lies in a rollout's first lines: the header pass stops there, and the events are handed to the store while
     * the rest of the file is read once, by the pass that makes them.
     */
    @Test
    void theHeaderPassStopsOnceItHasTheHeader() throws Exception {
        Path file = lines(dir.resolve("rollout.jsonl"), List.of(META, TURN,
                "{'timestamp':'2025-05-01T09:00:04Z','type':'response_item','payload':{'type':'function_call','name':'shell',"
                        + "'arguments':'{\\'command\\':[\\'ls\\']}','call_id':'c1'}}"));
        String padding = "x".repeat(2_000);
        for (int i = 0; i < 2_000; i++) {
            appendLine(file, "{'timestamp':'2025-05-01T09:01:00Z','type':'response_item','payload':{'type':'message','role':'assistant',"
                    + "'content':[{'type':'output_text','text':'" + i + padding + "'}]}}");
            appendLine(file, tokens("2025-05-01T09:01:00Z", 100L * (i + 1), 0, i + 1));
        }
        long size = java.nio.file.Files.size(file);
        List<Long> reports = new java.util.ArrayList<>();
        long[] readWhenStoringBegan = {-1};
        dev.forkline.trace.bundle.EventBatchSink sink = new dev.forkline.trace.bundle.EventBatchSink() {
            @Override
            public void begin(String eventsFile, dev.forkline.trace.bundle.Manifest manifest, dev.forkline.trace.bundle.BlobSource blobs) {
                readWhenStoringBegan[0] = reports.isEmpty() ? 0 : reports.getLast();
            }

            @Override
            public void accept(dev.forkline.trace.bundle.EventBatch batch) {
            }
        };
        ImportedTrace trace = new CodexRolloutImporter().read(file, sink, (bytesRead, bytesTotal, soFar) -> reports.add(bytesRead));

        assertThat(readWhenStoringBegan[0]).as("read before the first event was handed on, of %,d bytes", size).isLessThan(size / 4);
        assertThat(reports.getLast()).isEqualTo(size);
        TraceFacts facts = new TraceFacts(trace);
        assertThat(facts.count(EventType.CHECKPOINT)).as("a tool call was found").isEqualTo(1);
        assertThat(facts.count(EventType.MODEL_CALL)).as("every response read, once").isEqualTo(2_000);
        assertThat(facts.of(EventType.SESSION_START).getFirst().data().path("model").path("model").asText()).isEqualTo("gpt-5-codex");
    }

    @Test
    void aRolloutWithoutToolCallsHasNoCheckpoint() throws Exception {
        Path file = lines(dir.resolve("rollout.jsonl"), List.of(META, TURN,
                "{'timestamp':'2025-05-01T09:00:02Z','type':'response_item','payload':{'type':'message','role':'user','content':[{'type':'input_text','text':'hi'}]}}"));
        TraceFacts facts = new TraceFacts(new CodexRolloutImporter().read(file));
        assertThat(facts.count(EventType.CHECKPOINT)).isZero();
        assertThat(facts.findings("no-checkpoint")).hasSize(1);
    }

    @Test
    void escalationRequestsRejectionsUnknownRecordsAndDamagedLines() throws Exception {
        Path file = lines(dir.resolve("rollout.jsonl"), List.of(META, TURN,
                "{'timestamp':'2025-05-01T09:00:04Z','type':'response_item','payload':{'type':'function_call','name':'exec_command',"
                        + "'arguments':'{\\'cmd\\':\\'git push\\',\\'sandbox_permissions\\':\\'require_escalated\\',\\'justification\\':\\'publish the fix\\'}','call_id':'c1'}}",
                tokens("2025-05-01T09:00:05Z", 100, 0, 10),
                "{'timestamp':'2025-05-01T09:00:06Z','type':'response_item','payload':{'type':'function_call_output','call_id':'c1','output':'exec command rejected by user'}}",
                "{'timestamp':'2025-05-01T09:00:07Z','type':'event_msg','payload':{'type':'mcp_startup_complete','ready':['docs']}}",
                "{'type':'event_msg','payload':{'type':'turn_aborted','reason':'interrupted'}}"));
        appendLine(file, "{'timestamp':'2025-05-01T09:00:09Z','type':'response_item','payload':");
        appendLine(file, "{'timestamp':'2025-05-01T09:00:10Z','type':'event_msg','payload':{'type':'error','message':'stream disconnected'}}");
        ImportedTrace trace = new CodexRolloutImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);
        Event call = facts.of(EventType.TOOL_CALL).getFirst();
        assertThat(call.text("effect")).isEqualTo("external");
        assertThat(facts.of(EventType.APPROVAL_REQUEST).getFirst().text("reason")).isEqualTo("publish the fix");
        assertThat(facts.of(EventType.APPROVAL_DECISION).getFirst().text("verdict")).isEqualTo("deny");
        assertThat(facts.errorResults()).isEqualTo(1);
        assertThat(facts.of(EventType.UNKNOWN)).extracting(Event::type).containsExactly("codex.event_msg.mcp_startup_complete");
        assertThat(facts.of(EventType.ERROR)).extracting(e -> e.text("kind")).containsExactly("aborted", "error");
        assertThat(facts.findings("malformed-line")).singleElement().extracting(Finding::line).isEqualTo(8L);
        assertThat(facts.findings("timestamp-synthesised")).singleElement().extracting(Finding::line).isEqualTo(7L);
    }

    @Test
    void aCompactionKeepsItsReplacementHistoryAndAnUnknownRecordTypeIsReportedOnce() throws Exception {
        Path file = lines(dir.resolve("rollout.jsonl"), List.of(META, TURN,
                "{'timestamp':'2025-05-01T09:00:04Z','type':'compacted','payload':{'message':'summary so far','replacement_history':["
                        + "{'type':'message','role':'user','content':[{'type':'input_text','text':'fix the bug'}]},"
                        + "{'type':'message','role':'assistant','content':[{'type':'output_text','text':'done: patched main.rs'}]}]}}",
                "{'timestamp':'2025-05-01T09:00:05Z','type':'event_msg','payload':{'type':'mcp_startup_complete','ready':['docs']}}"));
        ImportedTrace trace = new CodexRolloutImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);
        Event compacted = facts.of(EventType.NOTE).stream().filter(e -> e.text("text").equals("context compacted")).findFirst().orElseThrow();
        assertThat(compacted.text("summary")).isEqualTo("summary so far");
        assertThat(compacted.data().path("replacementItems").asInt()).isEqualTo(2);
        assertThat(compacted.data().at("/replacementHistory/1/content/0/text").asText()).isEqualTo("done: patched main.rs");
        // the importer's unknown-record says it; the lint does not repeat it as an unknown event type
        List<Finding> all = dev.forkline.importers.TraceChecks.findings(trace);
        assertThat(all).filteredOn(f -> f.code().equals("unknown-record")).hasSize(1);
        assertThat(all).filteredOn(f -> f.code().equals("unknown-event-type")).isEmpty();
    }

    @Test
    void localShellCallsAndUnknownItems() throws Exception {
        Path file = lines(dir.resolve("rollout.jsonl"), List.of(META, TURN,
                "{'timestamp':'2025-05-01T09:00:04Z','type':'response_item','payload':{'type':'local_shell_call','call_id':'ls1','status':'completed',"
                        + "'action':{'type':'exec','command':['sudo','apt-get','install','-y','jq'],'working_directory':'/work/app','timeout_ms':60000,'env':{'CI':'1'}}}}",
                tokens("2025-05-01T09:00:05Z", 10, 0, 5),
                "{'timestamp':'2025-05-01T09:00:06Z','type':'response_item','payload':{'type':'function_call_output','call_id':'ls1',"
                        + "'output':'Process exited with code 100\\nWall time: 1.5 seconds\\nOutput:\\nE: permission denied'}}",
                "{'timestamp':'2025-05-01T09:00:07Z','type':'response_item','payload':{'type':'image_generation_call','id':'ig1','status':'completed'}}"));
        TraceFacts facts = new TraceFacts(new CodexRolloutImporter().read(file));
        Event call = facts.of(EventType.TOOL_CALL).getFirst();
        assertThat(call.text("tool")).isEqualTo("local_shell");
        assertThat(call.text("effect")).isEqualTo("privileged");
        assertThat(call.data().path("exec").path("cwd").asText()).isEqualTo("/work/app");
        assertThat(call.data().path("exec").path("env").path("CI").asText()).isEqualTo("1");
        Event result = facts.of(EventType.TOOL_RESULT).getFirst();
        assertThat(result.data().path("exitCode").asInt()).isEqualTo(100);
        assertThat(result.data().path("durationMs").asLong()).isEqualTo(1500);
        assertThat(facts.pairedResults()).isEqualTo(1);
        assertThat(facts.of(EventType.UNKNOWN)).extracting(Event::type).containsExactly("codex.response_item.image_generation_call");
    }

    @Test
    void theOlderLayoutWithABareHeaderAndBareItems() throws Exception {
        Path file = lines(dir.resolve("rollout-old.jsonl"), List.of(
                "{'id':'old-1','timestamp':'2025-04-01T08:00:00.000Z','instructions':null,'git':{'commit_hash':'fff','branch':'main'}}",
                "{'record_type':'state'}",
                "{'type':'message','role':'user','content':[{'type':'input_text','text':'hi'}]}",
                "{'type':'function_call','name':'shell','arguments':'{\\'command\\':[\\'echo\\',\\'hi\\']}','call_id':'c1'}",
                "{'type':'function_call_output','call_id':'c1','output':'{\\'output\\':\\'hi\\',\\'metadata\\':{\\'exit_code\\':0,\\'duration_seconds\\':0.01}}'}"));
        assertThat(new CodexRolloutImporter().accepts(file, TestFiles.head(file))).isTrue();
        TraceFacts facts = new TraceFacts(new CodexRolloutImporter().read(file));
        assertThat(facts.first(EventType.SESSION_START).path("environment").path("git").path("commit").asText()).isEqualTo("fff");
        assertThat(facts.pairedResults()).isEqualTo(1);
        assertThat(facts.of(EventType.TOOL_RESULT).getFirst().data().path("exitCode").asInt()).isZero();
        // Old rollouts have neither timestamps per item nor token counts: both are reported, not invented.
        assertThat(facts.findings("timestamp-synthesised")).hasSize(1);
        assertThat(facts.findings("usage-unknown")).hasSize(1);
    }

    @Test
    void otherContentIsNotARollout() throws Exception {
        Path claude = lines(dir.resolve("rollout-x.jsonl"), List.of(
                "{'type':'user','uuid':'u1','sessionId':'s','message':{'role':'user','content':'hi'}}"));
        assertThat(new CodexRolloutImporter().accepts(claude, TestFiles.head(claude))).isFalse();
        assertThatThrownBy(() -> new CodexRolloutImporter().read(claude)).isInstanceOf(TraceFormatException.class);
    }
}
