package dev.forkline.benchmarks.figures;

import dev.forkline.replay.sandbox.IsolationBoundary;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The floors of the sandbox figures: the docker command line, run with ProcessBuilder, with the sandbox's flags. */
final class DockerCli {

    static final String LABEL = "dev.forkline.benchmark=1";

    private DockerCli() {
    }

    /** {@code docker run} flags that give a container the same isolation as a {@link IsolationBoundary}. */
    static List<String> isolationFlags(IsolationBoundary boundary) {
        List<String> flags = new ArrayList<>(List.of("--network", boundary.network(), "--user", boundary.user(),
                "--memory", Long.toString(boundary.memoryBytes()), "--memory-swap", Long.toString(boundary.memoryBytes()),
                "--cpus", Double.toString(boundary.nanoCpus() / 1e9), "--pids-limit", Long.toString(boundary.pidsLimit()),
                "--tmpfs", "/tmp:rw,nosuid,nodev,noexec,size=" + boundary.tmpSizeBytes(),
                "-v", boundary.workspace(), "-w", boundary.workspace(), "--label", LABEL));
        if (boundary.readOnlyRoot()) {
            flags.add("--read-only");
        }
        for (String capability : boundary.capDrop()) {
            flags.add("--cap-drop");
            flags.add(capability);
        }
        if (boundary.noNewPrivileges()) {
            flags.add("--security-opt");
            flags.add("no-new-privileges");
        }
        return flags;
    }

    /** {@code docker run --rm <flags> <image> true}. */
    static void runTrue(IsolationBoundary boundary) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("docker", "run", "--rm"));
        command.addAll(isolationFlags(boundary));
        command.add(boundary.image());
        command.add("true");
        run(command, null);
    }

    /** Starts an idle container with the same flags; returns its id. */
    static String startIdle(IsolationBoundary boundary) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("docker", "run", "-d"));
        command.addAll(isolationFlags(boundary));
        command.add("--entrypoint");
        command.add("sleep");
        command.add(boundary.image());
        command.add("2147483647");
        return run(command, null).strip();
    }

    static void execTrue(String container, IsolationBoundary boundary) throws IOException, InterruptedException {
        run(List.of("docker", "exec", "--user", boundary.user(), "-w", boundary.workspace(), container, "true"), null);
    }

    /** {@code docker cp - container:dir < tar}: the engine extracts the streamed archive into the directory. */
    static void copyTar(Path tar, String container, String directory) throws IOException, InterruptedException {
        run(List.of("docker", "cp", "-", container + ":" + directory), tar);
    }

    static String exec(String container, String... argv) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("docker", "exec", container));
        command.addAll(List.of(argv));
        return run(command, null);
    }

    static void remove(String container) {
        try {
            run(List.of("docker", "rm", "-f", "-v", container), null);
        } catch (IOException | InterruptedException | IllegalStateException e) {
            // best effort: the container may be gone already
        }
    }

    /** Runs {@code command} (stdin from {@code stdin} when given) and returns its output; a non-zero exit throws. */
    static String run(List<String> command, Path stdin) throws IOException, InterruptedException {
        Ran ran = attempt(command, stdin);
        if (ran.exit() != 0) {
            throw new IllegalStateException(String.join(" ", command.subList(0, Math.min(3, command.size())))
                    + " failed (exit " + ran.exit() + "): " + ran.output().strip());
        }
        return ran.output();
    }

    /** What a command printed (stdout and stderr together) and its exit status. */
    record Ran(int exit, String output) {
    }

    /** Runs {@code command} and returns its exit status and output, whatever the status. */
    static Ran attempt(List<String> command, Path stdin) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (stdin != null) {
            builder.redirectInput(stdin.toFile());
        }
        Process process = builder.start();
        String output;
        try (InputStream in = process.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return new Ran(process.waitFor(), output);
    }
}
