package dev.forkline.replay.workspace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Applies the hunks of a patch for one file to its text. Two shapes are read:
 * <ul>
 *   <li>Codex {@code apply_patch} update hunks (the body of {@code *** Update File:}): chunks opened by {@code @@} or
 *       {@code @@ <a line to find first>}, lines {@code ' '} context, {@code -} removed, {@code +} added, optionally
 *       {@code *** End of File}; the first chunk may omit its {@code @@}. As Codex does, each chunk's old lines are
 *       looked for from where the previous chunk ended, exactly, then ignoring trailing, then surrounding white space;
 *       the result ends with a newline.</li>
 *   <li>unified diffs ({@code @@ -a,b +c,d @@} hunks, file headers {@code diff --git}/{@code ---}/{@code +++}
 *       skipped, {@code \ No newline at end of file} honoured): each hunk is placed at its line number when its old
 *       lines are there, else looked for as above.</li>
 * </ul>
 */
final class PatchHunks {

    private static final Pattern UNIFIED = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@.*");

    private static final class Chunk {
        String anchor;
        int oldStart = -1;
        int oldCount = -1;
        int newCount = -1;
        boolean endOfFile;
        final List<String> oldLines = new ArrayList<>();
        final List<String> newLines = new ArrayList<>();
        /** For each new line, the index of the old line it keeps (a context line), or -1 for an added line. */
        final List<Integer> kept = new ArrayList<>();

        boolean unified() {
            return oldStart >= 0;
        }

        boolean complete() {
            return unified() && oldCount <= 0 && newCount <= 0;
        }
    }

    /** The patched text, or the reason the patch does not fit. */
    record Result(String text, String failure) {
    }

    private record Replacement(int at, int length, List<String> lines) {
    }

    private PatchHunks() {
    }

    static Result apply(String path, String text, String patch) {
        if (text == null) {
            return new Result(null, path + ": the file does not exist, so the patch cannot be applied to it");
        }
        List<Chunk> chunks = new ArrayList<>();
        Boolean newEndsWithNewline = null;
        String[] patchLines = patch.split("\n", -1);
        int end = patchLines.length;
        if (end > 0 && patchLines[end - 1].isEmpty()) {
            end--;
        }
        Chunk chunk = null;
        char last = 0;
        for (int i = 0; i < end; i++) {
            String line = patchLines[i];
            Matcher unified = UNIFIED.matcher(line);
            if (unified.matches()) {
                chunk = new Chunk();
                chunk.oldStart = Integer.parseInt(unified.group(1));
                chunk.oldCount = unified.group(2) == null ? 1 : Integer.parseInt(unified.group(2));
                chunk.newCount = unified.group(4) == null ? 1 : Integer.parseInt(unified.group(4));
                chunks.add(chunk);
                continue;
            }
            if (line.equals("*** End of File")) {
                if (chunk != null) {
                    chunk.endOfFile = true;
                }
                continue;
            }
            boolean inHunk = chunk != null && !chunk.complete();
            if (isHeader(line) || (!inHunk && line.startsWith("--- ") && i + 1 < end && patchLines[i + 1].startsWith("+++ "))) {
                if (line.startsWith("--- ")) {
                    i++;
                }
                chunk = null;
                continue;
            }
            if (line.equals("@@") || line.startsWith("@@ ")) {
                chunk = new Chunk();
                String anchor = line.substring(2).strip();
                chunk.anchor = anchor.isEmpty() ? null : anchor;
                chunks.add(chunk);
                continue;
            }
            if (line.startsWith("\\")) {
                // "\ No newline at end of file" after the line it concerns
                if (last == '+' || last == ' ') {
                    newEndsWithNewline = false;
                } else if (last == '-' && newEndsWithNewline == null) {
                    newEndsWithNewline = true;
                }
                continue;
            }
            if (chunk == null || chunk.complete()) {
                if (!chunks.isEmpty() || line.startsWith("*** ")) {
                    continue;
                }
                chunk = new Chunk();
                chunks.add(chunk);
            }
            char kind = line.isEmpty() ? ' ' : line.charAt(0);
            String body = line.isEmpty() ? "" : line.substring(1);
            switch (kind) {
                case ' ' -> {
                    chunk.kept.add(chunk.oldLines.size());
                    chunk.oldLines.add(body);
                    chunk.newLines.add(body);
                    chunk.oldCount--;
                    chunk.newCount--;
                }
                case '-' -> {
                    chunk.oldLines.add(body);
                    chunk.oldCount--;
                }
                case '+' -> {
                    chunk.kept.add(-1);
                    chunk.newLines.add(body);
                    chunk.newCount--;
                }
                default -> {
                    return new Result(null, path + ": the patch has a line that is neither context, removal nor addition: "
                            + TextEdits.quote(line));
                }
            }
            last = kind;
        }
        if (chunks.isEmpty()) {
            return new Result(null, path + ": the patch holds no hunks");
        }
        return applyChunks(path, text, chunks, newEndsWithNewline);
    }

    /** A line that no hunk line can be (hunk lines start with ' ', '-' or '+'): file and patch headers. */
    private static boolean isHeader(String line) {
        return line.startsWith("diff --git ") || line.startsWith("index ") || line.startsWith("*** ")
                || line.startsWith("new file mode") || line.startsWith("deleted file mode") || line.startsWith("old mode")
                || line.startsWith("new mode") || line.startsWith("similarity index") || line.startsWith("rename from")
                || line.startsWith("rename to");
    }

