package dev.forkline.replay.sandbox;

import dev.forkline.replay.docker.DockerEngine;
import com.github.dockerjava.api.model.Container;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Shared set-up for tests tagged {@code docker}: without an engine they are skipped with the reason, except under
 * CI=true where a missing engine is a failure. The default image is built when absent; {@link #ensureImage} builds
 * the others a test needs.
 */
public final class DockerTestSupport {

    private static final Map<String, String> FAILED_BUILDS = new HashMap<>();

    private static DockerEngine engine;

    private DockerTestSupport() {
    }

    public static synchronized DockerEngine engineOrSkip() {
        if (engine == null) {
            DockerEngine candidate = DockerEngine.fromEnvironment();
            try {
                candidate.ping();
            } catch (EngineUnavailableException e) {
                if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                    fail("CI=true but " + e.getMessage());
                }
                assumeTrue(false, "skipped: " + e.getMessage());
            }
            ensureImage(candidate, SandboxImages.DEFAULT);
            engine = candidate;
        }
        return engine;
    }

    /**
     * Builds {@code image} with packaging/sandbox-image/build ({@code --only sandbox} or {@code --only debian}) when the
     * engine lacks it, and fails the test with the script's exit code and output when the build fails or outlasts its
     * time limit. A failed build is not tried again in the same JVM: later tests fail at once with the same message.
     *
     * @throws IllegalArgumentException for an image the script does not build
     */
    public static synchronized void ensureImage(DockerEngine engine, String image) {
        String buildTarget = switch (image) {
            case SandboxImages.DEFAULT -> "sandbox";
            case SandboxImages.DEBIAN -> "debian";
            default -> throw new IllegalArgumentException("packaging/sandbox-image/build does not build " + image);
        };
        String earlier = FAILED_BUILDS.get(image);
        if (earlier != null) {
            fail(earlier);
        }
        if (SandboxImages.isPresent(engine, image)) {
            return;
        }
        // debootstrap takes 3 to 8 minutes on a loaded 2-core machine, more when packages must be downloaded first
        Duration limit = image.equals(SandboxImages.DEBIAN) ? Duration.ofMinutes(40) : Duration.ofMinutes(5);
        String problem = build(findBuildScript(), buildTarget, image, limit);
        if (problem == null && !SandboxImages.isPresent(engine, image)) {
            problem = "packaging/sandbox-image/build --only " + buildTarget + " succeeded but " + image + " is still absent";
        }
        if (problem != null) {
            FAILED_BUILDS.put(image, problem);
            fail(problem);
        }
    }

    /** Runs the build script; returns null on success, else what went wrong with the script's output. */
    private static String build(Path script, String buildTarget, String image, Duration limit) {
        List<String> command = List.of("bash", script.toString(), "--only", buildTarget);
        StringBuffer output = new StringBuffer();
        Process build;
        try {
            // Never inherit the test JVM's streams: surefire talks to its forked JVM through them.
            build = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return "could not run " + String.join(" ", command) + ": " + e.getMessage();
        }
        try {
            build.getOutputStream().close();
        } catch (IOException ignored) {
            // the script reads nothing
        }
        Thread reader = Thread.ofPlatform().daemon().name("sandbox-image-build-output").start(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(build.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    output.append(line).append('\n');
                    System.out.println(line);
                }
            } catch (IOException e) {
                output.append("(reading the output failed: ").append(e.getMessage()).append(")\n");
            }
        });
        try {
            if (!build.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                build.descendants().forEach(ProcessHandle::destroy);
                build.destroy();
                if (!build.waitFor(10, TimeUnit.SECONDS)) {
                    build.descendants().forEach(ProcessHandle::destroyForcibly);
                    build.destroyForcibly();
                }
                reader.join(Duration.ofSeconds(5));
                return String.join(" ", command) + " did not build " + image + " within " + limit.toMinutes()
                        + " minutes; its output so far:\n" + output;
            }
            reader.join(Duration.ofSeconds(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            build.descendants().forEach(ProcessHandle::destroy);
            build.destroy();
            return "interrupted while building " + image;
        }
        if (build.exitValue() != 0) {
            return String.join(" ", command) + " exited " + build.exitValue() + " without building " + image
                    + "; its output:\n" + output;
        }
        return null;
    }

    private static Path findBuildScript() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path script = dir.resolve("packaging/sandbox-image/build");
            if (Files.isRegularFile(script)) {
                return script;
            }
        }
        throw new IllegalStateException("packaging/sandbox-image/build not found above " + Path.of("").toAbsolutePath());
    }

    /** Containers labelled as owned by this JVM: after a test there must be none. */
    public static List<Container> containersOfThisProcess(DockerEngine docker) {
        return docker.client().listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(SandboxLabels.PRODUCT, SandboxLabels.PRODUCT_VALUE,
                        SandboxLabels.PID, Long.toString(ProcessHandle.current().pid())))
                .exec();
    }

    /**
     * Fails the test when a container of this process outlived it, removing them first. {@code null} (a test skipped for
     * want of an engine, whose {@code @AfterEach} runs all the same) has nothing to check.
     */
    public static void assertNoContainerLeft(DockerEngine docker) {
        if (docker == null) {
            return;
        }
        List<Container> left = containersOfThisProcess(docker);
        if (!left.isEmpty()) {
            left.forEach(c -> docker.client().removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec());
            fail("labelled containers outlived the test: " + left.stream().map(Container::getId).toList());
        }
    }
}
