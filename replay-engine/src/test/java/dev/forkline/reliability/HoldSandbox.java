package dev.forkline.reliability;

import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.SandboxLabels;
import java.util.List;
import java.util.Map;

/** Run in a child JVM by {@link SandboxHygieneSoakTest}: starts a sandbox, says so, and holds it until killed. */
public final class HoldSandbox {

    private HoldSandbox() {
    }

    public static void main(String[] args) throws Exception {
        Sandbox sandbox = DockerEngine.fromEnvironment().start(IsolationBoundary.strict(), new SandboxLabels("soak-child", "r1"), List.of());
        System.out.println("READY " + sandbox.containerId());
        System.out.flush();
        if (args.length > 0 && args[0].equals("exec")) {
            sandbox.exec(List.of("sleep", "600"), "/workspace", Map.of(), java.time.Duration.ofMinutes(10));
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
