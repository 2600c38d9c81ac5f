package dev.forkline.replay.tools;

import dev.forkline.replay.tools.ClaudeCodeReadTools.Outcome;
import java.util.List;
import java.util.Set;

/**
 * Claude Code's Glob: {@code rg --files --glob PATTERN --no-ignore --hidden} in the given directory (the working
 * directory by default), so ignore files do not count and hidden files do; the pattern follows ripgrep's glob rules,
 * relative to ripgrep's working directory (a pattern without {@code /} matches a file name at any depth). An
 * absolute pattern is split at its last {@code /} before the first wildcard into a directory and a pattern. Paths
 * come back absolute, at most 100 of them, with Claude Code's truncation note past that; "No files found" when
 * none.
 */
final class GlobTool {

    static final Set<String> ARGUMENTS = Set.of("pattern", "path");
    static final int MAX_RESULTS = 100;

    private GlobTool() {
    }

    static Outcome run(ToolArguments arguments, Snapshot snapshot) {
        String pattern = arguments.requiredString("pattern");
        String path = arguments.string("path").orElse(null);
        String cwd = snapshot.cwd();
        String searchDirectory = cwd;
        if (path != null) {
            String full = NodePaths.expand(cwd, path);
            if (full == null) {
                throw new NotRerun("Glob in a path under ~, whose home directory the replay does not know: " + path);
            }
            String key = snapshot.key(full)
                    .orElseThrow(() -> new NotRerun("Glob in " + full + ", outside the workspace " + snapshot.root()));
            if (snapshot.isFile(key)) {
                return Outcome.error(ClaudeCodeReadTools.toolUseError("Path is not a directory: " + path));
            }
            if (!snapshot.isDirectory(key)) {
                return Outcome.error(ClaudeCodeReadTools.toolUseError(
                        MissingPaths.message("Directory does not exist: " + path + ".", snapshot, full, false)));
            }
            searchDirectory = full;
        }
        String searchPattern = pattern;
        if (pattern.startsWith("/")) {
            String[] split = splitAbsolutePattern(pattern);
            if (!split[0].isEmpty()) {
                searchDirectory = split[0];
                searchPattern = split[1];
            }
        }
        String directory = searchDirectory;
        String key = snapshot.key(directory)
                .orElseThrow(() -> new NotRerun("Glob in " + directory + ", outside the workspace " + snapshot.root()));
        List<String> found;
        if (snapshot.isDirectory(key)) {
            try {
                found = new RipgrepWalk(snapshot, false, List.of(searchPattern), List.of()).files(key);
            } catch (IllegalArgumentException malformedGlob) {
                throw new NotRerun("Glob pattern not understood: " + malformedGlob.getMessage());
            }
        } else {
            // ripgrep lists a file given as its path; a path that does not exist makes it fail with no output
            found = snapshot.isFile(key) ? List.of(key) : List.of();
        }
        if (found.isEmpty()) {
            return Outcome.text("No files found");
        }
        List<String> paths = found.stream().map(snapshot::absolute).sorted().toList();
        String listing = String.join("\n", paths.subList(0, Math.min(paths.size(), MAX_RESULTS)));
        return Outcome.text(paths.size() > MAX_RESULTS
                ? listing + "\n(Results are truncated. Consider using a more specific path or pattern.)"
                : listing);
    }

    /** {@code extractGlobBaseDirectory}: the static directory before the first wildcard, and the rest. */
    static String[] splitAbsolutePattern(String pattern) {
        int wildcard = -1;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == '{') {
                wildcard = i;
                break;
            }
        }
        if (wildcard < 0) {
            String trimmed = pattern.length() > 1 && pattern.endsWith("/")
                    ? pattern.substring(0, pattern.length() - 1) : pattern;
            int slash = trimmed.lastIndexOf('/');
            return new String[] {slash == 0 ? "/" : trimmed.substring(0, slash), trimmed.substring(slash + 1)};
        }
        String prefix = pattern.substring(0, wildcard);
        int slash = prefix.lastIndexOf('/');
        if (slash < 0) {
            return new String[] {"", pattern};
        }
        String base = slash == 0 ? "/" : prefix.substring(0, slash);
        return new String[] {base, pattern.substring(slash + 1)};
    }
}
