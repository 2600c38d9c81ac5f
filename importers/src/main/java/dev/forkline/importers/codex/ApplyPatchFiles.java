package dev.forkline.importers.codex;

import java.util.ArrayList;
import java.util.List;

/**
 * The files an {@code apply_patch} patch touches ({@code *** Add File}, {@code *** Update File} with optional
 * {@code *** Move to}, {@code *** Delete File}). An added file's full content is in the patch; an update holds only
 * context hunks, so its before and after contents are not known: its part of the patch is kept, for a replay to apply
 * to the file as it then is.
 */
final class ApplyPatchFiles {

    private static final String BEGIN = "*** Begin Patch";
    private static final String END = "*** End Patch";

    /**
     * One file operation. {@code content} only for an added file; {@code patch} only for an update: the apply_patch
     * text for this file alone ({@code *** Begin Patch}, its header, move and hunks, {@code *** End Patch}).
     */
    record FileChange(String path, String op, String content, String movedTo, String patch) {
    }

    private ApplyPatchFiles() {
    }

    /** The changes, or an empty list when the text is not a patch (e.g. redacted). */
    static List<FileChange> parse(String patch) {
        List<FileChange> changes = new ArrayList<>();
        if (patch == null || !patch.stripLeading().startsWith(BEGIN)) {
            return changes;
        }
        String[] lines = patch.split("\n", -1);
        String path = null;
        String op = null;
        String movedTo = null;
        StringBuilder section = new StringBuilder();
        StringBuilder body = new StringBuilder();
        for (String raw : lines) {
            String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
            String header = header(line);
            if (header != null || line.startsWith(END)) {
                if (path != null) {
                    changes.add(change(path, op, movedTo, body, section));
                }
                path = null;
                movedTo = null;
                body.setLength(0);
                section.setLength(0);
                if (header == null) {
                    break;
                }
                op = header;
                path = line.substring(line.indexOf(':') + 1).strip();
                section.append(line).append('\n');
                continue;
            }
            if (path != null && line.startsWith("*** Move to:")) {
                movedTo = line.substring("*** Move to:".length()).strip();
                section.append(line).append('\n');
                continue;
            }
            if (path != null) {
                body.append(line).append('\n');
                section.append(line).append('\n');
            }
        }
        if (path != null) {
            changes.add(change(path, op, movedTo, body, section));
        }
        return changes;
    }

    private static String header(String line) {
        if (line.startsWith("*** Add File:")) {
            return "create";
        }
        if (line.startsWith("*** Update File:")) {
            return "modify";
        }
        if (line.startsWith("*** Delete File:")) {
            return "delete";
        }
        return null;
    }

    private static FileChange change(String path, String op, String movedTo, StringBuilder body, StringBuilder section) {
        if ("create".equals(op)) {
            StringBuilder content = new StringBuilder();
            for (String line : body.toString().split("\n", -1)) {
                if (line.startsWith("+")) {
                    content.append(line, 1, line.length()).append('\n');
                }
            }
            return new FileChange(path, op, content.toString(), null, null);
        }
        // Empty lines at the end (the text after the last line break) are no hunk lines; " " lines are, and stay.
        while (section.length() > 1 && section.charAt(section.length() - 1) == '\n' && section.charAt(section.length() - 2) == '\n') {
            section.setLength(section.length() - 1);
        }
        String own = "modify".equals(op) ? BEGIN + "\n" + section + END + "\n" : null;
        return new FileChange(path, op, null, movedTo, own);
    }
}
