package dev.forkline.replay.workspace;

import dev.forkline.replay.sandbox.WorkspaceFile;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The workspace at one event as an unmodifiable map: the start tree with the changes made up to that event laid over
 * it. Looking a path up costs no copy of the tree; the whole, in path order, is built once, on the first iteration, by
 * merging the sorted changes into the start tree's files (already in path order).
 */
final class WorkspaceView extends AbstractMap<String, WorkspaceFile> {

    private final List<WorkspaceFile> startInOrder;
    private final Map<String, WorkspaceFile> start;
    /** Path to the file now there; a null value means the path was deleted. */
    private final Map<String, WorkspaceFile> changes;
    private volatile Map<String, WorkspaceFile> whole;

    /**
     * @param startInOrder the start tree's files in path order ({@link String#compareTo})
     * @param start        the same files by path
     */
    WorkspaceView(List<WorkspaceFile> startInOrder, Map<String, WorkspaceFile> start, Map<String, WorkspaceFile> changes) {
        this.startInOrder = startInOrder;
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
            whole = Collections.unmodifiableMap(merged());
        }
        return whole.entrySet();
    }

    private Map<String, WorkspaceFile> merged() {
        List<String> changed = new ArrayList<>(changes.keySet());
        Collections.sort(changed);
        Map<String, WorkspaceFile> merged = LinkedHashMap.newLinkedHashMap(startInOrder.size() + changed.size());
        int next = 0;
        for (WorkspaceFile file : startInOrder) {
            String path = file.path();
            while (next < changed.size() && changed.get(next).compareTo(path) < 0) {
                putChange(merged, changed.get(next++));
            }
            if (next < changed.size() && changed.get(next).equals(path)) {
                putChange(merged, changed.get(next++));
            } else {
                merged.put(path, file);
            }
        }
        while (next < changed.size()) {
            putChange(merged, changed.get(next++));
        }
        return merged;
    }

    private void putChange(Map<String, WorkspaceFile> merged, String path) {
        WorkspaceFile now = changes.get(path);
        if (now != null) {
            merged.put(path, now);
        }
    }
}
