package dev.forkline.replay.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs the host's {@code git} with a time bound. Line-ending conversion and the file-system monitor are switched off
 * for these commands so that a checkout holds the committed bytes whatever the user's configuration says.
 */
final class GitCli {

    /** What one git command did. */
    record Result(int exitCode, String stdout, String stderr) {

        boolean ok() {
            return exitCode == 0;
        }

        /** The first line git wrote to stderr, or "" — git's own explanation of a failure. */
        String reason() {
            String text = stderr.strip();
            int newline = text.indexOf('\n');
            return newline < 0 ? text : text.substring(0, newline);
        }
    }

    static final Duration QUICK = Duration.ofMinutes(1);
    static final Duration SLOW = Duration.ofMinutes(10);

    private GitCli() {
    }

    /** Whether {@code directory} itself is a git repository: it has a {@code .git}, or it is a bare repository. */
    static boolean isRepository(Path directory) {
        return Files.exists(directory.resolve(".git"), java.nio.file.LinkOption.NOFOLLOW_LINKS)
                || (Files.isRegularFile(directory.resolve("HEAD")) && Files.isDirectory(directory.resolve("objects"))
                        && Files.isDirectory(directory.resolve("refs")));
    }

    /**
     * Runs {@code git -C dir args...}.
     *
     * @throws IOException when git is not installed, cannot be started or does not finish within {@code timeout}
     */
    static Result run(Path dir, Duration timeout, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "core.autocrlf=false", "-c", "core.fsmonitor=false",
                "-c", "core.hooksPath=/dev/null", "-C", dir.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("GIT_TERMINAL_PROMPT", "0");
        builder.environment().put("LC_ALL", "C");
        Process process;
        try {
            process = builder.start();
        } catch (IOException notStarted) {
            throw new IOException("git is not installed or not on the PATH (" + notStarted.getMessage()
                    + "); it is needed to read the git repository " + dir, notStarted);
        }
        process.getOutputStream().close();
        CompletableFuture<String> stdout = drain(process.getInputStream());
        CompletableFuture<String> stderr = drain(process.getErrorStream());
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IOException("git " + args[0] + " in " + dir + " did not finish within " + timeout.toSeconds() + " s");
            }
            return new Result(process.exitValue(), stdout.get(), stderr.get());
        } catch (InterruptedException interrupted) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while git " + args[0] + " ran in " + dir, interrupted);
        } catch (ExecutionException failed) {
            throw new IOException("could not read the output of git " + args[0] + " in " + dir, failed.getCause());
        }
    }

    private static CompletableFuture<String> drain(InputStream stream) {
        CompletableFuture<String> text = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (stream) {
                text.complete(new String(stream.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                text.completeExceptionally(new UncheckedIOException(e));
            }
        });
        return text;
    }
}
