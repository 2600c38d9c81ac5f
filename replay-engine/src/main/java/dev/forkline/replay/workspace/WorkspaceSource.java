package dev.forkline.replay.workspace;

import dev.forkline.replay.ReplayInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where the tree an imported session started from comes from, as the reviewer names it ({@code --workspace SPEC}):
 * <ul>
 *   <li>a directory, read as it is on disk (dot-files and {@code .git} included, links kept as links);</li>
 *   <li>a {@code .tar}, {@code .tar.gz} or {@code .tgz} archive (one top-level directory holding everything is
 *       stripped; hostile entries are refused);</li>
 *   <li>{@code PATH@COMMIT}: the git repository at PATH at that commit, given as a full or abbreviated commit id, read
 *       with a {@code .git} directory. Names that move are refused: {@code HEAD}, branches and tags alike, so a replay
 *       always names exactly the tree it used.</li>
 * </ul>
 * A spec that exists as a path as a whole is that path, so archive names holding '@' (as
 * {@code marshmallow@bfd2593d.tar.gz}) work. Failures are {@link ReplayInputException}s for a bad spec or bad input
 * (naming the path and what is wrong) and {@link IOException}s for failed I/O or a git that cannot run.
 */
public final class WorkspaceSource {

    private static final Pattern COMMIT_ID = Pattern.compile("[0-9a-fA-F]{4,64}");

    private enum Kind { DIRECTORY, ARCHIVE, GIT }

    private final String spec;
    private final Kind kind;
    private final Path path;
    private final String revision;
    private final String pinnedCommit;
    private final TreeLimits limits;

    private WorkspaceSource(String spec, Kind kind, Path path, String revision, String pinnedCommit, TreeLimits limits) {
        this.spec = spec;
        this.kind = kind;
        this.path = path;
        this.revision = revision;
        this.pinnedCommit = pinnedCommit;
        this.limits = limits;
    }

