package dev.forkline.replay.workspace;

/**
 * Turns the path a {@code state.mutation} records into a workspace-relative one: absolute paths under the workspace
 * root (the {@code workspace.root} of the run's start checkpoint, e.g. {@code /workspace}) lose the root; '.' and
 * '..' are resolved lexically. A path that leads outside the workspace is refused with the reason.
 */
public final class MutationPaths {

    /** The workspace-relative path, or why there is none. */
    public record Resolved(String path, String refusal) {
    }

    private MutationPaths() {
    }

    public static Resolved resolve(String recorded, String root) {
        if (recorded == null || recorded.isBlank()) {
            return new Resolved(null, "the mutation names no path");
        }
        String relative = recorded;
        if (recorded.startsWith("/")) {
            String base = root == null ? null : stripTrailingSlashes(root);
            if (base == null || base.isEmpty()) {
                return new Resolved(null, recorded + " is an absolute path and the trace names no workspace root; skipped");
            }
            if (!recorded.startsWith(base + "/")) {
                return new Resolved(null, recorded + " lies outside the workspace root " + base + "; skipped");
            }
            relative = recorded.substring(base.length() + 1);
        }
        String resolved = relative.indexOf('\0') >= 0 ? null : RelativePaths.resolve(relative);
        if (resolved == null) {
            return new Resolved(null, recorded + " leads outside the workspace; skipped");
        }
        if (resolved.isEmpty()) {
            return new Resolved(null, recorded + " names the workspace itself, not a file; skipped");
        }
        return new Resolved(resolved, null);
    }

    private static String stripTrailingSlashes(String path) {
        String p = path;
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }
}
