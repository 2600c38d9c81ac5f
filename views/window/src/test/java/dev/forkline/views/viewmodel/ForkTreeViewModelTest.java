package dev.forkline.views.viewmodel;

import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.Lineage;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.data.RunLineage;
import dev.forkline.views.data.RunNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The run list as replays pile up: hiding runs (and showing them again) and grouping each run's replays. */
class ForkTreeViewModelTest {

    private final ForkTreeViewModel tree = new ForkTreeViewModel();

    /** r1 with three replays (r2, r3, r5) and a fork r4, which has a replay r6 of its own. */
    @BeforeEach
    void aRunWithReplays() {
        tree.setLineage("t1", new NodesOnly(root()));
        tree.selectedRunProperty().set("r1");
    }

    @Test
    void hidingARunLeavesItAndWhatForkedFromItOutUntilShownAgain() {
        tree.selectedRunProperty().set("r6");
        assertThat(tree.canHide("r1")).as("a root is never hidden").isFalse();
        assertThat(tree.hide("r4")).isTrue();

        assertThat(children()).extracting(RunNode::run).containsExactly("r2", "r3", "r5");
        assertThat(tree.hiddenCountProperty().get()).isEqualTo(1);
        assertThat(tree.selectedRunProperty().get()).as("the shown run was hidden with its parent: its grandparent shows").isEqualTo("r1");

        tree.showHiddenProperty().set(true);
        assertThat(children()).extracting(RunNode::run).containsExactly("r2", "r3", "r4", "r5");
        assertThat(tree.isHidden("r4")).isTrue();
        tree.unhide("r4");
        tree.showHiddenProperty().set(false);
        assertThat(children()).extracting(RunNode::run).containsExactly("r2", "r3", "r4", "r5");
        assertThat(tree.hiddenCountProperty().get()).isZero();
    }

    @Test
    void hiddenRunsAreRememberedPerTrace() {
        tree.hide("r2");
        tree.setLineage("t2", new NodesOnly(root()));
        assertThat(tree.hiddenCountProperty().get()).isZero();
        tree.setLineage("t1", new NodesOnly(root()));
        assertThat(tree.isHidden("r2")).isTrue();
    }

    @Test
    void groupingPutsARunsReplaysUnderOneNodeThatIsNotARun() {
        tree.groupReplaysProperty().set(true);

        List<RunNode> children = children();
        assertThat(children).extracting(RunNode::run).containsExactly("r4", "replays of r1");
        RunNode group = children.get(1);
        assertThat(group.isGroup()).isTrue();
        assertThat(group.badge()).isEqualTo("3 replays");
        assertThat(group.children()).extracting(RunNode::run).containsExactly("r2", "r3", "r5");
        assertThat(children.getFirst().children()).as("a single replay is not grouped").extracting(RunNode::run).containsExactly("r6");

        tree.hide("r3");
        assertThat(children().get(1).children()).extracting(RunNode::run).containsExactly("r2", "r5");
        tree.groupReplaysProperty().set(false);
        assertThat(children()).extracting(RunNode::run).containsExactly("r2", "r4", "r5");
    }

    private List<RunNode> children() {
        return tree.rootsProperty().get().getFirst().children();
    }

    private static RunNode root() {
        RunNode r6 = node("r6", "r4", "replay");
        RunNode r4 = new RunNode("r4", "r1", "fork", null, "success", "cp1", 1, 10, List.of(r6));
        return new RunNode("r1", null, "original", null, "failure", null, 0, 10,
                List.of(node("r2", "r1", "replay"), node("r3", "r1", "replay"), r4, node("r5", "r1", "replay")));
    }

    private static RunNode node(String run, String parent, String origin) {
        return new RunNode(run, parent, origin, "matched", "success", "cp1", 0, 5, List.of());
    }

    /** A lineage of run nodes only: what the fork tree reads. */
    private record NodesOnly(RunNode root) implements RunLineage {

        private Map<String, RunNode> nodes() {
            Map<String, RunNode> all = new HashMap<>();
            collect(root, all);
            return all;
        }

        private static void collect(RunNode node, Map<String, RunNode> all) {
            all.put(node.run(), node);
            node.children().forEach(child -> collect(child, all));
        }

        @Override
        public List<RunNode> roots() {
            return List.of(root);
        }

        @Override
        public RunNode node(String run) {
            return nodes().get(run);
        }

        @Override
        public List<String> path(String run) {
            List<String> path = new ArrayList<>();
            for (RunNode at = node(run); at != null; at = at.parentRun() == null ? null : node(at.parentRun())) {
                path.addFirst(at.run());
            }
            return path;
        }

        @Override
        public boolean testsChecked() {
            return true;
        }

        @Override
        public void checkTests() {
        }

        @Override
        public void assumeTestsOf(RunLineage earlier) {
        }

        @Override
        public RunEvents events(String run) {
            return RunEvents.empty();
        }

        @Override
        public Lineage eventsWithAncestry(String run) {
            throw new UnsupportedOperationException("the fork tree reads no events");
        }

        @Override
        public EventColumns columns() {
            throw new UnsupportedOperationException("the fork tree reads no events");
        }
    }
}
