package dev.forkline.replay.workspace;

import static dev.forkline.replay.workspace.Mutations.data;
import static dev.forkline.replay.workspace.Mutations.edit;
import static dev.forkline.replay.workspace.Mutations.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.MemoryBlobStore;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

class WorkspaceRebuilderTest {

    private final MemoryBlobStore blobs = new MemoryBlobStore();

    private final StartingTree start = new StartingTree("test tree", List.of(
            WorkspaceFile.regular("a.txt", bytes("alpha\n"), 0644),
            WorkspaceFile.regular("src/b.py", bytes("x = 1\n"), 0755)), null, List.of());

    @Test
    void theWorkspaceAtEachEventHoldsExactlyTheMutationsUpToIt() throws IOException {
        ObjectNode create = data("/workspace/new.txt", "create");
        create.putNull("before");
        create.put("after", blobs.put(bytes("fresh\n")));
        ObjectNode editB = edit(data("src/b.py", "modify"), "x = 1", "x = 2");
        editB.put("before", Hashes.sha256(bytes("x = 1\n")));
        ObjectNode delete = data("./a.txt", "delete");
        delete.put("before", Hashes.sha256(bytes("alpha\n")));
        List<Event> events = List.of(
                checkpoint(1, "/workspace/"),
                event(2, "tool.call", Json.object()),
                event(3, create),
                event(4, editB),
                event(5, "tool.result", Json.object()),
                event(6, delete));

        WorkspaceRebuilder rebuilder = WorkspaceRebuilder.of(start, events, blobs);

        assertThat(rebuilder.filesAt(-1)).isEqualTo(start.byPath());
        assertThat(rebuilder.filesAt(1)).isEqualTo(start.byPath());
        assertThat(rebuilder.filesAt(2).keySet()).containsExactly("a.txt", "new.txt", "src/b.py");
        assertThat(text(rebuilder.filesAt(2).get("src/b.py"))).isEqualTo("x = 1\n");
        assertThat(text(rebuilder.filesAt(3).get("src/b.py"))).isEqualTo("x = 2\n");
        assertThat(rebuilder.filesAt(3).get("src/b.py").mode()).isEqualTo(0755);
        assertThat(rebuilder.filesAt(4)).isEqualTo(rebuilder.filesAt(3));
        assertThat(rebuilder.filesAt(5).keySet()).containsExactly("new.txt", "src/b.py");
        assertThat(rebuilder.filesAt(5).containsKey("a.txt")).isFalse();

        assertThat(rebuilder.checks()).extracting(EditCheck::position, EditCheck::eventId, EditCheck::path, EditCheck::ok)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(2, "e3", "new.txt", true),
                        org.assertj.core.groups.Tuple.tuple(3, "e4", "src/b.py", true),
                        org.assertj.core.groups.Tuple.tuple(5, "e6", "a.txt", true));

