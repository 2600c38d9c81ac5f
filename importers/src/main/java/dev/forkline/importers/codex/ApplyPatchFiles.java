package dev.forkline.importers.codex;

import java.util.ArrayList;
import java.util.List;

/**
 * The files an {@code apply_patch} patch touches ({@code *** Add File}, {@code *** Update File} with optional
 * {@code *** Move to}, {@code *** Delete File}). An added file's full content is in the patch; an update holds only
 * context hunks, so its before and after contents are not known.
 */
final class ApplyPatchFiles {

    /** One file operation; {@code content} only for an added file. */
    record FileChange(String path, String op, String content, String movedTo, String hunks) {
    }

    private ApplyPatchFiles() {
    }

    /** The changes, or an empty list when the text is not a patch (e.g. redacted). */
    static List<FileChange> parse(String patch) {
        List<FileChange> changes = new ArrayList<>();
        if (patch == null || !patch.stripLeading().startsWith("*** Begin Patch")) {
            return changes;
        }
        String[] lines = patch.split("\n", -1);
        String path = null;
        String op = null;
        String movedTo = null;
        StringBuilder body = new StringBuilder();
        for (String raw : lines) {
            String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
            String header = header(line);
            if (header != null || line.startsWith("*** End Patch")) {
                if (path != null) {
                    changes.add(change(path, op, movedTo, body));
                }
                path = null;
                movedTo = null;
                body.setLength(0);
                if (header == null) {
                    break;
                }
                op = header;
                path = line.substring(line.indexOf(':') + 1).strip();
                continue;
            }
            if (path != null && line.startsWith("*** Move to:")) {
                movedTo = line.substring("*** Move to:".length()).strip();
                continue;
            }
            if (path != null) {
                body.append(line).append('\n');
            }
        }
        if (path != null) {
            changes.add(change(path, op, movedTo, body));
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

    private static FileChange change(String path, String op, String movedTo, StringBuilder body) {
        if ("create".equals(op)) {
            StringBuilder content = new StringBuilder();
            for (String line : body.toString().split("\n", -1)) {
                if (line.startsWith("+")) {
                    content.append(line, 1, line.length()).append('\n');
                }
            }
            return new FileChange(path, op, content.toString(), null, null);
        }
        return new FileChange(path, op, null, movedTo, "modify".equals(op) ? body.toString() : null);
    }
}
