package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code forkline convert}: a foreign trace becomes a bundle that {@code forkline verify} accepts, naming its source. */
class ConvertCommandTest {

    @TempDir
    Path temp;

    @Test
    void convertsATraceIntoABundleThatVerifiesAndRefusesToOverwriteIt() throws Exception {
        Path trace = temp.resolve("session.jsonl");
        Files.writeString(trace, """
                {"type":"user","uuid":"u1","sessionId":"s1","timestamp":"2026-01-01T00:00:00Z","cwd":"/repo","message":{"role":"user","content":"hi"}}
                {"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s1","timestamp":"2026-01-01T00:00:01Z","message":{"role":"assistant","model":"claude-x","content":[{"type":"text","text":"hello"}],"usage":{"input_tokens":3,"output_tokens":1}}}
                """);
        Path out = temp.resolve("out");

        CliTest.Outcome converted = CliTest.run("convert", trace.toString(), "--out", out.toString());

        assertThat(converted.code()).as(converted.err()).isZero();
        Path bundle = out.resolve("session.forkline");
        assertThat(converted.out()).startsWith(bundle.toString()).contains("claude-code").contains("sha256:");
        try (Bundle read = BundleReader.read(bundle)) {
            assertThat(read.manifest().source().name()).isEqualTo("session.jsonl");
        }
        assertThat(CliTest.run("verify", bundle.toString()).code()).isZero();

        CliTest.Outcome again = CliTest.run("convert", trace.toString(), "--out", out.toString());
        assertThat(again.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(again.err()).contains("already exists");
    }

    @Test
    void aiderHistoryConvertsToAVisibleBundleNamedAfterItsRepository() throws Exception {
        Path history = Files.createDirectories(temp.resolve("myrepo")).resolve(".aider.chat.history.md");
        Files.writeString(history, """

                # aider chat started at 2024-08-05 19:33:32

                > Aider v0.47.2-dev
                > Model: gpt-4o with diff edit format

                #### say hello

                Hello!

                > Tokens: 1,200 sent, 10 received. Cost: $0.01 request, $0.01 session.
                """);
        Path out = temp.resolve("out");

        CliTest.Outcome converted = CliTest.run("convert", history.toString(), "--out", out.toString());

        assertThat(converted.code()).as(converted.err()).isZero();
        Path bundle = out.resolve("myrepo-aider-chat-history.forkline");
        assertThat(converted.out()).startsWith(bundle.toString()).contains("aider");
        try (Bundle read = BundleReader.read(bundle)) {
            assertThat(read.manifest().source().name()).isEqualTo(".aider.chat.history.md");
        }
        try (var names = Files.list(out)) {
            assertThat(names.map(p -> p.getFileName().toString())).noneMatch(name -> name.startsWith("."));
        }
    }

    @Test
    void anUnreadableFileIsBadInputNamingIt() throws Exception {
        Path junk = Files.writeString(temp.resolve("junk.txt"), "not a trace");
        CliTest.Outcome outcome = CliTest.run("convert", junk.toString(), "--out", temp.resolve("out").toString());
        assertThat(outcome.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(outcome.err()).contains("junk.txt").contains("unrecognised trace format");
    }
}
