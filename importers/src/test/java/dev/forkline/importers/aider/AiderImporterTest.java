package dev.forkline.importers.aider;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.samples.TraceAssertions;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceFormatException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real aider chat history (aider's own test fixture, cut to whole sessions; see SOURCES.tsv) against an oracle read
 * from the file with plain regular expressions: launches, user lines, responses, edit blocks, token reports, commits.
 */
class AiderImporterTest {

    @TempDir
    Path dir;

    static Path sample() throws Exception {
        return Path.of(AiderImporterTest.class.getResource("/aider/chat-history.md").toURI());
    }

    /** What the file says, counted without the importer's parser. */
    record Oracle(int launches, int userLines, int searchBlocks, int appliedLines, List<long[]> tokens, List<String> commits) {
        static Oracle of(Path file) throws Exception {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int launches = count(text, "(?m)^# aider chat started at ");
            boolean headerless = !text.startsWith("# aider chat started at ");
            // user turns: runs of consecutive "####" lines
            int userTurns = count(text, "(?m)(?:^####.*\\n)+");
            List<long[]> tokens = new ArrayList<>();
            Matcher t = Pattern.compile("(?m)^> Tokens: ([0-9,]+) sent, ([0-9,]+) received\\. Cost: \\$([0-9.]+)").matcher(text);
            while (t.find()) {
                tokens.add(new long[] {Long.parseLong(t.group(1).replace(",", "")), Long.parseLong(t.group(2).replace(",", ""))});
            }
            List<String> commits = new ArrayList<>();
            Matcher c = Pattern.compile("(?m)^> Commit ([0-9a-f]+) ").matcher(text);
            while (c.find()) {
                commits.add(c.group(1));
            }
            return new Oracle(launches + (headerless ? 1 : 0), userTurns, count(text, "(?m)^<<<<<<< SEARCH$"),
                    count(text, "(?m)^> Applied edit to "), tokens, commits);
        }

        private static int count(String text, String regex) {
            Matcher m = Pattern.compile(regex).matcher(text);
            int n = 0;
            while (m.find()) {
                n++;
            }
            return n;
        }
    }

    @Test
    void realHistoryImportsWithEveryLaunchTurnEditTokenAndCommit() throws Exception {
        Path file = sample();
        Oracle oracle = Oracle.of(file);
        assertThat(Importers.builtIn().detect(file).format()).isEqualTo("aider");
        ImportedTrace trace = Importers.builtIn().read(file);
        TraceAssertions.assertWellFormed(trace);

        List<Event> starts = TraceAssertions.ofType(trace, EventType.SESSION_START);
        assertThat(starts).hasSize(oracle.launches()).hasSize(4);
        assertThat(starts.stream().map(Event::run).toList()).containsExactly("launch-0", "launch-1", "launch-2", "launch-3");
        assertThat(starts.get(2).data().path("model").path("model").asText()).isEqualTo("claude-3-5-sonnet-20240620");
        assertThat(starts.get(2).data().path("environment").path("harness").path("version").asText()).isEqualTo("0.47.2-dev");
        assertThat(starts.get(3).data().path("model").path("model").asText()).isEqualTo("gpt-4o-mini");

        List<Event> userMessages = TraceAssertions.ofType(trace, EventType.AGENT_MESSAGE);
        assertThat(userMessages).hasSize(oracle.userLines());
        assertThat(userMessages.stream().map(e -> e.text("text")).toList()).contains("Use the Spinner instead of the inlined custom spinner", "/diff");

        List<Event> calls = TraceAssertions.ofType(trace, EventType.MODEL_CALL);
        assertThat(calls).hasSize(oracle.tokens().size()).hasSize(2);
        for (int i = 0; i < calls.size(); i++) {
            assertThat(calls.get(i).data().path("usage").path("inputTokens").asLong()).isEqualTo(oracle.tokens().get(i)[0]);
            assertThat(calls.get(i).data().path("usage").path("outputTokens").asLong()).isEqualTo(oracle.tokens().get(i)[1]);
        }
        assertThat(calls.getFirst().data().path("costUsd").decimalValue()).isEqualByComparingTo("0.02");
        assertThat(calls.getFirst().data().path("output").path("text").asText()).startsWith("Certainly! I'll modify the `run_install`");

        List<Event> edits = TraceAssertions.ofType(trace, EventType.TOOL_CALL);
        assertThat(edits).hasSize(oracle.searchBlocks()).hasSize(1);
        assertThat(edits.getFirst().data().path("arguments").path("path").asText()).isEqualTo("aider/utils.py");
        assertThat(edits.getFirst().data().path("arguments").path("search").asText()).startsWith("def run_install(cmd):")
                .contains("itertools.cycle");
        assertThat(edits.getFirst().text("effect")).isEqualTo("workspace");
        assertThat(edits.getFirst().causes()).containsExactly(calls.getFirst().id());

        List<Event> results = TraceAssertions.ofType(trace, EventType.TOOL_RESULT);
        assertThat(results).hasSize(oracle.appliedLines());
        assertThat(results.getFirst().data().path("isError").asBoolean()).isFalse();
        List<Event> mutations = TraceAssertions.ofType(trace, EventType.STATE_MUTATION);
        assertThat(mutations).hasSize(oracle.appliedLines());
        Event mutation = mutations.getFirst();
        assertThat(mutation.text("path")).isEqualTo("aider/utils.py");
        assertThat(mutation.text("op")).isEqualTo("modify");
        assertThat(mutation.data().path("precondition").path("contains").asText()).isEqualTo(edits.getFirst().data().path("arguments").path("search").asText());
        assertThat(mutation.data().path("edits").get(0).path("newString").asText()).contains("spinner = Spinner(\"Installing...\")");
        assertThat(mutation.causes()).containsExactly(edits.getFirst().id());

        List<String> commits = TraceAssertions.ofType(trace, EventType.NOTE).stream().filter(e -> "git-commit".equals(e.text("kind")))
                .map(e -> e.text("commit")).toList();
        assertThat(commits).isEqualTo(oracle.commits()).containsExactly("d0ffbf1", "fd43cd4");

        List<Event> checkpoints = TraceAssertions.ofType(trace, EventType.CHECKPOINT);
        assertThat(checkpoints).hasSize(1);
        assertThat(checkpoints.getFirst().run()).isEqualTo("launch-2");
        assertThat(checkpoints.getFirst().data().path("startingTree").path("format").asText()).isEqualTo("aider");

        Event end = TraceAssertions.ofType(trace, EventType.SESSION_END).get(2);
        assertThat(end.data().path("usage").path("inputTokens").asLong()).isEqualTo(5244);
        assertThat(TraceAssertions.findingCodes(trace)).contains("timestamp-synthesised", "timestamps-without-zone", "environment-incomplete",
                "starting-tree-needed", "no-outcome").doesNotContain("unpaired-call", "usage-unknown", "effect-guessed");
    }

    @Test
    void wholeFileEditsRoundedTokensAndUnappliedBlocksAreSaidSo() throws Exception {
        Path file = dir.resolve(".aider.chat.history.md");
        Files.writeString(file, String.join("\n",
                "", "# aider chat started at 2025-01-02 03:04:05", "",
                "> aider --model gpt-4o", "> Aider v0.70.0", "> Model: gpt-4o with whole edit format", "",
                "#### make hello print hi", "",
                "hello.py", "```", "print('hi')", "```", "",
                "> Tokens: 12k sent, 1.5k received. Cost: $0.01 message, $0.01 session.", "> Applied edit to hello.py", "",
                "#### and bye", "",
                "bye.py", "```python", "<<<<<<< SEARCH", "print('x')", "=======", "print('bye')", ">>>>>>> REPLACE", "```", "",
                "> ^C KeyboardInterrupt", ""));
        ImportedTrace trace = Importers.builtIn().read(file);
        TraceAssertions.assertWellFormed(trace);
        Event whole = TraceAssertions.ofType(trace, EventType.STATE_MUTATION).getFirst();
        assertThat(whole.text("path")).isEqualTo("hello.py");
        assertThat(new String(trace.bundle().blobs().read(whole.text("after")).orElseThrow(), StandardCharsets.UTF_8)).isEqualTo("print('hi')\n");
        Event first = TraceAssertions.ofType(trace, EventType.MODEL_CALL).getFirst();
        assertThat(first.data().path("usage").path("inputTokens").asLong()).isEqualTo(12_000);
        assertThat(first.data().path("usageRounded").asBoolean()).isTrue();
        assertThat(TraceAssertions.findingCodes(trace)).contains("usage-rounded", "unpaired-call", "usage-unknown");
        assertThat(TraceAssertions.ofType(trace, EventType.TOOL_CALL)).hasSize(2);
        assertThat(TraceAssertions.ofType(trace, EventType.SESSION_START).getFirst().run()).isEqualTo("r1");
    }

    @Test
    void otherMarkdownIsNotAiderAndAnEmptyHistoryIsRefused() throws Exception {
        Path readme = dir.resolve("README.md");
        Files.writeString(readme, "# Project\n\n#### Heading\n\n> a quote\n");
        assertThat(Importers.builtIn().canRead(readme)).isFalse();
        Path empty = dir.resolve("empty.md");
        Files.writeString(empty, "\n\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new AiderImporter().read(empty))
                .isInstanceOf(TraceFormatException.class).hasMessageContaining("empty.md");
    }
}
