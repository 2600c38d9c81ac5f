package dev.forkline.importers.claudecode;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.Samples;
import dev.forkline.importers.support.WatchedRead;
import dev.forkline.importers.support.StartCheckpoints;
import dev.forkline.importers.support.TraceFacts;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The two real Claude Code transcripts in shared/samples. Expected figures were established with jq/python over the
 * files: distinct message.id per API response, usage = the largest value per counter within a response, tool_use and
 * tool_result blocks paired by id, is_error counts.
 */
class ClaudeCodeImporterRealSampleTest {

    private static final String VIEWER = "claude-code/claude-code-viewer_5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl";
    private static final String ENTIRE = "claude-code/entireio-cli_checkpoint_1a8a83a35a9b_full.jsonl";

    @Test
    void tellsHowFarItsScanReadAndImportsThatPartAsTheWholeTraceHoldsIt() throws Exception {
        Path file = Samples.require(VIEWER);
        ImportedTrace whole = new ClaudeCodeImporter().read(file);
        WatchedRead read = WatchedRead.of(new ClaudeCodeImporter(), file);
        ImportedTrace watched = read.trace();
        var reports = read.reports();
        var parts = read.parts();

        assertThat(watched.bundle().events()).extracting(Event::hash).isEqualTo(whole.bundle().events().stream().map(Event::hash).toList());
        // the line reader reads the file in 64 KiB blocks: one report per block
        assertThat(reports).containsExactly(65_536L, Files.size(file));
        java.util.List<Event> part = parts.getFirst().read(() -> false).bundle().events();
        java.util.List<Event> all = whole.bundle().events();
        assertThat(part.size()).isGreaterThan(3).isLessThan(all.size());
        assertThat(part.getFirst().type()).isEqualTo(EventType.SESSION_START.wireName());
        assertThat(part.getLast().type()).isEqualTo(EventType.SESSION_END.wireName());
        // between the session's start (which sums up the whole file) and the part's close, the whole trace's events
        for (int i = 1; i < part.size() - 2; i++) {
            assertThat(part.get(i).id()).isEqualTo(all.get(i).id());
            assertThat(part.get(i).data()).isEqualTo(all.get(i).data());
        }
        assertThat(parts.getLast().read(() -> false).bundle().events()).extracting(Event::id)
                .as("the part read at the end is the whole file").isEqualTo(all.stream().map(Event::id).toList());
        assertThat(WatchedRead.assertStopsWhenTold(parts.getLast())).as("asked while reading and while making events").isGreaterThan(2);
    }

    @Test
    void viewerSampleWithTwoSidechainSubagents() throws Exception {
        Path file = Samples.require(VIEWER);
        assertThat(new ClaudeCodeImporter().accepts(file, head(file))).isTrue();
        ImportedTrace trace = new ClaudeCodeImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);

        assertThat(facts.countsByType()).isEqualTo(Map.of("session.start", 1L, "checkpoint", 1L, "session.end", 1L, "model.call", 20L,
                "tool.call", 21L, "tool.result", 21L, "agent.message", 4L, "state.mutation", 1L));
        assertThat(facts.pairedResults()).isEqualTo(21);
        assertThat(facts.errorResults()).isEqualTo(3);
        assertThat(facts.models()).containsExactly("claude-sonnet-4-20250514");
        // 28 assistant lines but 20 API responses: summing per line would count 3 + 263 etc. twice.
        assertThat(facts.usage("inputTokens")).isEqualTo(129);
        assertThat(facts.usage("outputTokens")).isEqualTo(3629);
        assertThat(facts.usage("cacheReadTokens")).isEqualTo(324_259);
        assertThat(facts.usage("cacheWriteTokens")).isEqualTo(47_747);
        assertThat(facts.actors()).containsExactly("agent:claude-code", "agent:general-purpose-1", "agent:general-purpose-2",
                "harness", "human:user");
        // the three Task calls are the agent's own work (their subagents' calls carry the effects), not external effects
        assertThat(facts.effects()).isEqualTo(Map.of("read", 9L, "workspace", 12L));
        assertThat(facts.findings("effect-guessed")).isEmpty();
        // the session ran a slash command: its title is the command as typed, not the session's UUID
        assertThat(trace.bundle().manifest().title()).isEqualTo("/orchestrator @CLAUDE.md を最新の状態にアップデートしてください");

