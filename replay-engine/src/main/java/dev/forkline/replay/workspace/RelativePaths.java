package dev.forkline.replay.workspace;

import java.util.ArrayList;
import java.util.List;

/** Lexical work on '/'-separated relative paths: resolving '.' and '..', and whether a link's target stays in the tree. */
final class RelativePaths {

    private RelativePaths() {
    }

    /**
     * The path with empty and '.' segments dropped and '..' resolved against the segments before it; null when a '..'
     * climbs above the start, and "" for the start itself.
     */
    static String resolve(String path) {
        List<String> kept = new ArrayList<>();
        if (!appendResolved(kept, path)) {
            return null;
        }
        return String.join("/", kept);
    }

    /**
     * Whether a symbolic link at {@code linkPath} (relative to the tree's root) pointing at {@code target} names
     * something inside the tree, judged lexically: the target is relative and its '..' segments never climb above the
     * root.
     */
    static boolean linkStaysInside(String linkPath, String target) {
        if (target.isEmpty() || target.startsWith("/")) {
            return false;
        }
        List<String> kept = new ArrayList<>(List.of(linkPath.split("/")));
        kept.removeLast();
        return appendResolved(kept, target);
    }

    private static boolean appendResolved(List<String> kept, String path) {
        for (String segment : path.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                if (kept.isEmpty()) {
                    return false;
                }
                kept.removeLast();
            } else {
                kept.add(segment);
            }
        }
        return true;
    }
}