    /**
     * @throws ReplayInputException when the path does not exist, is neither a directory nor a file, or names a
     *                                  revision that is not a commit id or on something other than a git repository
     */
    public static WorkspaceSource parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new ReplayInputException("the workspace source is empty: name a directory, a .tar/.tar.gz/.tgz archive or PATH@<commit>");
        }
        Path whole = path(spec);
        if (whole != null && Files.exists(whole)) {
            Kind kind = Files.isDirectory(whole) ? Kind.DIRECTORY : Kind.ARCHIVE;
            if (kind == Kind.ARCHIVE && !Files.isRegularFile(whole)) {
                throw new ReplayInputException(spec + " is not a directory, a tar archive (.tar, .tar.gz, .tgz) or a git repository");
            }
            return new WorkspaceSource(spec, kind, whole, null, null, TreeLimits.DEFAULT);
        }
        int at = spec.lastIndexOf('@');
        if (at <= 0) {
            throw new ReplayInputException("the workspace source " + spec + " does not exist");
        }
        String revision = spec.substring(at + 1);
        Path repo = path(spec.substring(0, at));
        if (repo == null || !Files.exists(repo)) {
            throw new ReplayInputException("the workspace source " + spec + " does not exist (nor does " + spec.substring(0, at) + ")");
        }
        if (!Files.isDirectory(repo)) {
            throw new ReplayInputException(spec + ": a revision (@" + revision + ") applies only to a git repository, and "
                    + repo + " is a file");
        }
        if (!GitCli.isRepository(repo)) {
            throw new ReplayInputException(spec + ": " + repo + " is not a git repository, so @" + revision + " names nothing");
        }
        if (!COMMIT_ID.matcher(revision).matches()) {
            throw new ReplayInputException(spec + ": " + (revision.isEmpty() ? "no revision" : "'" + revision + "' is not a commit id")
                    + "; name the commit: " + repo + "@<sha> (HEAD, branch and tag names move, so they are refused)");
        }
        return new WorkspaceSource(spec, Kind.GIT, repo, revision.toLowerCase(Locale.ROOT), null, TreeLimits.DEFAULT);
    }

    /**
     * The source for replaying a trace recorded at {@code pinnedCommit} (null when the trace names none). A git
     * repository named without a revision is read at the pinned commit, and refused when it lacks it; a revision other
     * than the pinned one is allowed, with a warning in {@link StartingTree#warnings()}, as is an archive or directory
     * that does not show it holds the pinned commit.
     */
    public static WorkspaceSource forTrace(String spec, String pinnedCommit) {
        WorkspaceSource source = parse(spec);
        if (pinnedCommit == null || pinnedCommit.isBlank()) {
            return source;
        }
        String pinned = pinnedCommit.strip().toLowerCase(Locale.ROOT);
        if (!COMMIT_ID.matcher(pinned).matches()) {
            throw new ReplayInputException("the trace's commit '" + pinnedCommit + "' is not a commit id");
        }
        if (source.kind == Kind.DIRECTORY && GitCli.isRepository(source.path)) {
            return new WorkspaceSource(spec, Kind.GIT, source.path, null, pinned, source.limits);
        }
        return new WorkspaceSource(spec, source.kind, source.path, source.revision, pinned, source.limits);
    }

    /** The same source with other limits on size and entry count (tests use small ones). */
    WorkspaceSource withLimits(TreeLimits other) {
        return new WorkspaceSource(spec, kind, path, revision, pinnedCommit, other);
    }

    /** The spec as given. */
    public String spec() {
        return spec;
    }

    /**
     * Reads the tree.
     *
     * @throws ReplayInputException when the input is not what it should be (a damaged or hostile archive, a commit
     *                                  the repository lacks, ...)
     * @throws IOException              when reading fails or git cannot run
     */
    public StartingTree load() throws IOException {
        return switch (kind) {
            case DIRECTORY -> {
                StartingTree tree = DirectoryTreeReader.read(path, "directory " + path, null, limits);
                yield tree.withWarnings(pinnedCommit == null ? List.of() : List.of("the trace was recorded at commit " + pinnedCommit
                        + "; " + path + " is not a git repository, so nothing shows that it holds that commit"));
            }
            case ARCHIVE -> {
                StartingTree tree = ArchiveTreeReader.read(path, limits);
                yield tree.withWarnings(archiveWarnings(tree));
            }
            case GIT -> loadGit();
        };
    }

    private List<String> archiveWarnings(StartingTree tree) {
        if (pinnedCommit == null) {
            return List.of();
        }
        if (tree.commit() == null) {
            return List.of("the trace was recorded at commit " + pinnedCommit + "; the archive " + path
                    + " does not say which commit it holds");
        }
        if (!sameCommit(tree.commit(), pinnedCommit)) {
            return List.of("the trace was recorded at commit " + pinnedCommit + ", but the archive " + path + " holds commit " + tree.commit());
        }
        return List.of();
    }

    private StartingTree loadGit() throws IOException {
        List<String> warnings = new ArrayList<>();
        String commit;
        if (revision == null) {
            commit = GitTreeLoader.resolve(path, pinnedCommit);
            if (commit == null) {
                throw new ReplayInputException("the repository " + path + " has no commit " + pinnedCommit
                        + ", which the trace was recorded at");
            }
        } else {
            commit = GitTreeLoader.resolve(path, revision);
            if (commit == null) {
                throw new ReplayInputException("the repository " + path + " has no commit " + revision);
            }
            if (pinnedCommit != null && !sameCommit(commit, pinnedCommit)) {
                warnings.add("the trace was recorded at commit " + pinnedCommit + "; the workspace is commit " + commit
                        + " as " + spec + " asks");
            }
        }
        return GitTreeLoader.load(path, commit, limits).withWarnings(warnings);
    }

    /** Whether two commit ids, either possibly abbreviated, name the same commit. */
    private static boolean sameCommit(String a, String b) {
        return a.startsWith(b) || b.startsWith(a);
    }

    private static Path path(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException invalid) {
            return null;
        }
    }

    @Override
    public String toString() {
        return spec;
    }
}
