package dev.forkline.replay.workspace;

import static dev.forkline.replay.workspace.Mutations.data;
import static dev.forkline.replay.workspace.Mutations.edit;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.MemoryBlobStore;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

class MutationApplierTest {

    private static final String PATH = "src/x.py";
    private static final String ORIGINAL = "def f():\n    return 1\n\ndef g():\n    return 1\n";

    private final MemoryBlobStore blobs = new MemoryBlobStore();

    // ---- Claude Code Edit / MultiEdit / Write ---------------------------------------------------------------------

    @Test
    void anEditWithItsBeforeAndAfterAppliesWhenTheFileIsWhatItWasMadeOn() throws IOException {
        String edited = ORIGINAL.replace("def f():\n    return 1", "def f():\n    return 2");
        ObjectNode data = claudeEdit("def f():\n    return 1", "def f():\n    return 2", ORIGINAL, edited);

        MutationOutcome outcome = MutationApplier.apply(PATH, data, file(ORIGINAL), blobs);

        assertThat(outcome).isInstanceOf(MutationOutcome.Applied.class);
        MutationOutcome.Applied applied = (MutationOutcome.Applied) outcome;
        assertThat(text(applied.file())).isEqualTo(edited);
        assertThat(applied.note()).isNull();
        assertThat(applied.file().mode()).isEqualTo(0600);
    }

    @Test
    void anEditOnADifferentFileFailsItsPreconditionNamingBothHashes() throws IOException {
        String other = ORIGINAL + "# changed\n";
        ObjectNode data = claudeEdit("def f():\n    return 1", "def f():\n    return 2", ORIGINAL,
                ORIGINAL.replace("return 1\n\ndef g", "return 2\n\ndef g"));

        MutationOutcome outcome = MutationApplier.apply(PATH, data, file(other), blobs);

        assertThat(outcome).isInstanceOf(MutationOutcome.PreconditionFailed.class);
        String shortBefore = Hashes.sha256(bytes(ORIGINAL)).substring(0, 19);
        String shortFound = Hashes.sha256(bytes(other)).substring(0, 19);
        assertThat(outcome.summary()).isEqualTo(PATH + ": the file differs from what the edit was made on (recorded before "
                + shortBefore + "…, found " + shortFound + "…)");
        // the state the session saw afterwards is still on record for a rebuild to take
        assertThat(text(((MutationOutcome.PreconditionFailed) outcome).recorded().file())).contains("return 2");
    }

    @Test
    void withoutABeforeTheEditsAreThePrecondition() throws IOException {
        ObjectNode notFound = unknownSides(edit(data(PATH, "modify"), "return 3", "return 4"));
        assertThat(MutationApplier.apply(PATH, notFound, file(ORIGINAL), blobs).summary())
                .isEqualTo(PATH + ": old string not found: \"return 3\"");

        ObjectNode twice = unknownSides(edit(data(PATH, "modify"), "return 1", "return 2"));
        MutationOutcome ambiguous = MutationApplier.apply(PATH, twice, file(ORIGINAL), blobs);
        assertThat(ambiguous).isInstanceOf(MutationOutcome.PreconditionFailed.class);
        assertThat(ambiguous.summary()).contains("old string found 2 times, where the edit replaces one");

        twice.put("replaceAll", true);
        MutationOutcome all = MutationApplier.apply(PATH, twice, file(ORIGINAL), blobs);
        assertThat(text(((MutationOutcome.Applied) all).file())).isEqualTo(ORIGINAL.replace("return 1", "return 2"));
    }

    @Test
    void multiEditsApplyInOrderEachOnTheResultOfTheLast() throws IOException {
        ObjectNode data = unknownSides(data(PATH, "modify"));
        edit(data, "def f():", "def first():");
        edit(data, "def first():\n    return 1", "def first():\n    return 10");
        MutationOutcome outcome = MutationApplier.apply(PATH, data, file(ORIGINAL), blobs);
        assertThat(text(((MutationOutcome.Applied) outcome).file())).startsWith("def first():\n    return 10\n\ndef g():");

        ObjectNode broken = unknownSides(data(PATH, "modify"));
        edit(broken, "def f():", "def first():");
        edit(broken, "def f():", "def again():");
        assertThat(MutationApplier.apply(PATH, broken, file(ORIGINAL), blobs).summary())
                .isEqualTo(PATH + ": old string not found (edit 2 of 2): \"def f():\"");
    }

