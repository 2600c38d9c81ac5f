package dev.forkline.importers.support;

import dev.forkline.importers.ImportSession;
import dev.forkline.trace.Finding;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Makes the paths of recorded edits relative to the start checkpoint's workspace root, as state.mutation wants them:
 * an absolute path under the root loses the root, a relative path is taken relative to the directory it was given in
 * (the root unless said otherwise). A path outside the root is kept as recorded and counted; {@link #report} turns the
 * count into one {@code path-outside-workspace} finding. Paths are POSIX paths (the agents ran on Linux or macOS);
 * Windows separators are read as {@code /}.
 */
public final class WorkspaceRoot {

    private static final int EXAMPLES = 3;

    private final String root;
    private final Set<String> outside = new LinkedHashSet<>();

    /** @param root the absolute workspace root (see {@link StartCheckpoint#rootOr}) */
    public WorkspaceRoot(String root) {
        String normalised = normalise(root);
        this.root = normalised == null ? "/" : normalised;
    }

    public String root() {
        return root;
    }

    /** {@link #relative(String, String)} for a path given in the root itself. */
    public String relative(String path) {
        return relative(path, null);
    }

    /**
     * The path relative to the root, or the path as recorded when it lies outside the root (or is the root itself).
     *
     * @param base the directory a relative path was given in (absolute), or null for the root
     */
    public String relative(String path, String base) {
        if (path == null || path.isBlank()) {
            return path;
        }
        String absolute = isAbsolute(path) ? normalise(path) : normalise((base == null ? root : base) + "/" + path);
        if (absolute != null && !absolute.equals(root) && absolute.startsWith(root.equals("/") ? "/" : root + "/")) {
            return absolute.substring(root.equals("/") ? 1 : root.length() + 1);
        }
        outside.add(path);
        return path;
    }

    /** One warning when some edits named paths outside the root. */
    public void report(ImportSession session) {
        if (outside.isEmpty()) {
            return;
        }
        String examples = String.join(", ", outside.stream().limit(EXAMPLES).toList()) + (outside.size() > EXAMPLES ? ", ..." : "");
        session.finding(Finding.warning(ImportFindings.PATH_OUTSIDE_WORKSPACE, outside.size() + " edited path(s) lie outside the workspace root "
                + root + " (" + examples + "): their state.mutation events keep the path as recorded, and a replay from the supplied"
                + " tree cannot apply them", null, 0));
    }

    private static boolean isAbsolute(String path) {
        String slashed = path.replace('\\', '/');
        return slashed.startsWith("/") || slashed.matches("^[A-Za-z]:/.*");
    }

    /** {@code /a/./b/../c/} → {@code /a/c}; null when {@code ..} climbs above the top. */
    static String normalise(String path) {
        String slashed = path.replace('\\', '/');
        String prefix = "";
        if (slashed.matches("^[A-Za-z]:/.*")) {
            prefix = slashed.substring(0, 2);
            slashed = slashed.substring(2);
        }
        Deque<String> parts = new ArrayDeque<>();
        for (String part : slashed.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.removeLast();
            } else {
                parts.addLast(part);
            }
        }
        return prefix + "/" + String.join("/", parts);
    }
}
