package dev.forkline.replay.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.Bundle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The real Claude Code session a47cfcb669b1 with a file-history folder. The transcript's snapshots name the backup
 * {@code fafa5da45f69135a@v1} of the edited file (its name is the first 16 hex digits of the SHA-256 of the file's
 * absolute path, then the version) and no backup for the written one (it did not exist); the backups themselves are
 * not in shared/, so the folder is built here in that layout.
 */
class FileHistoryRebuildTest {

    private static final String SESSION_DIR = "/Users/alex/workspace/cli/.worktrees/2";
    private static final String EDITED = "cmd/entire/cli/session/phase_test.go";
    private static final String WRITTEN = "docs/generated/.gitignore";

    @TempDir
    Path history;

    /** Claude Code's name of a backup: sha256(absolute path)[:16]@v<version>. */
    private static String backupName(String relative, int version) {
        return Hashes.sha256((SESSION_DIR + "/" + relative).getBytes(StandardCharsets.UTF_8)).substring(Hashes.PREFIX.length(),
                Hashes.PREFIX.length() + 16) + "@v" + version;
    }

    private record Rebuilt(WorkspaceRebuilder rebuilder, List<Event> events, StartingTree tree) {
    }

    private Rebuilt rebuild(StartingTree tree) throws Exception {
        Path transcript = SharedReplay.require("claude-code/a47cfcb669b1/0/full.jsonl");
        ImportedTrace imported = Importers.builtIn().read(transcript);
        try (Bundle bundle = imported.bundle()) {
            List<Event> events = bundle.events();
            return new Rebuilt(WorkspaceRebuilder.of(tree, events, bundle.blobs(), null, FileHistory.open(history)), events, tree);
        }
    }

    private static StartingTree startTree() throws Exception {
        return WorkspaceSource.parse(SharedReplay.require("repos/entireio__cli@e4e7a027.tar.gz").toString()).load();
    }

    @Test
    void theTranscriptNamesItsBackupsInTheDocumentedLayout() throws Exception {
        Path transcript = SharedReplay.require("claude-code/a47cfcb669b1/0/full.jsonl");
        try (Bundle bundle = Importers.builtIn().read(transcript).bundle()) {
            List<FileHistory.TrackedBackup> backups = FileHistory.newBackups(bundle.events());
            assertThat(backups).extracting(FileHistory.TrackedBackup::recordedPath, FileHistory.TrackedBackup::backupFileName)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(EDITED, backupName(EDITED, 1)),
                            org.assertj.core.groups.Tuple.tuple(WRITTEN, null));
        }
    }

    @Test
    void aBackupEqualToTheRebuiltFileMatchesAndTheWrittenFileWasAbsent() throws Exception {
        StartingTree tree = startTree();
        Files.write(history.resolve(backupName(EDITED, 1)), tree.byPath().get(EDITED).content());

        Rebuilt rebuilt = rebuild(tree);

        assertThat(rebuilt.rebuilder().backupChecks()).extracting(BackupCheck::path, BackupCheck::verdict).containsExactly(
                org.assertj.core.groups.Tuple.tuple(EDITED, BackupCheck.Verdict.MATCHED),
                org.assertj.core.groups.Tuple.tuple(WRITTEN, BackupCheck.Verdict.MATCHED));
        assertThat(rebuilt.rebuilder().checks()).allSatisfy(check -> assertThat(check.ok()).as(check.outcome().summary()).isTrue());
    }

    @Test
    void aTreeLackingTheFileTakesItFromTheBackupSoThatTheEditFits() throws Exception {
        StartingTree full = startTree();
        byte[] original = full.byPath().get(EDITED).content();
        StartingTree without = new StartingTree("the tree without " + EDITED,
                full.files().stream().filter(f -> !f.path().equals(EDITED)).toList(), null, List.of());
        Files.write(history.resolve(backupName(EDITED, 1)), original);

        Rebuilt rebuilt = rebuild(without);

        BackupCheck supplied = rebuilt.rebuilder().backupChecks().getFirst();
        assertThat(supplied.verdict()).isEqualTo(BackupCheck.Verdict.SUPPLIED);
        assertThat(supplied.message()).contains(EDITED).contains("supplied from Claude Code's file-history backup " + backupName(EDITED, 1));
        assertThat(rebuilt.rebuilder().filesAt(supplied.position()).get(EDITED).content()).isEqualTo(original);
        assertThat(rebuilt.rebuilder().checks()).allSatisfy(check -> assertThat(check.ok()).as(check.outcome().summary()).isTrue());
    }

    @Test
    void aBackupThatContradictsTheTreeIsReportedAndTheSessionsEditIsThenCheckedAgainstTheBackup() throws Exception {
        StartingTree tree = startTree();
        Files.writeString(history.resolve(backupName(EDITED, 1)), "package session\n// not what the tree holds\n");

        Rebuilt rebuilt = rebuild(tree);

        BackupCheck differed = rebuilt.rebuilder().backupChecks().getFirst();
        assertThat(differed.verdict()).isEqualTo(BackupCheck.Verdict.DIFFERED);
        assertThat(differed.message()).startsWith(EDITED + ": the workspace's file").contains("differs from Claude Code's file-history backup "
                + backupName(EDITED, 1)).contains("2026-02-07T00:26:36.936Z");
        EditCheck edit = rebuilt.rebuilder().checks().stream().filter(c -> c.path().equals(EDITED)).findFirst().orElseThrow();
        assertThat(edit.ok()).as("the edit was made on the tree's file, not on this backup").isFalse();
        assertThat(edit.position()).isGreaterThan(differed.position());
    }

    @Test
    void aBackupTheFolderLacksIsReportedAndChangesNothing() throws Exception {
        StartingTree tree = startTree();

        Rebuilt rebuilt = rebuild(tree);

        BackupCheck missing = rebuilt.rebuilder().backupChecks().getFirst();
        assertThat(missing.verdict()).isEqualTo(BackupCheck.Verdict.MISSING);
        assertThat(missing.message()).contains(backupName(EDITED, 1)).contains("is not in " + history);
        assertThat(rebuilt.rebuilder().checks()).allSatisfy(check -> assertThat(check.ok()).isTrue());
    }

    @Test
    void aFolderThatIsNotOneAndABackupNameThatIsNotOneAreRefused() throws Exception {
        assertThatThrownBy(() -> FileHistory.open(history.resolve("absent"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("absent").hasMessageContaining("is not a directory");
        assertThatThrownBy(() -> FileHistory.open(history).read("../../etc/passwd")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not the name of a Claude Code file-history backup");
    }
}
