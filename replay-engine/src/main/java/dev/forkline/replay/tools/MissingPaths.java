package dev.forkline.replay.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Claude Code's words for a path that does not exist: the tool's own sentence, a note naming the working directory,
 * and a "Did you mean" guess when one exists (the same relative path under the working directory for a path under
 * its parent, or for Read a file in the same directory with the same stem and another extension).
 */
final class MissingPaths {

    private MissingPaths() {
    }

    static String message(String sentence, Snapshot snapshot, String fullPath, boolean similarFiles) {
        String message = sentence + " Note: your current working directory is " + snapshot.cwd() + ".";
        Optional<String> guess = pathUnderCwd(snapshot, fullPath);
        if (guess.isEmpty() && similarFiles) {
            guess = similarFile(snapshot, fullPath);
        }
        return guess.map(g -> message + " Did you mean " + g + "?").orElse(message);
    }

    /** {@code suggestPathUnderCwd}: a path under the cwd's parent but not the cwd, that exists under the cwd. */
    private static Optional<String> pathUnderCwd(Snapshot snapshot, String fullPath) {
        String cwd = snapshot.cwd();
        String cwdParent = NodePaths.resolve(cwd, "..");
        String parentPrefix = cwdParent.equals("/") ? "/" : cwdParent + "/";
        if (!fullPath.startsWith(parentPrefix) || fullPath.startsWith(cwd + "/") || fullPath.equals(cwd)) {
            return Optional.empty();
        }
        String corrected = NodePaths.resolve(cwd, NodePaths.relative(cwdParent, fullPath));
        return snapshot.key(corrected).filter(k -> snapshot.isFile(k) || snapshot.isDirectory(k)).map(k -> corrected);
    }

    /** {@code findSimilarFile}: the first name in the same directory with the same stem and another extension. */
    private static Optional<String> similarFile(Snapshot snapshot, String fullPath) {
        String directory = NodePaths.resolve(fullPath, "..");
        String name = fullPath.substring(fullPath.lastIndexOf('/') + 1);
        String stem = stem(name);
        return snapshot.key(directory).filter(snapshot::isDirectory).flatMap(key -> {
            List<String> names = new ArrayList<>(snapshot.fileNames(key));
            names.addAll(snapshot.directoryNames(key));
            return names.stream().sorted().filter(n -> stem(n).equals(stem) && !n.equals(name)).findFirst();
        });
    }

    private static String stem(String name) {
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? name : name.substring(0, dot);
    }
}