        // The 22 sidechain lines form two subagent lanes, each started by the Task call whose prompt it received.
        long sidechainEvents = facts.events().stream().filter(e -> e.actor().startsWith("agent:general-purpose")).count();
        assertThat(sidechainEvents).isGreaterThanOrEqualTo(20);
        var subagentPrompts = facts.of(EventType.AGENT_MESSAGE).stream().filter(e -> e.text("to").startsWith("agent:general-purpose")).toList();
        assertThat(subagentPrompts).hasSize(2);
        for (Event prompt : subagentPrompts) {
            assertThat(prompt.causes()).hasSize(1);
            Event task = facts.events().stream().filter(e -> e.id().equals(prompt.causes().getFirst())).findFirst().orElseThrow();
            assertThat(task.text("tool")).isEqualTo("Task");
        }

        var start = facts.first(EventType.SESSION_START);
        assertThat(start.path("imported").path("format").asText()).isEqualTo("claude-code");
        assertThat(start.path("environment").path("cwd").asText()).isEqualTo("/path/to/Demo");
        assertThat(start.path("environment").path("git").path("branch").asText()).isEqualTo("main");
        assertThat(start.path("environment").path("harness").path("version").asText()).isEqualTo("1.0.108");
        assertThat(trace.bundle().events().getFirst().is(EventType.SESSION_START)).isTrue();
        assertThat(trace.bundle().events().getFirst().prev()).isNull();

        // The failed `lsd` call printed a long tree (Claude Code itself cut 600 KB of it): kept as a blob with a preview,
        // taken from toolUseResult, which holds more than the tool_result; the error is its first line.
        Event lsd = facts.of(EventType.TOOL_RESULT).stream().filter(r -> "toolu_01KDiLyJT1VsszVhG4d3p6jV".equals(r.text("callId")))
                .findFirst().orElseThrow();
        assertThat(lsd.text("error")).isEqualTo("lsd: 3: No such file or directory (os error 2).");
        String stderr = new String(trace.bundle().blobs().read(lsd.text("stderrBlob")).orElseThrow(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(stderr).startsWith("Error: lsd: 3").contains("[600615 characters truncated]").hasSize(10_048);
        assertThat(lsd.data().path("stderrTruncated").asBoolean()).isTrue();

        Event edit = facts.of(EventType.STATE_MUTATION).getFirst();
        assertThat(edit.text("path")).isEqualTo("CLAUDE.md");
        assertThat(edit.text("before")).startsWith("sha256:");
        assertThat(edit.text("after")).startsWith("sha256:");
        assertThat(trace.bundle().blobs().contains(edit.text("after"))).isTrue();
        // the subagents are lanes of the one run, in the session's tree: one checkpoint
        JsonNode checkpoint = StartCheckpoints.of(trace, "claude-code", "/path/to/Demo");
        assertThat(checkpoint.at("/startingTree/branch").asText()).isEqualTo("main");
        assertThat(StartCheckpoints.knownFields(checkpoint)).containsExactly("branch", "cwd");
        assertThat(facts.findings("environment-incomplete")).hasSize(1);
    }

    @Test
    void entireSampleWithHooksProgressAndSnapshots() throws Exception {
        Path file = Samples.require(ENTIRE);
        ImportedTrace trace = new ClaudeCodeImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);

        // 39 progress + 8 system + 8 file-history-snapshot lines are kept as notes.
        assertThat(facts.countsByType()).isEqualTo(Map.of("session.start", 1L, "checkpoint", 1L, "session.end", 1L, "model.call", 39L,
                "tool.call", 63L, "tool.result", 63L, "agent.message", 7L, "note", 55L, "state.mutation", 1L));
        assertThat(facts.pairedResults()).isEqualTo(63);
        assertThat(facts.errorResults()).isEqualTo(13);
        assertThat(facts.models()).containsExactly("claude-opus-4-6");
        assertThat(facts.usage("inputTokens")).isEqualTo(53);
        assertThat(facts.usage("outputTokens")).isEqualTo(2933);
        assertThat(facts.usage("cacheReadTokens")).isEqualTo(2_237_581);
        assertThat(facts.usage("cacheWriteTokens")).isEqualTo(58_001);
        assertThat(facts.actors()).containsExactly("agent:claude-code", "harness", "human:user");
        assertThat(facts.effects()).isEqualTo(Map.of("read", 10L, "workspace", 52L, "external", 1L));

        // Failed Bash results report the exit code ("Exit code 128 ...").
        assertThat(facts.of(EventType.TOOL_RESULT).stream().filter(r -> r.data().path("exitCode").asInt(0) == 128).count()).isEqualTo(2);
        Event edit = facts.of(EventType.STATE_MUTATION).getFirst();
        assertThat(edit.text("path")).isEqualTo("docs/KNOWN_LIMITATIONS.md");
        assertThat(edit.text("after")).startsWith("sha256:");
        byte[] after = trace.bundle().blobs().read(edit.text("after")).orElseThrow();
        assertThat(new String(after, java.nio.charset.StandardCharsets.UTF_8)).contains("### Git GC Can Corrupt Worktree Indexes");
        assertThat(facts.first(EventType.SESSION_START).path("environment").path("git").path("branch").asText())
                .isEqualTo("alex/ent-221-type-consolidation");
        assertThat(facts.findings("file-history-not-imported")).hasSize(1);
        assertThat(Set.copyOf(facts.models())).hasSize(1);
        assertThat(edit.causes()).singleElement().satisfies(cause -> assertThat(facts.events().stream()
                .filter(e -> e.id().equals(cause)).findFirst().orElseThrow().text("tool")).isEqualTo("Edit"));
    }

