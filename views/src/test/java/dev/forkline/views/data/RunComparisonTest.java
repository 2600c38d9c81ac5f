package dev.forkline.views.data;

import dev.forkline.trace.Event;
import dev.forkline.views.testdata.DemoTrace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RunComparisonTest {

    @Test
    void forkIsAlignedWithItsParentAfterTheCheckpoint() {
        IndexRunLineage lineage = new IndexRunLineage(DemoTrace.bundle());
        RunComparison comparison = RunComparison.withParent(lineage, DemoTrace.FORK);
        assertThat(comparison.leftRun()).isEqualTo(DemoTrace.ROOT);
        assertThat(comparison.rows().getFirst().left().text("callId")).isEqualTo("c4");
        assertThat(comparison.rows().getFirst().right().text("callId")).isEqualTo("c2");
        assertThat(comparison.firstDivergence()).isZero();
        assertThat(comparison.rows()).hasSize(8);
    }

    @Test
    void identicalStepsAgreeUntilTheFirstDifference() {
        List<Event> root = DemoTrace.bundle().events().stream().filter(e -> e.run().equals(DemoTrace.ROOT)).toList();
        RunComparison same = RunComparison.compare("a", root, "b", root, null);
        assertThat(same.firstDivergence()).isEqualTo(-1);
        RunComparison shorter = RunComparison.compare("a", root, "b", root.subList(0, 10), null);
        assertThat(shorter.firstDivergence()).isEqualTo(10);
        assertThat(shorter.rows().get(10).right()).isNull();
    }

    @Test
    void aRootRunHasNothingToCompare() {
        IndexRunLineage lineage = new IndexRunLineage(DemoTrace.bundle());
        assertThat(RunComparison.withParent(lineage, DemoTrace.ROOT).rows()).isEmpty();
    }

    @Test
    void replayBadgesSayWhetherTheReplayMatchedItsParent() {
        var bundle = DemoTrace.bundle();
        List<Event> all = new java.util.ArrayList<>(bundle.events());
        dev.forkline.trace.EventChain chain = new dev.forkline.trace.EventChain();
        all.forEach(chain::accept);
        Event checkpoint = all.stream().filter(e -> "cp-2".equals(e.text("checkpointId"))).findFirst().orElseThrow();
        List<Event> afterCheckpoint = all.stream().filter(e -> e.run().equals(DemoTrace.ROOT) && e.seq() > checkpoint.seq()).toList();
        addReplay(chain, all, "r3", checkpoint, afterCheckpoint);
        addReplay(chain, all, "r4", checkpoint, afterCheckpoint.subList(0, 3));
        var lineage = new IndexRunLineage(new dev.forkline.trace.bundle.Bundle("x", bundle.manifest(), all, new int[all.size()], bundle.blobs()));
        assertThat(lineage.node("r3").badge()).isEqualTo("replay matched");
        assertThat(lineage.node("r4").badge()).isEqualTo("replay diverged");
    }

    private static void addReplay(dev.forkline.trace.EventChain chain, List<Event> all, String run, Event checkpoint, List<Event> copy) {
        chain.startFork(run, checkpoint);
        var fork = dev.forkline.trace.Json.object();
        fork.put("parentRun", DemoTrace.ROOT);
        fork.put("checkpoint", "cp-2");
        fork.put("checkpointEvent", checkpoint.id());
        fork.put("reason", "replay");
        all.add(chain.append(dev.forkline.trace.NewEvent.ofRawType(run, "harness", "run.fork").at(checkpoint.ts().plusSeconds(300)).data(fork)));
        for (Event original : copy) {
            all.add(chain.append(dev.forkline.trace.NewEvent.ofRawType(run, original.actor(), original.type())
                    .at(original.ts().plusSeconds(300)).data(original.data().deepCopy())));
        }
    }
}
