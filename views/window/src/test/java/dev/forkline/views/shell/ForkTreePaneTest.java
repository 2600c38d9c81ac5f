package dev.forkline.views.shell;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.data.IndexRunLineage;
import dev.forkline.views.data.RunNode;
import dev.forkline.views.data.TaskOutcome;
import dev.forkline.views.testdata.MisleadingRuns;
import dev.forkline.views.viewmodel.ForkTreeViewModel;
import javafx.scene.Scene;
import javafx.scene.control.TreeItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fork tree shows nodes that changed in place when the runs are the same (what they did to test files became
 * known after the open): what the reviewer collapsed and selected stays; other runs make a new tree.
 */
class ForkTreePaneTest {

    @Test
    void nodesThatChangedAreShownInTheItemsAlreadyThereKeepingWhatWasCollapsedAndSelected(@TempDir Path dir) throws Exception {
        HeadlessFx.ensureStarted();
        try (Bundle bundle = BundleReader.read(MisleadingRuns.write(dir.resolve("bundle")))) {
            IndexRunLineage lineage = new IndexRunLineage(bundle);
            ForkTreeViewModel model = new ForkTreeViewModel();
            ForkTreePane pane = HeadlessFx.call(() -> {
                ForkTreePane shown = new ForkTreePane(model);
                new Scene(shown, 600, 400);
                model.setLineage("t", lineage);
                model.selectedRunProperty().set("r1");
                shown.tree.getRoot().getChildren().getFirst().setExpanded(false); // r1, its forks under it
                return shown;
            });
            TreeItem<RunNode> r1 = HeadlessFx.call(() -> pane.tree.getRoot().getChildren().getFirst());
            assertThat(r1.getValue().tests()).isEqualTo(TaskOutcome.Tests.CHECKING);

            lineage.checkTests();
            HeadlessFx.call(() -> {
                model.refreshNodes();
                return null;
            });

            HeadlessFx.call(() -> {
                TreeItem<RunNode> after = pane.tree.getRoot().getChildren().getFirst();
                assertThat(after).as("the same item").isSameAs(r1);
                assertThat(after.isExpanded()).as("still collapsed").isFalse();
                assertThat(after.getValue().tests()).isEqualTo(TaskOutcome.Tests.DELETED);
                assertThat(after.getChildren()).extracting(item -> item.getValue().run() + " " + item.getValue().tests())
                        .containsExactly("r2 IN_PLACE", "r3 DELETED", "r4 DELETED");
                assertThat(pane.tree.getSelectionModel().getSelectedItem()).isSameAs(r1);
                return null;
            });

            HeadlessFx.call(() -> {
                model.setLineage("other", new IndexRunLineage(dev.forkline.views.testdata.DemoTrace.bundle()));
                assertThat(pane.tree.getRoot().getChildren().getFirst()).as("other runs: a new tree").isNotSameAs(r1);
                assertThat(pane.tree.getRoot().getChildren().getFirst().isExpanded()).isTrue();
                return null;
            });
        }
    }
}
