package dev.forkline.replay.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.Bundle;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A real Claude Code session (shared/replay/claude-code/a47cfcb669b1: Read, Write, two Edits of which one was refused,
 * go test), imported and rebuilt on the tree it started from (entireio/cli at e4e7a027): each recorded edit must fit
 * the start tree with the earlier edits applied.
 */
class ClaudeCodeSessionRebuildTest {

    private static final String EDITED = "cmd/entire/cli/session/phase_test.go";
    private static final String WRITTEN = "docs/generated/.gitignore";

    @Test
    void everyEditFitsTheStartTreeAndTheLastEditGivesTheRecordedFile() throws Exception {
        Path transcript = SharedReplay.require("claude-code/a47cfcb669b1/0/full.jsonl");
        StartingTree tree = WorkspaceSource.parse(SharedReplay.require("repos/entireio__cli@e4e7a027.tar.gz").toString()).load();

        ImportedTrace imported = Importers.builtIn().read(transcript);
        try (Bundle bundle = imported.bundle()) {
            List<Event> events = bundle.events();
            List<Event> mutations = events.stream().filter(e -> e.is(EventType.STATE_MUTATION)).toList();
            assertThat(mutations).extracting(e -> e.text("path")).containsExactly(EDITED, WRITTEN);

            WorkspaceRebuilder rebuilder = WorkspaceRebuilder.of(tree, events, bundle.blobs());

            assertThat(rebuilder.checks()).hasSize(2).allSatisfy(check -> {
                assertThat(check.ok()).as(check.outcome().summary()).isTrue();
                assertThat(((MutationOutcome.Applied) check.outcome()).note()).as(check.path()).isNull();
            });

            Event edit = mutations.getFirst();
            byte[] recordedAfter = bundle.blobs().read(edit.text("after")).orElseThrow();
            int last = events.size() - 1;
            Map<String, WorkspaceFile> end = rebuilder.filesAt(last);
            assertThat(end.get(EDITED).content()).isEqualTo(recordedAfter);
            assertThat(new String(end.get(WRITTEN).content(), StandardCharsets.UTF_8)).contains("!.gitignore");
            assertThat(end).hasSize(tree.files().size() + 1);

            // before the edit the file is the start tree's; the written file appears only with its event
            int editAt = events.indexOf(edit);
            assertThat(rebuilder.filesAt(editAt - 1).get(EDITED)).isSameAs(tree.byPath().get(EDITED));
            assertThat(rebuilder.filesAt(editAt).get(EDITED).content()).isEqualTo(recordedAfter);
            assertThat(rebuilder.filesAt(editAt).containsKey(WRITTEN)).isFalse();
            assertThat(rebuilder.filesAt(-1)).isEqualTo(tree.byPath());
        }
    }
}
