package dev.forkline.views.data;

import dev.forkline.trace.Event;
import dev.forkline.views.testdata.DemoTrace;
import dev.forkline.views.testdata.ForkedRuns;
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
        assertThat(comparison.rows()).as("nothing in common: the calls and results paired as changed, the rest on one side").hasSize(10);
    }

    @Test
    void identicalStepsAgreeAndAMissingTailIsLeftOnly() {
        List<Event> root = DemoTrace.bundle().events().stream().filter(e -> e.run().equals(DemoTrace.ROOT)).toList();
        RunComparison same = RunComparison.compare("a", root, "b", root, null);
        assertThat(same.firstDivergence()).isEqualTo(-1);
        RunComparison shorter = RunComparison.compare("a", root, "b", root.subList(0, 10), null);
        assertThat(shorter.firstDivergence()).isEqualTo(10);
        assertThat(shorter.rows().get(10).right()).isNull();
        assertThat(shorter.rows().get(10).change()).isEqualTo(RunComparison.Change.LEFT_ONLY);
    }

    @Test
    void aForkThatDoesOneThingMoreIsAlignedByContentNotPosition() {
        RunComparison comparison = RunComparison.withParent(new IndexRunLineage(ForkedRuns.bundle()), "r2");
        List<String> rows = comparison.rows().stream().map(RunComparisonTest::describe).toList();
        assertThat(rows).containsExactly(
                "SAME model.call/model.call",
                "SAME tool.call/tool.call",
                "SAME tool.result/tool.result",
                "RIGHT_ONLY -/tool.call",
                "RIGHT_ONLY -/tool.result",
                "SAME model.call/model.call",
                "SAME tool.call/tool.call",
                "CHANGED tool.result/tool.result",
                "CHANGED session.end/session.end");
        assertThat(comparison.firstDivergence()).as("call ids differ between runs; that is no divergence").isEqualTo(3);
        assertThat(comparison.rows().get(3).right().id()).isEqualTo(ForkedRuns.CHECKOUT_CALL);
        assertThat(comparison.rows().get(6).left().id()).isEqualTo(ForkedRuns.PYTEST_CALL);
        assertThat(comparison.rows().get(6).leftStep()).isEqualTo(5);
        assertThat(comparison.rows().get(6).rightStep()).isEqualTo(7);
    }

    @Test
    void cellsReadAsTextNotJson() {
        Event pytest = ForkedRuns.bundle().events().stream().filter(e -> e.id().equals(ForkedRuns.PYTEST_CALL)).findFirst().orElseThrow();
        assertThat(RunComparison.summary(pytest)).isEqualTo("tool.call · agent:coder · bash: python -m pytest -q (workspace)");
    }

    private static String describe(RunComparison.Row row) {
        return row.change() + " " + (row.left() == null ? "-" : row.left().type()) + "/" + (row.right() == null ? "-" : row.right().type());
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
