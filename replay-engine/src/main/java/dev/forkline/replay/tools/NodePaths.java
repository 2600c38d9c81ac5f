package dev.forkline.replay.tools;

import java.text.Normalizer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * POSIX path arithmetic as Node's {@code path} module does it, because Claude Code builds the paths it shows with
 * {@code path.resolve} and {@code path.relative}: {@code ..} segments collapse, trailing slashes drop, and anything
 * that does not start with {@code /} is taken relative to the session's working directory.
 */
final class NodePaths {

    private NodePaths() {
    }

    /** {@code path.resolve(base, path)}: absolute, normalised, no trailing slash (except {@code /} itself). */
    static String resolve(String base, String path) {
        String joined = path.startsWith("/") ? path : base + "/" + path;
        Deque<String> segments = new ArrayDeque<>();
        for (String segment : joined.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                segments.pollLast();
            } else {
                segments.addLast(segment);
            }
        }
        return "/" + String.join("/", segments);
    }

    /** {@code path.relative(from, to)} for two paths resolved against {@code from}; empty when they are the same. */
    static String relative(String from, String to) {
        List<String> fromSegments = segments(resolve("/", from));
        List<String> toSegments = segments(resolve(from, to));
        int common = 0;
        while (common < fromSegments.size() && common < toSegments.size()
                && fromSegments.get(common).equals(toSegments.get(common))) {
            common++;
        }
        List<String> parts = new ArrayList<>();
        for (int i = common; i < fromSegments.size(); i++) {
            parts.add("..");
        }
        parts.addAll(toSegments.subList(common, toSegments.size()));
        return String.join("/", parts);
    }

    /**
     * Claude Code's {@code toRelativePath}: the path relative to the working directory, or the text unchanged when
     * that relative path would climb out of it (starts with {@code ..}).
     */
    static String toRelativePath(String cwd, String path) {
        String relative = relative(cwd, path);
        return relative.startsWith("..") ? path : relative;
    }

    /**
     * Claude Code's {@code expandPath} for a tool argument: trimmed, absolute as given or resolved against the
     * working directory, NFC-normalised. Returns null for {@code ~} paths, whose home directory a replay does not know.
     */
    static String expand(String cwd, String argument) {
        String trimmed = argument.strip();
        if (trimmed.isEmpty()) {
            return resolve("/", cwd);
        }
        if (trimmed.equals("~") || trimmed.startsWith("~/")) {
            return null;
        }
        return Normalizer.normalize(resolve(cwd, trimmed), Normalizer.Form.NFC);
    }

    private static List<String> segments(String absolute) {
        List<String> segments = new ArrayList<>();
        for (String segment : absolute.split("/")) {
            if (!segment.isEmpty()) {
                segments.add(segment);
            }
        }
        return segments;
    }
}
