package dev.forkline.replay.workspace;

import dev.forkline.replay.ReplayInputException;
import dev.forkline.replay.sandbox.WorkspaceFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects the files of a starting tree while enforcing its {@link TreeLimits}, then checks that the tree is one a
 * file system can hold: no path both a file and a directory, nothing below a symbolic link.
 */
final class TreeBuilder {

    private final String source;
    private final TreeLimits limits;
    private final Map<String, WorkspaceFile> files = new TreeMap<>();
    private final List<String> warnings = new ArrayList<>();
    private long bytes;
    private int entries;

    TreeBuilder(String source, TreeLimits limits) {
        this.source = source;
        this.limits = limits;
    }

    /** Counts one entry of the source (file, link, directory or anything else) against the entry limit. */
    void countEntry() {
        if (++entries > limits.maxEntries()) {
            throw new ReplayInputException(source + " holds more than " + limits.maxEntries()
                    + " entries, the most a starting tree may hold");
        }
    }

    /** Counts {@code size} bytes of content against the size limit before they are read. */
    void countBytes(String path, long size) {
        bytes += size;
        if (bytes > limits.maxBytes()) {
            throw new ReplayInputException(source + " holds more than " + limits.describeBytes()
                    + " of file content (reached at " + path + "), the most a starting tree may hold");
        }
    }

    /** Adds a file; a later file with the same path replaces the earlier one, as extracting would. */
    void add(WorkspaceFile file) {
        files.put(file.path(), file);
    }

    WorkspaceFile get(String path) {
        return files.get(path);
    }

    void warn(String warning) {
        warnings.add(warning);
    }

    List<String> warnings() {
        return warnings;
    }

    /** The files in path order, refusing a tree in which some path lies below a file or a link. */
    List<WorkspaceFile> files() {
        for (String path : files.keySet()) {
            for (int slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
                WorkspaceFile parent = files.get(path.substring(0, slash));
                if (parent != null) {
                    throw new ReplayInputException(source + ": " + path + " lies below " + parent.path() + ", which is "
                            + (parent.isSymlink() ? "a symbolic link" : "a file") + ", not a directory");
                }
            }
        }
        return List.copyOf(files.values());
    }
}
