package dev.forkline.replay.sandbox;

import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Shared set-up for tests tagged {@code docker}: without an engine they are skipped with the reason, except under
 * CI=true where a missing engine is a failure. The default image is built when absent.
 */
public final class DockerTestSupport {

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
            ensureDefaultImage(candidate);
            engine = candidate;
        }
        return engine;
    }

    private static void ensureDefaultImage(DockerEngine candidate) {
        try {
            candidate.client().inspectImageCmd(IsolationBoundary.DEFAULT_IMAGE).exec();
            return;
        } catch (NotFoundException e) {
            // build it below
        }
        Path script = findBuildScript();
        try {
            Process build = new ProcessBuilder("bash", script.toString()).inheritIO().start();
            if (!build.waitFor(5, TimeUnit.MINUTES) || build.exitValue() != 0) {
                build.destroyForcibly();
                fail(script + " did not build " + IsolationBoundary.DEFAULT_IMAGE);
            }
        } catch (IOException e) {
            fail("could not run " + script + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted while building the sandbox image");
        }
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

    public static void assertNoContainerLeft(DockerEngine docker) {
        List<Container> left = containersOfThisProcess(docker);
        if (!left.isEmpty()) {
            left.forEach(c -> docker.client().removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec());
            fail("labelled containers outlived the test: " + left.stream().map(Container::getId).toList());
        }
    }
}
