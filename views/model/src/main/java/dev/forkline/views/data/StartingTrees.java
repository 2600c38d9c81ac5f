package dev.forkline.views.data;

import dev.forkline.replay.workspace.StartingTree;
import dev.forkline.replay.workspace.WorkspaceSource;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The trees imported sessions started from, as the reviewer named them ({@link WorkspaceSource#forTrace}), read once
 * and kept for the replay dialog, the replay and the state panel, which all ask for the same one. Holds the few most
 * recent; a tree given again in the dialog is read afresh (the folder may have changed). Thread-safe; reading happens
 * on the calling thread, which must not be the UI thread.
 */
public final class StartingTrees {

    private static final int KEPT = 3;

    private record Key(String spec, String pinnedCommit) {
    }

    private final Map<Key, StartingTree> trees = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, StartingTree> eldest) {
            return size() > KEPT;
        }
    };

    /**
     * The tree {@code spec} names, read now or earlier.
     *
     * @param pinnedCommit the commit the trace names (data.startingTree.commit), or null
     * @throws IllegalArgumentException with a sentence for people when the spec names nothing readable (see {@link #explain})
     */
    public StartingTree get(String spec, String pinnedCommit) {
        Key key = new Key(spec, pinnedCommit);
        synchronized (trees) {
            StartingTree kept = trees.get(key);
            if (kept != null) {
                return kept;
            }
        }
        return read(spec, pinnedCommit);
    }

    /** Reads the tree again, whatever was kept, and keeps it. */
    public StartingTree read(String spec, String pinnedCommit) {
        StartingTree tree;
        try {
            tree = WorkspaceSource.forTrace(spec, pinnedCommit).load();
        } catch (IllegalArgumentException | IOException e) {
            throw new IllegalArgumentException(explain(spec, e), e);
        }
        synchronized (trees) {
            trees.put(new Key(spec, pinnedCommit), tree);
        }
        return tree;
    }

    /** What went wrong reading {@code spec}, in words: the source's own sentence, or what the I/O failure means. */
    public static String explain(String spec, Throwable failure) {
        return switch (failure) {
            case InvalidPathException invalid -> "'" + spec + "' is not a path: " + invalid.getReason();
            case IllegalArgumentException bad when bad.getMessage() != null -> bad.getMessage();
            case NoSuchFileException missing -> (missing.getFile() == null ? spec : missing.getFile()) + " does not exist";
            case AccessDeniedException denied -> "cannot read " + (denied.getFile() == null ? spec : denied.getFile()) + ": permission denied";
            case IOException io -> "could not read the starting tree from " + spec
                    + (io.getMessage() == null ? "" : ": " + io.getMessage());
            default -> "could not read the starting tree from " + spec + ": " + failure;
        };
    }
}