    private static Result applyChunks(String path, String text, List<Chunk> chunks, Boolean newEndsWithNewline) {
        boolean endsWithNewline = text.endsWith("\n");
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (endsWithNewline) {
            lines.removeLast();
        }
        boolean unified = chunks.getFirst().unified();
        List<Replacement> replacements = new ArrayList<>();
        int from = 0;
        for (int n = 0; n < chunks.size(); n++) {
            Chunk chunk = chunks.get(n);
            String which = "hunk " + (n + 1) + " of " + chunks.size();
            if (chunk.anchor != null) {
                int found = seek(lines, List.of(chunk.anchor), from, false);
                if (found < 0) {
                    return new Result(null, path + ": patch " + which + " does not match: the line " + TextEdits.quote(chunk.anchor)
                            + " is not in the file");
                }
                from = found + 1;
            }
            if (chunk.oldLines.isEmpty()) {
                int at = chunk.unified() ? Math.min(Math.max(chunk.oldStart, 0), lines.size()) : lines.size();
                replacements.add(new Replacement(at, 0, chunk.newLines));
                continue;
            }
            int found = -1;
            if (chunk.unified() && matchesAt(lines, chunk.oldLines, chunk.oldStart - 1)) {
                found = chunk.oldStart - 1;
            }
            List<String> oldLines = chunk.oldLines;
            int newCount = chunk.newLines.size();
            if (found < 0) {
                found = seek(lines, oldLines, from, chunk.endOfFile);
            }
            if (found < 0 && oldLines.getLast().isEmpty()) {
                // a trailing blank context line often stands for the end of the file (as Codex allows)
                oldLines = oldLines.subList(0, oldLines.size() - 1);
                if (newCount > 0 && chunk.newLines.getLast().isEmpty()) {
                    newCount--;
                }
                found = oldLines.isEmpty() ? -1 : seek(lines, oldLines, from, chunk.endOfFile);
            }
            if (found < 0) {
                return new Result(null, path + ": patch " + which + " does not match: its lines from "
                        + TextEdits.quote(chunk.oldLines.getFirst()) + " are not in the file" + (from > 0 ? " after line " + from : ""));
            }
            replacements.add(new Replacement(found, oldLines.size(), withFileContext(lines, found, chunk, newCount)));
            from = found + oldLines.size();
        }
        replacements.sort(Comparator.comparingInt(Replacement::at));
        for (int i = 1; i < replacements.size(); i++) {
            Replacement before = replacements.get(i - 1);
            if (before.at() + before.length() > replacements.get(i).at()) {
                return new Result(null, path + ": patch hunks overlap at line " + (replacements.get(i).at() + 1));
            }
        }
        for (Replacement r : replacements.reversed()) {
            List<String> target = lines.subList(r.at(), r.at() + r.length());
            target.clear();
            target.addAll(r.lines());
        }
        boolean trailingNewline = unified ? (newEndsWithNewline != null ? newEndsWithNewline : endsWithNewline) : true;
        String joined = String.join("\n", lines);
        return new Result(trailingNewline && !lines.isEmpty() ? joined + "\n" : joined, null);
    }

    /**
     * The chunk's new lines with each context line taken from the file where the chunk matched, so that a match that
     * tolerated white space does not rewrite the lines it only used as context.
     */
    private static List<String> withFileContext(List<String> lines, int at, Chunk chunk, int newCount) {
        List<String> result = new ArrayList<>(newCount);
        for (int i = 0; i < newCount; i++) {
            int old = chunk.kept.get(i);
            result.add(old >= 0 && at + old < lines.size() ? lines.get(at + old) : chunk.newLines.get(i));
        }
        return result;
    }

    private static boolean matchesAt(List<String> lines, List<String> pattern, int at) {
        if (at < 0 || at + pattern.size() > lines.size()) {
            return false;
        }
        for (int i = 0; i < pattern.size(); i++) {
            if (!lines.get(at + i).equals(pattern.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Where {@code pattern} starts at or after {@code from}: exactly, else ignoring trailing, else all outer white space. */
    private static int seek(List<String> lines, List<String> pattern, int from, boolean atEnd) {
        if (pattern.size() > lines.size()) {
            return -1;
        }
        int start = atEnd ? lines.size() - pattern.size() : from;
        for (int strictness = 0; strictness < 3; strictness++) {
            for (int at = Math.max(start, 0); at + pattern.size() <= lines.size(); at++) {
                if (equalAt(lines, pattern, at, strictness)) {
                    return at;
                }
            }
            if (atEnd) {
                for (int at = from; at + pattern.size() <= lines.size(); at++) {
                    if (equalAt(lines, pattern, at, strictness)) {
                        return at;
                    }
                }
            }
        }
        return -1;
    }

    private static boolean equalAt(List<String> lines, List<String> pattern, int at, int strictness) {
        for (int i = 0; i < pattern.size(); i++) {
            String a = lines.get(at + i);
            String b = pattern.get(i);
            boolean same = switch (strictness) {
                case 0 -> a.equals(b);
                case 1 -> a.stripTrailing().equals(b.stripTrailing());
                default -> a.strip().equals(b.strip());
            };
            if (!same) {
                return false;
            }
        }
        return true;
    }
}
