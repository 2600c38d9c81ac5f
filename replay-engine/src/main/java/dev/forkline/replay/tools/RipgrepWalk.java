package dev.forkline.replay.tools;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which files ripgrep visits below a directory, in the order of its precedence rules: {@code --glob} overrides
 * first (a match decides; with any include glob, an unmatched file is skipped), then ignore files when they are
 * respected ({@code .rgignore} over {@code .ignore} over {@code .gitignore}, the deepest file that matches
 * deciding), then {@code --type}. Hidden files are visited (Claude Code passes {@code --hidden}); an ignored
 * directory is not entered. The workspace root is taken to be a git repository's root, so its {@code .gitignore}
 * files count; the author's global excludes and {@code .git/info/exclude} are unknown and do not.
 */
final class RipgrepWalk {

    private static final List<String> IGNORE_FILES = List.of(".rgignore", ".ignore", ".gitignore");

    private final Snapshot snapshot;
    private final boolean respectIgnoreFiles;
    private final IgnoreRules overrides;
    private final boolean overridesInclude;
    private final List<GlobPattern> types;
    private final Map<String, IgnoreRules> ignoreFiles = new HashMap<>();

    /**
     * @param overrideLines the {@code --glob} values in order, matched against paths relative to the session's
     *                      working directory (ripgrep's own working directory), or absolute outside it
     * @param types         globs of the {@code --type} filter, empty for none
     */
    RipgrepWalk(Snapshot snapshot, boolean respectIgnoreFiles, List<String> overrideLines, List<GlobPattern> types) {
        this.snapshot = snapshot;
        this.respectIgnoreFiles = respectIgnoreFiles;
        this.overrides = IgnoreRules.of(overrideLines);
        this.overridesInclude = overrideLines.stream().anyMatch(line -> !line.startsWith("!"));
        this.types = types;
    }

    /** The keys of the files visited below a directory, in a stable order. */
    List<String> files(String directoryKey) {
        List<String> found = new ArrayList<>();
        walk(directoryKey, found);
        return found;
    }

    private void walk(String directoryKey, List<String> found) {
        for (String name : snapshot.fileNames(directoryKey)) {
            String key = Snapshot.child(directoryKey, name);
            if (visited(key, false)) {
                found.add(key);
            }
        }
        for (String name : snapshot.directoryNames(directoryKey)) {
            String key = Snapshot.child(directoryKey, name);
            if (visited(key, true)) {
                walk(key, found);
            }
        }
    }

    private boolean visited(String key, boolean isDirectory) {
        IgnoreRules.Match override = override(key, isDirectory);
        if (override != IgnoreRules.Match.NONE) {
            return override == IgnoreRules.Match.WHITELIST;
        }
        if (respectIgnoreFiles && ignoredByFiles(key, isDirectory)) {
            return false;
        }
        if (!types.isEmpty() && !isDirectory) {
            String name = Snapshot.name(key);
            return types.stream().anyMatch(glob -> glob.matches(name));
        }
        return true;
    }

    /** ripgrep's override verdict: a glob list line is an include, {@code !} an exclude (inverse of gitignore). */
    private IgnoreRules.Match override(String key, boolean isDirectory) {
        if (overrides.isEmpty()) {
            return IgnoreRules.Match.NONE;
        }
        String absolute = snapshot.absolute(key);
        String relative = NodePaths.relative(snapshot.cwd(), absolute);
        String path = relative.startsWith("..") ? absolute : relative;
        return switch (overrides.matched(path, isDirectory)) {
            case IGNORE -> IgnoreRules.Match.WHITELIST;
            case WHITELIST -> IgnoreRules.Match.IGNORE;
            case NONE -> overridesInclude && !isDirectory ? IgnoreRules.Match.IGNORE : IgnoreRules.Match.NONE;
        };
    }

    private boolean ignoredByFiles(String key, boolean isDirectory) {
        for (String fileName : IGNORE_FILES) {
            String directory = Snapshot.parent(key);
            while (true) {
                IgnoreRules rules = rulesIn(directory, fileName);
                if (rules != null) {
                    String relative = directory.isEmpty() ? key : key.substring(directory.length() + 1);
                    IgnoreRules.Match match = rules.matched(relative, isDirectory);
                    if (match != IgnoreRules.Match.NONE) {
                        return match == IgnoreRules.Match.IGNORE;
                    }
                }
                if (directory.isEmpty()) {
                    break;
                }
                directory = Snapshot.parent(directory);
            }
        }
        return false;
    }

    private IgnoreRules rulesIn(String directory, String fileName) {
        String key = Snapshot.child(directory, fileName);
        if (!snapshot.isFile(key)) {
            return null;
        }
        return ignoreFiles.computeIfAbsent(key,
                k -> IgnoreRules.parse(new String(snapshot.content(k), java.nio.charset.StandardCharsets.UTF_8)));
    }
}
