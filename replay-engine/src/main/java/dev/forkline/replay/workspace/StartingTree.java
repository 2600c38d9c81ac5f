package dev.forkline.replay.workspace;

import dev.forkline.replay.sandbox.WorkspaceFile;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The tree an imported session started from, as loaded by {@link WorkspaceSource#load()}: regular files and symbolic
 * links (directories are implicit), sorted by path.
 *
 * @param description what was loaded, for people: e.g. {@code git repository /src/cli at commit e4e7a027…}
 * @param files       the files, sorted by path, no two with the same path, no file below another file or a link
 * @param commit      the full commit the tree holds when that is known (a git repository at a commit, or an archive
 *                    made by {@code git archive}, which names its commit), else null
 * @param warnings    what the reviewer should know: entries ignored, a commit other than the trace's, ...
 */
public record StartingTree(String description, List<WorkspaceFile> files, String commit, List<String> warnings) {

    public StartingTree {
        Objects.requireNonNull(description, "description");
        files = List.copyOf(files);
        warnings = List.copyOf(warnings);
    }

    /** Whether the tree holds a {@code .git} directory, so that {@code git status} and {@code git diff} work in it. */
    public boolean hasGitDirectory() {
        return files.stream().anyMatch(f -> f.path().startsWith(".git/"));
    }

    /** The files by path, in path order; unmodifiable. */
    public Map<String, WorkspaceFile> byPath() {
        Map<String, WorkspaceFile> byPath = new LinkedHashMap<>();
        for (WorkspaceFile file : files) {
            byPath.put(file.path(), file);
        }
        return Collections.unmodifiableMap(byPath);
    }

    StartingTree withWarnings(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new java.util.ArrayList<>(warnings);
        all.addAll(more);
        return new StartingTree(description, files, commit, all);
    }
}