        assertThatThrownBy(() -> rebuilder.filesAt(6)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> rebuilder.filesAt(-2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> rebuilder.filesAt(5).put("z", null)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void theWholeWorkspaceComesInPathOrderWithChangesMergedBetweenStartFiles() throws IOException {
        StartingTree unsorted = new StartingTree("unsorted", List.of(
                WorkspaceFile.regular("m.txt", bytes("m\n"), 0644),
                WorkspaceFile.regular("c.txt", bytes("c\n"), 0644),
                WorkspaceFile.regular("x/y.txt", bytes("y\n"), 0644)), null, List.of());
        ObjectNode first = data("a.txt", "create");
        first.put("after", blobs.put(bytes("a\n")));
        ObjectNode between = data("d.txt", "create");
        between.put("after", blobs.put(bytes("d\n")));
        ObjectNode last = data("z.txt", "create");
        last.put("after", blobs.put(bytes("z\n")));
        ObjectNode gone = data("m.txt", "delete");
        ObjectNode changed = edit(data("x/y.txt", "modify"), "y", "Y");

        WorkspaceRebuilder rebuilder = WorkspaceRebuilder.of(unsorted, List.of(event(1, last), event(2, between), event(3, first),
                event(4, gone), event(5, changed)), blobs);

        Map<String, WorkspaceFile> end = rebuilder.filesAt(4);
        assertThat(end.keySet()).containsExactly("a.txt", "c.txt", "d.txt", "x/y.txt", "z.txt");
        assertThat(text(end.get("x/y.txt"))).isEqualTo("Y\n");
        assertThat(rebuilder.filesAt(-1).keySet()).containsExactly("c.txt", "m.txt", "x/y.txt");
        assertThat(rebuilder.filesAt(1).keySet()).containsExactly("c.txt", "d.txt", "m.txt", "x/y.txt", "z.txt");
    }

    @Test
    void anEditOnAFileWrittenFromAnAfterBlobChecksItsPreconditionAgainstThatBlob() throws IOException {
        ObjectNode write = data("w.txt", "create");
        write.put("after", blobs.put(bytes("one\n")));
        ObjectNode matching = edit(data("w.txt", "modify"), "one", "two");
        matching.put("before", Hashes.sha256(bytes("one\n")));
        matching.put("after", blobs.put(bytes("two\n")));
        ObjectNode stale = edit(data("w.txt", "modify"), "one", "three");
        stale.put("before", Hashes.sha256(bytes("one\n")));

        WorkspaceRebuilder rebuilder = WorkspaceRebuilder.of(start, List.of(event(1, write), event(2, matching), event(3, stale)), blobs);

        assertThat(rebuilder.checks()).extracting(EditCheck::ok).containsExactly(true, true, false);
        assertThat(rebuilder.checks().get(2).outcome().summary()).contains("recorded before " + MutationApplier.shortHash(Hashes.sha256(bytes("one\n"))))
                .contains("found " + MutationApplier.shortHash(Hashes.sha256(bytes("two\n"))));
    }

    @Test
    void pathsOutsideTheRootAreSkippedWithACheckSayingSo() throws IOException {
        ObjectNode outside = data("/etc/passwd", "modify");
        outside.put("after", blobs.put(bytes("root::0:0\n")));
        ObjectNode climbing = data("src/../../x", "create");
        climbing.put("after", blobs.put(bytes("x\n")));
        List<Event> events = List.of(event(1, outside), event(2, climbing));

        WorkspaceRebuilder rebuilder = WorkspaceRebuilder.of(start, events, blobs, "/workspace");

        assertThat(rebuilder.checks()).extracting(c -> c.outcome().summary()).containsExactly(
                "/etc/passwd lies outside the workspace root /workspace; skipped",
                "src/../../x leads outside the workspace; skipped");
        assertThat(rebuilder.checks()).allMatch(c -> c.outcome() instanceof MutationOutcome.Skipped);
        assertThat(rebuilder.filesAt(1)).isEqualTo(start.byPath());

        // without a root (no checkpoint names one), absolute paths cannot be placed
        WorkspaceRebuilder noRoot = WorkspaceRebuilder.of(start, List.of(event(1, outside)), blobs);
        assertThat(noRoot.checks().getFirst().outcome().summary()).contains("the trace names no workspace root");
    }

    @Test
    void aFailedPreconditionStillTakesTheRecordedStateAndAnUnknownOneLeavesTheFile() throws IOException {
        ObjectNode stale = data("a.txt", "modify");
        stale.put("before", Hashes.sha256(bytes("something else\n")));
        stale.put("after", blobs.put(bytes("beta\n")));
        ObjectNode unknown = data("src/b.py", "modify");
        unknown.put("beforeKnown", false);
        unknown.put("afterKnown", false);
        WorkspaceRebuilder rebuilder = WorkspaceRebuilder.of(start, List.of(event(1, stale), event(2, unknown)), blobs);

        assertThat(rebuilder.checks().get(0).outcome()).isInstanceOf(MutationOutcome.PreconditionFailed.class);
        assertThat(rebuilder.checks().get(0).outcome().summary()).startsWith("a.txt: the file differs from what the edit was made on");
        assertThat(text(rebuilder.filesAt(0).get("a.txt"))).isEqualTo("beta\n");
        assertThat(rebuilder.checks().get(1).outcome()).isInstanceOf(MutationOutcome.Unknown.class);
        assertThat(rebuilder.filesAt(1).get("src/b.py")).isSameAs(start.byPath().get("src/b.py"));
    }

    @Test
    void aCodexMoveTakesThePatchedFileToItsNewPath() throws IOException {
        ObjectNode move = data("src/b.py", "modify");
        move.putNull("before");
        move.put("beforeKnown", false);
        move.put("afterKnown", false);
        move.put("diffBlob", blobs.put(bytes("@@\n-x = 1\n+x = 3\n")));
        move.put("movedTo", "src/c.py");

        WorkspaceRebuilder rebuilder = WorkspaceRebuilder.of(start, List.of(event(1, move)), blobs);

        Map<String, WorkspaceFile> after = rebuilder.filesAt(0);
        assertThat(after.keySet()).containsExactly("a.txt", "src/c.py");
        assertThat(text(after.get("src/c.py"))).isEqualTo("x = 3\n");
        assertThat(after.get("src/c.py").mode()).isEqualTo(0755);
        assertThat(((MutationOutcome.Applied) rebuilder.checks().getFirst().outcome()).file().path()).isEqualTo("src/c.py");
    }

    @Test
    void aThousandEditsOverAThousandFilesRebuildWellUnderASecond() throws IOException {
        List<WorkspaceFile> files = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            files.add(WorkspaceFile.regular("pkg" + (i % 20) + "/file" + i + ".py", bytes("value = 0\n# file " + i + "\n"), 0644));
        }
        StartingTree big = new StartingTree("big", files, null, List.of());
        List<Event> events = new ArrayList<>();
        for (int n = 0; n < 1000; n++) {
            int i = (n * 7) % 1000; // every file once, in a scattered order
            String path = "pkg" + (i % 20) + "/file" + i + ".py";
            String before = "value = 0\n# file " + i + "\n";
            String after = "value = 1\n# file " + i + "\n";
            ObjectNode data = edit(data(path, "modify"), "value = 0", "value = 1");
            data.put("before", Hashes.sha256(bytes(before)));
            data.put("after", blobs.put(bytes(after)));
            events.add(event(n + 1, data));
        }

        WorkspaceRebuilder rebuilder = WorkspaceRebuilder.of(big, events, blobs);
        Map<String, WorkspaceFile> end = rebuilder.filesAt(events.size() - 1);
        long edited = end.values().stream().filter(f -> text(f).startsWith("value = 1")).count();

        assertThat(rebuilder.checks()).hasSize(1000).allMatch(EditCheck::ok);
        assertThat(edited).isEqualTo(1000);
    }

    private static Event checkpoint(int seq, String root) {
        ObjectNode data = Json.object();
        data.put("checkpointId", "start");
        data.putObject("workspace").put("root", root).putObject("files");
        return event(seq, EventType.CHECKPOINT.wireName(), data);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(WorkspaceFile file) {
        return new String(file.content(), StandardCharsets.UTF_8);
    }
}
