package dev.forkline.replay.sandbox;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/** Path to (hash, mode, size) of every file and link under a workspace; directories are implied by their files. */
public record WorkspaceManifest(SortedMap<String, ManifestEntry> entries) {

    public enum ChangeKind { CREATE, MODIFY, DELETE, MODE }

    /** A difference between two manifests; {@code before}/{@code after} are null where the path is absent. */
    public record Change(String path, ChangeKind kind, ManifestEntry before, ManifestEntry after) {
    }

    public WorkspaceManifest {
        entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
    }

    public static WorkspaceManifest of(Map<String, ManifestEntry> entries) {
        return new WorkspaceManifest(new TreeMap<>(entries));
    }

    public ManifestEntry get(String path) {
        return entries.get(path);
    }

    public int size() {
        return entries.size();
    }

    /** What changed from {@code this} (before) to {@code after}, in path order. */
    public List<Change> changesTo(WorkspaceManifest after) {
        TreeSet<String> paths = new TreeSet<>(entries.keySet());
        paths.addAll(after.entries.keySet());
        List<Change> changes = new ArrayList<>();
        for (String path : paths) {
            ManifestEntry b = entries.get(path);
            ManifestEntry a = after.entries.get(path);
            if (b == null) {
                changes.add(new Change(path, ChangeKind.CREATE, null, a));
            } else if (a == null) {
                changes.add(new Change(path, ChangeKind.DELETE, b, null));
            } else if (!java.util.Objects.equals(b.sha256(), a.sha256()) || !java.util.Objects.equals(b.linkTarget(), a.linkTarget())) {
                changes.add(new Change(path, ChangeKind.MODIFY, b, a));
            } else if (b.mode() != a.mode()) {
                changes.add(new Change(path, ChangeKind.MODE, b, a));
            }
        }
        return changes;
    }
}
