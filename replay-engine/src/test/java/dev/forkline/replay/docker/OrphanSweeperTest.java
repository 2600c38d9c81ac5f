package dev.forkline.replay.docker;

import dev.forkline.replay.sandbox.*;
import com.github.dockerjava.api.exception.NotFoundException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Tag("docker")
class OrphanSweeperTest {

    private DockerEngine engine;

    @BeforeEach
    void engine() {
        engine = DockerTestSupport.engineOrSkip();
    }

    @AfterEach
    void nothingOutlivesTheTest() {
        DockerTestSupport.assertNoContainerLeft(engine);
    }

    @Test
    void removesContainersOfADeadOwnerAndSparesTheLiveOnes() throws Exception {
        Process shortLived = new ProcessBuilder("true").start();
        shortLived.waitFor();
        long deadPid = shortLived.pid();
        Map<String, String> orphanLabels = new HashMap<>(new SandboxLabels("old-session", "r1").toMap());
        orphanLabels.put(SandboxLabels.PID, Long.toString(deadPid));
        orphanLabels.put(SandboxLabels.OWNER_START, "1000");
        String orphan = engine.client().createContainerCmd(IsolationBoundary.DEFAULT_IMAGE)
                .withLabels(orphanLabels).withEntrypoint("sleep").withCmd("1000").exec().getId();
        try (DockerSandbox live = DockerSandbox.start(engine, IsolationBoundary.strict(), new SandboxLabels("live", "r1"), List.of())) {
            List<String> removed = new OrphanSweeper(engine).sweep();
            assertThat(removed).contains(orphan).doesNotContain(live.containerId());
            assertThat(live.state().running()).isTrue();
        } finally {
            try {
                engine.client().removeContainerCmd(orphan).withForce(true).withRemoveVolumes(true).exec();
            } catch (NotFoundException alreadySwept) {
                // expected
            }
        }
    }

    @Test
    void ownerLivenessIsJudgedByPidAndStartTime() {
        Map<String, String> mine = new SandboxLabels("s", "r").toMap();
        assertThat(SandboxLabels.isOrphan(mine)).isFalse();
        Map<String, String> reusedPid = new HashMap<>(mine);
        reusedPid.put(SandboxLabels.OWNER_START, "1000");
        assertThat(SandboxLabels.isOrphan(reusedPid)).isTrue();
        Map<String, String> otherHost = new HashMap<>(reusedPid);
        otherHost.put(SandboxLabels.HOST, "some-other-host");
        assertThat(SandboxLabels.isOrphan(otherHost)).isFalse();
    }
}
