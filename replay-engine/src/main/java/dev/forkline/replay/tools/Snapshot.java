package dev.forkline.replay.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The workspace a session worked in, as a map of files: its absolute root, the session's working directory, and
 * the files keyed by root-relative, {@code /}-separated paths. Directories are the ones the file paths imply, so an
 * empty directory does not exist here.
 */
final class Snapshot {

    private final String root;
    private final String cwd;
    private final Map<String, byte[]> files;
    private final Map<String, TreeSet<String>> childFiles = new TreeMap<>();
    private final Map<String, TreeSet<String>> childDirectories = new TreeMap<>();

    Snapshot(String root, String cwd, Map<String, byte[]> files) {
        if (root == null || !root.startsWith("/")) {
            throw new IllegalArgumentException("the workspace root must be an absolute path, got: " + root);
        }
        if (cwd == null || !cwd.startsWith("/")) {
            throw new IllegalArgumentException("the working directory must be an absolute path, got: " + cwd);
        }
        this.root = NodePaths.resolve("/", root);
        this.cwd = NodePaths.resolve("/", cwd);
        this.files = new TreeMap<>();
        childDirectories.put("", new TreeSet<>());
        childFiles.put("", new TreeSet<>());
        for (Map.Entry<String, byte[]> entry : files.entrySet()) {
            String key = entry.getKey();
            checkKey(key);
            this.files.put(key, entry.getValue());
            addToParents(key);
        }
    }

    String cwd() {
        return cwd;
    }

    String root() {
        return root;
    }

    /** The root-relative key of an absolute path ({@code ""} for the root), or empty when it lies outside the root. */
    Optional<String> key(String absolute) {
        String path = NodePaths.resolve("/", absolute);
        if (path.equals(root)) {
            return Optional.of("");
        }
        String prefix = root.equals("/") ? "/" : root + "/";
        return path.startsWith(prefix) ? Optional.of(path.substring(prefix.length())) : Optional.empty();
    }

    String absolute(String key) {
        if (key.isEmpty()) {
            return root;
        }
        return root.equals("/") ? "/" + key : root + "/" + key;
    }

    boolean isFile(String key) {
        return files.containsKey(key);
    }

    boolean isDirectory(String key) {
        return childDirectories.containsKey(key);
    }

    byte[] content(String key) {
        return files.get(key);
    }

    /** Names of the files directly in a directory, sorted. */
    List<String> fileNames(String directoryKey) {
        return new ArrayList<>(childFiles.getOrDefault(directoryKey, new TreeSet<>()));
    }

    /** Names of the directories directly in a directory, sorted. */
    List<String> directoryNames(String directoryKey) {
        return new ArrayList<>(childDirectories.getOrDefault(directoryKey, new TreeSet<>()));
    }

    static String child(String directoryKey, String name) {
        return directoryKey.isEmpty() ? name : directoryKey + "/" + name;
    }

    static String parent(String key) {
        int slash = key.lastIndexOf('/');
        return slash < 0 ? "" : key.substring(0, slash);
    }

    static String name(String key) {
        return key.substring(key.lastIndexOf('/') + 1);
    }

    private void addToParents(String key) {
        String child = key;
        String parent = parent(key);
        childFiles.computeIfAbsent(parent, p -> new TreeSet<>()).add(name(key));
        while (!child.isEmpty()) {
            childDirectories.computeIfAbsent(parent, p -> new TreeSet<>());
            childFiles.computeIfAbsent(parent, p -> new TreeSet<>());
            if (!child.equals(key)) {
                childDirectories.get(parent).add(name(child));
            }
            child = parent;
            parent = parent(parent);
        }
    }

    private static void checkKey(String key) {
        if (key == null || key.isEmpty() || key.startsWith("/") || key.endsWith("/")) {
            throw new IllegalArgumentException(
                    "file keys must be workspace-relative paths without a leading or trailing '/', got: " + key);
        }
        for (String segment : key.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("file key has an empty, '.' or '..' segment: " + key);
            }
        }
    }
}
