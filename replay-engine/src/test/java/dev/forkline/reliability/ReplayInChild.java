package dev.forkline.reliability;

import dev.forkline.replay.engine.ReplayEngine;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.docker.DockerEngine;
import java.nio.file.Path;

/** Run in a child JVM by {@link SandboxHygieneSoakTest}: replays a bundle, printing its sandbox's id once provisioned, until killed. */
public final class ReplayInChild {

    private ReplayInChild() {
    }

    public static void main(String[] args) throws Exception {
        ReplayRequest request = ReplayRequest.builder(Path.of(args[0])).run(args[1]).checkpoint(args[2]).build();
        new ReplayEngine(DockerEngine.fromEnvironment()).replay(request, new ReplayListener() {
            @Override
            public void provisioned(String containerId, long provisionMs, long restoreMs, boolean fromPool) {
                System.out.println("READY " + containerId);
                System.out.flush();
            }
        });
        System.out.println("DONE");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