    @Test
    void aCreateNeedsTheFileAbsentAndTakesTheRecordedContent() throws IOException {
        ObjectNode write = data("docs/.gitignore", "create");
        write.putNull("before");
        write.put("after", blobs.put(bytes("*\n")));

        MutationOutcome created = MutationApplier.apply("docs/.gitignore", write, null, blobs);
        assertThat(text(((MutationOutcome.Applied) created).file())).isEqualTo("*\n");
        assertThat(((MutationOutcome.Applied) created).file().mode()).isEqualTo(0644);

        MutationOutcome exists = MutationApplier.apply("docs/.gitignore", write, file("old\n"), blobs);
        assertThat(exists).isInstanceOf(MutationOutcome.PreconditionFailed.class);
        assertThat(exists.summary()).startsWith("docs/.gitignore: the file exists (sha256:").endsWith("but the session created it");

        // an Edit with an empty old string creates the file from its new string
        ObjectNode viaEdit = unknownSides(edit(data("new.txt", "create"), "", "hello\n"));
        viaEdit.remove("beforeKnown");
        assertThat(text(((MutationOutcome.Applied) MutationApplier.apply("new.txt", viaEdit, null, blobs)).file())).isEqualTo("hello\n");
    }

    @Test
    void aRecordedAfterThatDisagreesWithTheEditsWinsAndIsReported() throws IOException {
        ObjectNode data = claudeEdit("def g():", "def h():", ORIGINAL, "something else entirely\n");
        MutationOutcome.Applied applied = (MutationOutcome.Applied) MutationApplier.apply(PATH, data, file(ORIGINAL), blobs);
        assertThat(text(applied.file())).isEqualTo("something else entirely\n");
        assertThat(applied.note()).contains("the recorded content after (sha256:").contains("differs from applying the recorded edits");
    }

    @Test
    void withNeitherAfterContentNorAWayToComputeItTheOutcomeIsUnknown() throws IOException {
        ObjectNode data = unknownSides(data(PATH, "modify"));
        MutationOutcome outcome = MutationApplier.apply(PATH, data, file(ORIGINAL), blobs);
        assertThat(outcome).isInstanceOf(MutationOutcome.Unknown.class);
        assertThat(outcome.summary()).isEqualTo(PATH + ": the trace records neither the content after the change nor edits or a patch to compute it");

        ObjectNode missingBlob = data(PATH, "modify");
        missingBlob.put("after", Hashes.sha256(bytes("never stored")));
        assertThat(MutationApplier.apply(PATH, missingBlob, file(ORIGINAL), blobs).summary()).contains("is not in the bundle");

        // with edits recorded, a missing after blob is computed instead, and said
        edit(missingBlob, "def g():", "def h():");
        MutationOutcome.Applied computed = (MutationOutcome.Applied) MutationApplier.apply(PATH, missingBlob, file(ORIGINAL), blobs);
        assertThat(text(computed.file())).contains("def h():");
        assertThat(computed.note()).contains("is not in the bundle; computed from the recorded edits");
    }

    // ---- the recorder's shapes: delete, mode, links --------------------------------------------------------------

    @Test
    void deletesModeChangesAndLinksAsTheRecorderWritesThem() throws IOException {
        WorkspaceFile current = file(ORIGINAL);
        String hash = Hashes.sha256(bytes(ORIGINAL));

        ObjectNode delete = data(PATH, "delete");
        delete.put("before", hash);
        delete.putNull("after");
        assertThat(((MutationOutcome.Applied) MutationApplier.apply(PATH, delete, current, blobs)).deleted()).isTrue();
        assertThat(MutationApplier.apply(PATH, delete, null, blobs).summary())
                .isEqualTo(PATH + ": the file does not exist, but the deletion was made on " + hash.substring(0, 19) + "…");

        ObjectNode mode = data(PATH, "mode");
        mode.put("before", hash);
        mode.put("after", hash);
        mode.put("mode", "0755");
        MutationOutcome.Applied executable = (MutationOutcome.Applied) MutationApplier.apply(PATH, mode, current, blobs);
        assertThat(executable.file().mode()).isEqualTo(0755);
        assertThat(text(executable.file())).isEqualTo(ORIGINAL);

        ObjectNode link = data("latest", "create");
        link.putNull("before");
        link.put("after", Hashes.sha256(bytes("src/x.py")));
        link.put("mode", "0777");
        link.put("symlink", "src/x.py");
        MutationOutcome.Applied linked = (MutationOutcome.Applied) MutationApplier.apply("latest", link, null, blobs);
        assertThat(linked.file().linkTarget()).isEqualTo("src/x.py");

        // a link's recorded hash is of its target text
        ObjectNode relink = data("latest", "modify");
        relink.put("before", Hashes.sha256(bytes("src/x.py")));
        relink.put("symlink", "src/y.py");
        assertThat(MutationApplier.apply("latest", relink, linked.file(), blobs).applied()).isTrue();
        assertThat(MutationApplier.hashOf(linked.file())).isEqualTo(Hashes.sha256(bytes("src/x.py")));
    }

