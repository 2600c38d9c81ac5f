package dev.forkline.replay.sandbox;

import dev.forkline.replay.ReplayInputException;

/** Workspace-relative paths as Forkline records them: '/'-separated, no leading '/' or './', no '.' or '..' segments. */
public final class WorkspacePaths {

    private WorkspacePaths() {
    }

    public static String normalize(String path) {
        if (path == null || path.isEmpty()) {
            throw new ReplayInputException("empty workspace path");
        }
        String p = path;
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        if (p.startsWith("/") || p.indexOf('\0') >= 0) {
            throw new ReplayInputException("workspace path must be relative and contain no NUL: " + printable(path));
        }
        for (String segment : p.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new ReplayInputException("workspace path has an empty, '.' or '..' segment: " + printable(path));
            }
        }
        return p;
    }

    static String printable(String path) {
        return path.replace("\n", "\\n").replace("\0", "\\0");
    }
}
