package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.testing.SharedSamples;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `forkline import FOLDER` finds the traces in it as the window's File › Import does, its command-line twin. */
class ImportFoldersCliTest {

    @TempDir
    Path temp;

    @Test
    void aFolderOfAgentFilesIsImportedTraceByTraceAndWhatIsNoTraceIsPassedOver() throws Exception {
        Path projects = Files.createDirectories(temp.resolve("projects"));
        Path claude = Files.copy(SharedSamples.require(SharedSamples.CLAUDE_CODE), Files.createDirectories(projects.resolve("a"))
                .resolve("session.jsonl"));
        Path codex = Files.copy(SharedSamples.require(SharedSamples.CODEX_ROLLOUT), Files.createDirectories(projects.resolve("b/2026/02"))
                .resolve("rollout.jsonl"));
        Files.writeString(projects.resolve("a/settings.json"), "{\"theme\":\"dark\"}");
        String db = temp.resolve("db/store").toString();

        CliTest.Outcome imported = CliTest.run("import", projects.toString(), "--db", db);

        assertThat(imported.code()).as(imported.err()).isEqualTo(ExitCodes.OK);
        assertThat(imported.out().lines()).hasSize(2);
        assertThat(imported.out().lines().toList().get(0)).startsWith("claude-code:").contains("imported");
        assertThat(imported.out().lines().toList().get(1)).startsWith("codex-rollout:").contains("imported");
        assertThat(CliTest.run("list", "--db", db).out()).contains("claude-code").contains("codex-rollout");
        assertThat(claude).exists();
        assertThat(codex).exists();
    }

    @Test
    void aFolderWithoutATraceIsBadInputNamingIt() throws Exception {
        Path notes = Files.createDirectories(temp.resolve("notes"));
        Files.writeString(notes.resolve("todo.txt"), "nothing to import");

        CliTest.Outcome imported = CliTest.run("import", notes.toString(), "--db", temp.resolve("db/store").toString());

        assertThat(imported.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(imported.err()).contains(notes + ": unrecognised trace format");
    }
}
