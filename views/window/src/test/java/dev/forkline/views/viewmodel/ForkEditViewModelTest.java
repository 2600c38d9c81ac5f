package dev.forkline.views.viewmodel;

import dev.forkline.replay.engine.EventEdit;
import dev.forkline.trace.Event;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.testdata.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ForkEditViewModelTest {

    @Test
    void aToolCallIsEditedAsArgumentsAndArgvOrDropped(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            workbench.selectEvent("r1.14");
            ForkEditViewModel form = workbench.replay().editSelected();
            Event call = form.event();
            assertThat(form.jsonProperty().get()).contains("\"arguments\"", "\"argv\"");
            assertThatThrownBy(form::edit).hasMessageContaining("changes nothing");
            assertThat(form.submit()).isFalse();
            assertThat(form.problemProperty().get()).contains("changes nothing");

            String command = call.data().path("arguments").path("command").asText();
            form.jsonProperty().set("{\"arguments\": {\"command\": \"" + command + " --fixed\"}}");
            EventEdit edit = form.edit();
            assertThat(edit.eventId()).isEqualTo("r1.14");
            assertThat(edit.applyTo(call.data()).path("arguments").path("command").asText()).endsWith("--fixed");

            form.jsonProperty().set("not json");
            assertThatThrownBy(form::edit).hasMessageStartingWith("not valid JSON at line 1, column ");
            // the parser's own words (feature names, source descriptions) are not shown: what is wrong, where
            form.jsonProperty().set("{\"arguments\": {\"command\": \"ls\",\n}}");
            assertThatThrownBy(form::edit).hasMessage("not valid JSON at line 2, column 1: a field name must be in double quotes "
                    + "(a trailing comma before } also causes this)").hasMessageNotContaining("StreamReadFeature");
            form.jsonProperty().set("{\"arguments\": {\"command\": \"ls\"");
            assertThatThrownBy(form::edit).hasMessageStartingWith("not valid JSON at line 1").hasMessageEndingWith(
                    "it ends too early (a closing } or ] or \" is missing)");
            form.dropProperty().set(true);
            assertThat(form.edit().drop()).isTrue();

            // no Docker engine known: submitting says why instead of starting
            assertThat(form.submit()).isTrue();
            assertThat(workbench.replay().failureProperty().get()).startsWith("Replay unavailable: ");
            assertThat(workbench.replay().runningProperty().get()).isFalse();
        }
    }

    @Test
    void replayStartsFromTheNearestCheckpointAtOrBeforeTheSelection(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            workbench.selectEvent("r1.6");
            assertThat(checkpoint(workbench)).contains("r1.2");
            workbench.selectEvent("r1.7");
            assertThat(checkpoint(workbench)).as("at the selection").contains("r1.7");
            workbench.selectEvent("r1.15");
            assertThat(checkpoint(workbench)).contains("r1.7");
            workbench.selectRun("r2");
            workbench.selectEvent("r2.8");
            assertThat(checkpoint(workbench)).as("a fork's own run holds none: the one it was forked from").contains("r1.7");
        }
    }

    private static Optional<String> checkpoint(WorkbenchViewModel workbench) {
        return workbench.replay().checkpointForSelection().map(Event::id);
    }
}
