package dev.forkline.views.testdata;

import com.github.dockerjava.api.exception.NotFoundException;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.EngineUnavailableException;
import dev.forkline.replay.sandbox.IsolationBoundary;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * For tests tagged {@code docker}: skipped with the reason when no engine answers, except under CI=true where that
 * is a failure. The sandbox image is built (packaging/sandbox-image/build) when absent.
 */
public final class DockerRequired {

    private static boolean checked;

    private DockerRequired() {
    }

    public static synchronized void engineOrSkip() throws Exception {
        if (checked) {
            return;
        }
        DockerEngine engine = DockerEngine.shared();
        try {
            engine.ping();
        } catch (EngineUnavailableException e) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI=true but " + e.getMessage());
            }
            assumeTrue(false, "skipped: " + e.getMessage());
        }
        try {
            engine.client().inspectImageCmd(IsolationBoundary.DEFAULT_IMAGE).exec();
        } catch (NotFoundException e) {
            Path script = dev.forkline.trace.testing.RepositoryFiles.resolve("packaging", "sandbox-image", "build");
            Process build = new ProcessBuilder("bash", script.toString()).inheritIO().start();
            if (!build.waitFor(5, TimeUnit.MINUTES) || build.exitValue() != 0) {
                build.destroyForcibly();
                fail(script + " did not build " + IsolationBoundary.DEFAULT_IMAGE);
            }
        }
        checked = true;
    }
}
