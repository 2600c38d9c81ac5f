package dev.forkline.replay.workspace;

import dev.forkline.replay.sandbox.WorkspaceFile;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The workspace at one event as an unmodifiable map: the start tree with the changes made up to that event laid over
 * it. Looking a path up costs no copy of the tree; the sorted whole is built once, on the first iteration.
 */
final class WorkspaceView extends AbstractMap<String, WorkspaceFile> {

    private final Map<String, WorkspaceFile> start;
    /** Path to the file now there; a null value means the path was deleted. */
    private final Map<String, WorkspaceFile> changes;
    private volatile Map<String, WorkspaceFile> whole;

    WorkspaceView(Map<String, WorkspaceFile> start, Map<String, WorkspaceFile> changes) {
        this.start = start;
        this.changes = changes;
    }

    @Override
    public WorkspaceFile get(Object path) {
        return changes.containsKey(path) ? changes.get(path) : start.get(path);
    }

    @Override
    public boolean containsKey(Object path) {
        return get(path) != null;
    }

    @Override
    public Set<Entry<String, WorkspaceFile>> entrySet() {
        if (whole == null) {
            Map<String, WorkspaceFile> sorted = new TreeMap<>(start);
            for (Entry<String, WorkspaceFile> change : changes.entrySet()) {
                if (change.getValue() == null) {
                    sorted.remove(change.getKey());
                } else {
                    sorted.put(change.getKey(), change.getValue());
                }
            }
            whole = Collections.unmodifiableMap(sorted);
        }
        return whole.entrySet();
    }
}
