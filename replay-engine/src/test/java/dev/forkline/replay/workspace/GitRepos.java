package dev.forkline.replay.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs git for tests (making repositories, checking what a loaded tree holds). */
final class GitRepos {

    private GitRepos() {
    }

    /** Runs git in {@code dir} with a fixed identity and returns its stdout; fails the test when git fails. */
    static String git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=Test", "-c", "user.email=test@example.invalid",
                "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", "-C", dir.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new AssertionError("git " + String.join(" ", args) + " failed in " + dir + ":\n" + output);
        }
        return output;
    }
}
