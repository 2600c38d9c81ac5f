package dev.forkline.replay.workspace;

import dev.forkline.replay.sandbox.WorkspaceFile;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A tree a session started from, as the reviewer supplied it. */
public record StartingTree(String description, List<WorkspaceFile> files, String commit, List<String> warnings) {

    public StartingTree {
        files = List.copyOf(files);
        warnings = List.copyOf(warnings);
    }

    public boolean hasGitDirectory() {
        return files.stream().anyMatch(f -> f.path().equals(".git") || f.path().startsWith(".git/"));
    }

    public Map<String, WorkspaceFile> byPath() {
        Map<String, WorkspaceFile> map = new LinkedHashMap<>();
        files.forEach(f -> map.put(f.path(), f));
        return map;
    }
}
