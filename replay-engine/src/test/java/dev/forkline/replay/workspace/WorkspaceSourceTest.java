package dev.forkline.replay.workspace;

import static dev.forkline.replay.workspace.GitRepos.git;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.replay.sandbox.WorkspaceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

class WorkspaceSourceTest {

    @TempDir
    Path temp;

    // ---- directories ---------------------------------------------------------------------------------------------

    @Test
    void aDirectoryIsReadWithDotFilesGitLinksAndModes() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("tree"));
        Files.createDirectories(dir.resolve(".git/refs"));
        Files.writeString(dir.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(dir.resolve(".env"), "X=1\n");
        Files.createDirectories(dir.resolve("src/pkg"));
        Files.writeString(dir.resolve("src/pkg/run.sh"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(dir.resolve("src/pkg/run.sh"), PosixFilePermissions.fromString("rwxr-x---"));
        Files.createSymbolicLink(dir.resolve("src/latest"), Path.of("pkg/run.sh"));
        Files.createSymbolicLink(dir.resolve("outside"), Path.of("/etc/passwd"));
        Files.createDirectories(dir.resolve("empty"));

        StartingTree tree = WorkspaceSource.parse(dir.toString()).load();

        Map<String, WorkspaceFile> files = tree.byPath();
        assertThat(files.keySet()).containsExactly(".env", ".git/HEAD", "outside", "src/latest", "src/pkg/run.sh");
        assertThat(tree.hasGitDirectory()).isTrue();
        assertThat(files.get("src/pkg/run.sh").mode()).isEqualTo(0750);
        assertThat(files.get("src/latest").linkTarget()).isEqualTo("pkg/run.sh");
        assertThat(files.get("outside").linkTarget()).isEqualTo("/etc/passwd");
        assertThat(tree.warnings()).singleElement().asString().contains("outside is a symbolic link to /etc/passwd");
        assertThat(tree.commit()).isNull();
        assertThat(tree.description()).isEqualTo("directory " + dir.toRealPath());
    }

    @Test
    void aSourceThatDoesNotExistIsRefusedWithItsPath() {
        String missing = temp.resolve("nope").toString();
        assertThatThrownBy(() -> WorkspaceSource.parse(missing))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(missing).hasMessageContaining("does not exist");
        assertThatThrownBy(() -> WorkspaceSource.parse(" ")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
    }

    @Test
    void entryAndSizeCapsRefuseWithAClearMessage() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("big"));
        for (int i = 0; i < 5; i++) {
            Files.writeString(dir.resolve("f" + i), "0123456789");
        }
        WorkspaceSource source = WorkspaceSource.parse(dir.toString());
        assertThatThrownBy(() -> source.withLimits(new TreeLimits(1000, 4)).load())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("more than 4 entries");
        assertThatThrownBy(() -> source.withLimits(new TreeLimits(45, 100)).load())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("more than 45 bytes of file content");
        assertThat(source.withLimits(new TreeLimits(50, 5)).load().files()).hasSize(5);

        Path archive = new Tars().file("a", "0123456789").file("b", "0123456789").writeTo(temp.resolve("two.tar"));
        assertThatThrownBy(() -> WorkspaceSource.parse(archive.toString()).withLimits(new TreeLimits(15, 100)).load())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(archive.toString()).hasMessageContaining("more than 15 bytes");
    }

    // ---- archives ------------------------------------------------------------------------------------------------

    @Test
    void anArchiveLosesItsOneTopLevelDirectoryAndKeepsModesAndSafeLinks() throws IOException {
        Path archive = new Tars().dir("proj").file("proj/setup.py", "setup()\n").file("proj/bin/run", "#!/bin/sh\n", 0755)
                .symlink("proj/bin/latest", "../setup.py").hardlink("proj/copy.py", "proj/setup.py")
                .writeTo(temp.resolve("proj.tar.gz"));

        StartingTree tree = WorkspaceSource.parse(archive.toString()).load();

        assertThat(tree.byPath().keySet()).containsExactly("bin/latest", "bin/run", "copy.py", "setup.py");
        assertThat(tree.byPath().get("bin/run").mode()).isEqualTo(0755);
        assertThat(tree.byPath().get("setup.py").mode()).isEqualTo(0644);
        assertThat(tree.byPath().get("bin/latest").linkTarget()).isEqualTo("../setup.py");
        assertThat(new String(tree.byPath().get("copy.py").content(), StandardCharsets.UTF_8)).isEqualTo("setup()\n");
        assertThat(tree.description()).contains("top-level directory proj/ stripped");
        assertThat(tree.hasGitDirectory()).isFalse();
    }

    @Test
    void anArchiveWithSeveralTopLevelEntriesIsKeptAsItIs() throws IOException {
        Path archive = new Tars().file("./a/x", "1").file("./README", "2").dir("./").writeTo(temp.resolve("flat.tgz"));
        StartingTree tree = WorkspaceSource.parse(archive.toString()).load();
        assertThat(tree.byPath().keySet()).containsExactly("README", "a/x");
        assertThat(tree.description()).doesNotContain("stripped");
    }

    @Test
    void hostileArchivesAreRefusedNamingTheEntry() throws IOException {
        Path dotDot = new Tars().file("ok", "1").file("../evil", "x").writeTo(temp.resolve("dotdot.tar"));
        assertThatThrownBy(() -> WorkspaceSource.parse(dotDot.toString()).load())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(dotDot.toString()).hasMessageContaining("entry 2 (../evil)").hasMessageContaining("'..'");

        Path absolute = new Tars().file("/etc/cron.d/evil", "x").writeTo(temp.resolve("absolute.tar"));
        assertThatThrownBy(() -> WorkspaceSource.parse(absolute.toString()).load())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("entry 1 (/etc/cron.d/evil)")
                .hasMessageContaining("absolute path");

        Path passwd = new Tars().file("a", "1").symlink("passwd", "/etc/passwd").writeTo(temp.resolve("passwd.tar"));
        assertThatThrownBy(() -> WorkspaceSource.parse(passwd.toString()).load())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("entry 2 (passwd) is a symbolic link to /etc/passwd, which lies outside the tree");

        // after the top-level directory is stripped, ../x leaves the tree
        Path climbing = new Tars().file("top/a", "1").symlink("top/up", "../x").writeTo(temp.resolve("climb.tar"));
        assertThatThrownBy(() -> WorkspaceSource.parse(climbing.toString()).load())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("top/up").hasMessageContaining("outside the tree");

        Path underLink = new Tars().symlink("l", "sub").file("sub/a", "1").file("l/b", "2").writeTo(temp.resolve("under.tar"));
        assertThatThrownBy(() -> WorkspaceSource.parse(underLink.toString()).load())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("l/b lies below l, which is a symbolic link");

        Path badHardLink = new Tars().file("a", "1").hardlink("b", "/etc/shadow").writeTo(temp.resolve("hard.tar"));
        assertThatThrownBy(() -> WorkspaceSource.parse(badHardLink.toString()).load())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("entry 2 (b) is a hard link to /etc/shadow");
    }

    @Test
    void fifosAreIgnoredWithAWarning() throws IOException {
        Path archive = new Tars().file("a", "1").fifo("pipe").writeTo(temp.resolve("fifo.tar"));
        StartingTree tree = WorkspaceSource.parse(archive.toString()).load();
        assertThat(tree.byPath().keySet()).containsExactly("a");
        assertThat(tree.warnings()).singleElement().asString().contains("entry 2 (pipe) is a FIFO; ignored");
    }

    @Test
    void filesThatAreNotArchivesAreRefused() throws IOException {
        Path text = Files.writeString(temp.resolve("notes.txt"), "hello");
        assertThatThrownBy(() -> WorkspaceSource.parse(text.toString()).load())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(text + " is not a directory, a tar archive");

        Path damaged = temp.resolve("damaged.tar");
        Files.write(damaged, "x".repeat(2048).getBytes(StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> WorkspaceSource.parse(damaged.toString()).load())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unreadable archive at entry 1");

        Path fakeGzip = temp.resolve("fake.tar.gz");
        Files.write(fakeGzip, new byte[] {0x1f, (byte) 0x8b, 1, 2, 3});
        assertThatThrownBy(() -> WorkspaceSource.parse(fakeGzip.toString()).load())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(fakeGzip.toString());

        Path archive = new Tars().file("a", "1").writeTo(temp.resolve("a.tar"));
        assertThatThrownBy(() -> WorkspaceSource.parse(archive + "@abcdef1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("applies only to a git repository");
    }

    // ---- git -----------------------------------------------------------------------------------------------------

    @Test
    void aGitRepositoryIsLoadedAtTheNamedCommitWithItsGitDirectory() throws Exception {
        Path repo = twoCommitRepository();
        String first = git(repo, "rev-parse", "HEAD~1").strip();

        StartingTree tree = WorkspaceSource.parse(repo + "@" + first.substring(0, 8)).load();

        assertThat(tree.commit()).isEqualTo(first);
        assertThat(tree.hasGitDirectory()).isTrue();
        assertThat(text(tree, "app.py")).isEqualTo("print('one')\n");
        assertThat(tree.byPath()).doesNotContainKey("added.txt");
        assertThat(tree.byPath().get("tool.sh").mode() & 0111).isNotZero();
        assertThat(tree.description()).isEqualTo("git repository " + repo + " at commit " + first);

        // written out again, it is a clean work tree at that commit: git status and git diff work there
        Path copy = writeOut(tree, temp.resolve("copy"));
        assertThat(git(copy, "rev-parse", "HEAD").strip()).isEqualTo(first);
        assertThat(git(copy, "status", "--porcelain")).isEmpty();
        Files.writeString(copy.resolve("app.py"), "print('changed')\n");
        assertThat(git(copy, "diff", "--stat")).contains("app.py");
    }

    @Test
    void movingNamesAndMissingCommitsAreRefused() throws Exception {
        Path repo = twoCommitRepository();
        git(repo, "tag", "v1", "HEAD~1");
        assertThatThrownBy(() -> WorkspaceSource.parse(repo + "@HEAD"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'HEAD' is not a commit id")
                .hasMessageContaining("name the commit: " + repo + "@<sha>");
        assertThatThrownBy(() -> WorkspaceSource.parse(repo + "@main"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name the commit");
        assertThatThrownBy(() -> WorkspaceSource.parse(repo + "@v1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name the commit");
        assertThatThrownBy(() -> WorkspaceSource.parse(repo + "@"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no revision");

        String unknown = "0123456789abcdef0123456789abcdef01234567";
        assertThatThrownBy(() -> WorkspaceSource.parse(repo + "@" + unknown).load())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the repository " + repo + " has no commit " + unknown);

        // a branch whose name looks like a commit id does not stand in for the commit
        String head = git(repo, "rev-parse", "HEAD").strip();
        git(repo, "branch", "beef", "HEAD~1");
        if (!head.startsWith("beef")) {
            assertThatThrownBy(() -> WorkspaceSource.parse(repo + "@beef").load())
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("names a branch or tag");
        }

        Path plain = Files.createDirectories(temp.resolve("plain"));
        assertThatThrownBy(() -> WorkspaceSource.parse(plain + "@" + head))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a git repository");
    }

    @Test
    void aTracePinnedCommitIsUsedOrCheckedAgainst() throws Exception {
        Path repo = twoCommitRepository();
        String first = git(repo, "rev-parse", "HEAD~1").strip();
        String second = git(repo, "rev-parse", "HEAD").strip();

        StartingTree pinned = WorkspaceSource.forTrace(repo.toString(), first).load();
        assertThat(pinned.commit()).isEqualTo(first);
        assertThat(text(pinned, "app.py")).isEqualTo("print('one')\n");
        assertThat(pinned.warnings()).isEmpty();

        StartingTree other = WorkspaceSource.forTrace(repo + "@" + second, first).load();
        assertThat(other.commit()).isEqualTo(second);
        assertThat(other.warnings()).singleElement().asString()
                .contains("the trace was recorded at commit " + first).contains("the workspace is commit " + second);

        String absent = "fedcba9876543210fedcba9876543210fedcba98";
        assertThatThrownBy(() -> WorkspaceSource.forTrace(repo.toString(), absent).load())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the repository " + repo + " has no commit " + absent + ", which the trace was recorded at");

        Path archive = new Tars().file("a", "1").writeTo(temp.resolve("a.tar"));
        assertThat(WorkspaceSource.forTrace(archive.toString(), first).load().warnings()).singleElement().asString()
                .contains("does not say which commit it holds");
        assertThat(WorkspaceSource.forTrace(archive.toString(), null).load().warnings()).isEmpty();
    }

    private Path twoCommitRepository() throws Exception {
        Path repo = Files.createDirectories(temp.resolve("repo"));
        git(repo, "init", "--quiet");
        Files.writeString(repo.resolve("app.py"), "print('one')\n");
        Files.writeString(repo.resolve("tool.sh"), "#!/bin/sh\necho hi\n");
        Files.setPosixFilePermissions(repo.resolve("tool.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
        git(repo, "add", "-A");
        git(repo, "commit", "--quiet", "-m", "first");
        Files.writeString(repo.resolve("app.py"), "print('two')\n");
        Files.writeString(repo.resolve("added.txt"), "new\n");
        git(repo, "add", "-A");
        git(repo, "commit", "--quiet", "-m", "second");
        return repo;
    }

    static String text(StartingTree tree, String path) {
        return new String(tree.byPath().get(path).content(), StandardCharsets.UTF_8);
    }

    private static Path writeOut(StartingTree tree, Path dir) throws IOException {
        for (WorkspaceFile file : tree.files()) {
            Path target = dir.resolve(file.path());
            Files.createDirectories(target.getParent());
            if (file.isSymlink()) {
                Files.createSymbolicLink(target, Path.of(file.linkTarget()));
            } else {
                Files.write(target, file.content());
                Files.setPosixFilePermissions(target, PosixFilePermissions.fromString(permissions(file.mode())));
            }
        }
        return dir;
    }

    private static String permissions(int mode) {
        String letters = "rwxrwxrwx";
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 9; i++) {
            s.append((mode & (0400 >> i)) != 0 ? letters.charAt(i) : '-');
        }
        return s.toString();
    }
}