    /**
     * The real session a47cfcb669b1 of shared/replay: started in /Users/alex/workspace/cli/.worktrees/2 on branch
     * alex/ent-221-better-state-tracking-for-sessions (every record says so; none records a commit); one Edit succeeds
     * (its toolUseResult holds originalFile), one is refused, one Write creates docs/generated/.gitignore.
     */
    @Test
    void startCheckpointAndEditsOfTheReplaySession() throws Exception {
        Path file = Samples.requireReplay("claude-code/a47cfcb669b1/0/full.jsonl");
        ImportedTrace trace = new ClaudeCodeImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);

        JsonNode checkpoint = StartCheckpoints.of(trace, "claude-code", "/Users/alex/workspace/cli/.worktrees/2");
        assertThat(checkpoint.at("/startingTree/branch").asText()).isEqualTo("alex/ent-221-better-state-tracking-for-sessions");
        assertThat(checkpoint.at("/startingTree/cwd").asText()).isEqualTo("/Users/alex/workspace/cli/.worktrees/2");
        assertThat(checkpoint.at("/startingTree").has("commit")).isFalse();
        assertThat(checkpoint.at("/startingTree").has("repository")).isFalse();
        assertThat(facts.findings("starting-tree-needed")).singleElement().satisfies(f -> assertThat(f.message())
                .contains("suggested: /Users/alex/workspace/cli/.worktrees/2 (branch alex/ent-221-better-state-tracking-for-sessions)"));

        java.util.List<Event> edits = facts.of(EventType.STATE_MUTATION);
        assertThat(edits).extracting(e -> e.text("path") + ":" + e.text("op"))
                .containsExactly("cmd/entire/cli/session/phase_test.go:modify", "docs/generated/.gitignore:create");
        assertThat(edits.getFirst().text("before")).startsWith("sha256:");
        assertThat(edits.getFirst().text("after")).startsWith("sha256:");
        assertThat(edits.getFirst().data().path("edits")).hasSize(1);
        assertThat(edits.get(1).data().get("before").isNull()).isTrue();
        assertThat(edits).allSatisfy(edit -> {
            assertThat(edit.data().has("beforeKnown")).isFalse();
            assertThat(edit.data().has("afterKnown")).isFalse();
            Event call = facts.events().stream().filter(e -> e.id().equals(edit.causes().getFirst())).findFirst().orElseThrow();
            assertThat(call.is(EventType.TOOL_CALL)).isTrue();
        });
        assertThat(facts.findings("path-outside-workspace")).isEmpty();
    }

    private static byte[] head(Path file) throws Exception {
        try (var in = Files.newInputStream(file)) {
            return in.readNBytes(64 * 1024);
        }
    }
}
