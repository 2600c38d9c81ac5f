package dev.forkline.trace.state;

/** Turns the paths of state.mutation events into the workspace-relative form checkpoints use. */
final class WorkspacePaths {

    private WorkspacePaths() {
    }

    /** {@code /workspace/src/a.py}, {@code ./src/a.py} and {@code src/a.py} all become {@code src/a.py}; null stays null. */
    static String relative(String path, String root) {
        if (path == null || path.isEmpty()) {
            return null;
        }
        String normalizedRoot = root.endsWith("/") ? root : root + "/";
        if (path.startsWith(normalizedRoot)) {
            path = path.substring(normalizedRoot.length());
        }
        while (path.startsWith("./")) {
            path = path.substring(2);
        }
        return path.isEmpty() ? null : path;
    }
}
