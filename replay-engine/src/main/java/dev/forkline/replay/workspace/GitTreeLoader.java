package dev.forkline.replay.workspace;

import dev.forkline.replay.ReplayInputException;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * A git repository's tree at one commit, with a {@code .git} directory so that {@code git status} and {@code git diff}
 * work where it is placed: the repository is cloned without checkout into a temporary directory, the commit checked out
 * detached, every file read (the clone's {@code .git} included), and the temporary directory removed.
 */
final class GitTreeLoader {

    private GitTreeLoader() {
    }

    /**
     * The full commit id {@code rev} (a full or abbreviated commit id) names in {@code repo}, or null when the repository
     * has no such commit.
     *
     * @throws IllegalArgumentException when {@code rev} is ambiguous or a branch or tag of that name hides the commit
     */
    static String resolve(Path repo, String rev) throws IOException {
        GitCli.Result result = GitCli.run(repo, GitCli.QUICK, "rev-parse", "--verify", "--end-of-options", rev + "^{commit}");
        if (!result.ok()) {
            if (result.stderr().contains("ambiguous")) {
                throw new ReplayInputException("the repository " + repo + " has several objects starting with " + rev
                        + "; name the commit with more digits (git: " + result.reason() + ")");
            }
            return null;
        }
        String commit = result.stdout().strip().toLowerCase(Locale.ROOT);
        if (!commit.startsWith(rev.toLowerCase(Locale.ROOT))) {
            throw new ReplayInputException("in the repository " + repo + ", " + rev + " names a branch or tag (at commit "
                    + commit + "), not a commit; name the commit: " + repo + "@<sha>");
        }
        return commit;
    }

    static StartingTree load(Path repo, String commit, TreeLimits limits) throws IOException {
        Path temp = Files.createTempDirectory("forkline-workspace-");
        try {
            Path clone = temp.resolve("tree");
            GitCli.Result cloned = GitCli.run(temp, GitCli.SLOW, "clone", "--no-checkout", "--quiet", "--",
                    repo.toAbsolutePath().toString(), clone.toString());
            if (!cloned.ok()) {
                throw new IOException("git clone of " + repo + " failed: " + cloned.reason());
            }
            GitCli.Result checkedOut = GitCli.run(clone, GitCli.SLOW, "checkout", "--quiet", "--detach", commit);
            if (!checkedOut.ok()) {
                throw new IOException("git checkout of commit " + commit + " from " + repo + " failed: " + checkedOut.reason());
            }
            return DirectoryTreeReader.read(clone, "git repository " + repo + " at commit " + commit, commit, limits);
        } finally {
            deleteTree(temp);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException failure) throws IOException {
                if (failure != null) {
                    throw failure;
                }
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