    @Test
    void editsNeedUtf8Text() throws IOException {
        WorkspaceFile binary = WorkspaceFile.regular(PATH, new byte[] {(byte) 0xff, (byte) 0xfe, 'a'}, 0644);
        ObjectNode data = unknownSides(edit(data(PATH, "modify"), "a", "b"));
        assertThat(MutationApplier.apply(PATH, data, binary, blobs).summary()).isEqualTo(PATH + " is not UTF-8 text, so the recorded edits cannot be applied to it");
    }

    @Test
    void aRealReplacementCharacterIsTextAndAMalformedByteBesideItIsNot() throws IOException {
        WorkspaceFile replacement = WorkspaceFile.regular(PATH, bytes("a \uFFFD b\n"), 0644);
        ObjectNode data = unknownSides(edit(data(PATH, "modify"), "a ", "z "));
        MutationOutcome edited = MutationApplier.apply(PATH, data, replacement, blobs);
        assertThat(edited.applied()).isTrue();
        assertThat(new String(((MutationOutcome.Applied) edited).file().content(), StandardCharsets.UTF_8)).isEqualTo("z \uFFFD b\n");

        byte[] both = {'a', ' ', (byte) 0xef, (byte) 0xbf, (byte) 0xbd, ' ', (byte) 0xc3, '\n'};
        assertThat(MutationApplier.apply(PATH, data, WorkspaceFile.regular(PATH, both, 0644), blobs).summary())
                .isEqualTo(PATH + " is not UTF-8 text, so the recorded edits cannot be applied to it");
    }

    @Test
    void aKnownHashOfTheCurrentFileStandsForHashingIt() throws IOException {
        WorkspaceFile current = WorkspaceFile.regular(PATH, bytes("x = 1\n"), 0644);
        ObjectNode data = edit(data(PATH, "modify"), "x = 1", "x = 2");
        data.put("before", Hashes.sha256(bytes("x = 1\n")));
        String after = blobs.put(bytes("x = 2\n"));
        data.put("after", after);

        MutationOutcome applied = MutationApplier.apply(PATH, data, current, Hashes.sha256(bytes("x = 1\n")), blobs);
        assertThat(applied.applied()).isTrue();
        assertThat(((MutationOutcome.Applied) applied).hash()).isEqualTo(after);
        // the hash given is what the precondition compares: another one fails it, naming it
        assertThat(MutationApplier.apply(PATH, data, current, Hashes.sha256(bytes("other")), blobs).summary())
                .contains("found " + MutationApplier.shortHash(Hashes.sha256(bytes("other"))));
    }

    // ---- Codex apply_patch -----------------------------------------------------------------------------------------

    @Test
    void aCodexUpdateAppliesItsHunksFromTheDiffBlob() throws IOException {
        ObjectNode data = unknownSides(data(PATH, "modify"));
        data.put("tool", "apply_patch");
        data.put("diffBlob", blobs.put(bytes("@@ def g():\n-    return 1\n+    return 7\n")));
        MutationOutcome.Applied applied = (MutationOutcome.Applied) MutationApplier.apply(PATH, data, file(ORIGINAL), blobs);
        assertThat(text(applied.file())).isEqualTo("def f():\n    return 1\n\ndef g():\n    return 7\n");

        data.put("diffBlob", blobs.put(bytes("@@ def h():\n-    return 1\n+    return 7\n")));
        assertThat(MutationApplier.apply(PATH, data, file(ORIGINAL), blobs).summary())
                .isEqualTo(PATH + ": patch hunk 1 of 1 does not match: the line \"def h():\" is not in the file");

        data.remove("diffBlob");
        data.put("patch", "@@\n-def f():\n+def f(x):\n");
        assertThat(text(((MutationOutcome.Applied) MutationApplier.apply(PATH, data, file(ORIGINAL), blobs)).file())).startsWith("def f(x):\n");
    }

    private ObjectNode claudeEdit(String oldString, String newString, String original, String after) {
        ObjectNode data = edit(data(PATH, "modify"), oldString, newString);
        data.put("tool", "Edit");
        data.put("before", blobs.put(bytes(original)));
        data.put("after", blobs.put(bytes(after)));
        return data;
    }

    private static ObjectNode unknownSides(ObjectNode data) {
        data.putNull("before");
        data.putNull("after");
        data.put("beforeKnown", false);
        data.put("afterKnown", false);
        return data;
    }

    private static WorkspaceFile file(String content) {
        return WorkspaceFile.regular(PATH, bytes(content), 0600);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(WorkspaceFile file) {
        return new String(file.content(), StandardCharsets.UTF_8);
    }
}
