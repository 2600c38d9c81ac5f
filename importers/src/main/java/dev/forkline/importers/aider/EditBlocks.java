package dev.forkline.importers.aider;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The file edits in a model response of aider: SEARCH/REPLACE blocks (edit formats {@code diff} and
 * {@code diff-fenced}: a file name, then {@code <<<<<<< SEARCH}, the text to find, {@code =======}, its replacement,
 * {@code >>>>>>> REPLACE}) and whole files (edit format {@code whole}: a file name on its own line, then the whole new
 * content in a fence). Aider takes the file name from the line before the block's fence (or, in diff-fenced, right after
 * it); a block without a name of its own edits the previous block's file.
 */
final class EditBlocks {

    private static final Pattern SEARCH = Pattern.compile("^<{5,9} SEARCH\\s*$");
    private static final Pattern DIVIDER = Pattern.compile("^={5,9}\\s*$");
    private static final Pattern REPLACE = Pattern.compile("^>{5,9} REPLACE\\s*$");

    /** One edit: {@code search} is null for a whole-file block, whose {@code replace} is the file's new content. */
    record Edit(String path, String search, String replace) {
        boolean wholeFile() {
            return search == null;
        }
    }

    private EditBlocks() {
    }

    static boolean isReplaceMarker(String line) {
        return REPLACE.matcher(line).matches();
    }

    /** The SEARCH/REPLACE blocks of a response, in order; unterminated blocks are left out. */
    static List<Edit> searchReplace(List<String> lines) {
        List<Edit> edits = new ArrayList<>();
        String lastPath = null;
        for (int i = 0; i < lines.size(); i++) {
            if (!SEARCH.matcher(lines.get(i)).matches()) {
                continue;
            }
            String path = pathBefore(lines, i);
            path = path != null ? path : lastPath;
            int divider = find(lines, i + 1, DIVIDER);
            int end = divider < 0 ? -1 : find(lines, divider + 1, REPLACE);
            if (end < 0 || path == null) {
                continue;
            }
            edits.add(new Edit(path, String.join("\n", lines.subList(i + 1, divider)), String.join("\n", lines.subList(divider + 1, end))));
            lastPath = path;
            i = end;
        }
        return edits;
    }

    /** The whole-file block for {@code path} (a line naming it, then a fence): its content, or null when there is none. */
    static String wholeFile(List<String> lines, String path) {
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (clean(lines.get(i)).equals(path) && lines.get(i + 1).startsWith("```")) {
                int close = -1;
                for (int j = i + 2; j < lines.size(); j++) {
                    if (lines.get(j).startsWith("```")) {
                        close = j;
                    }
                }
                return close < 0 ? null : String.join("\n", lines.subList(i + 2, close)) + "\n";
            }
        }
        return null;
    }

    /** The file name of a block opening at {@code search}: the line before its fence, or the line after the fence. */
    private static String pathBefore(List<String> lines, int search) {
        int j = search - 1;
        if (j >= 0 && !lines.get(j).startsWith("```") && !lines.get(j).isBlank()) {
            // diff-fenced: ``` / file name / <<<<<<< SEARCH
            return j - 1 >= 0 && lines.get(j - 1).startsWith("```") ? clean(lines.get(j)) : null;
        }
        if (j >= 1 && lines.get(j).startsWith("```")) {
            String name = clean(lines.get(j - 1));
            return name.isEmpty() || name.contains(" ") && !name.contains("/") ? null : name;
        }
        return null;
    }

    private static int find(List<String> lines, int from, Pattern marker) {
        for (int i = from; i < lines.size(); i++) {
            if (marker.matcher(lines.get(i)).matches()) {
                return i;
            }
        }
        return -1;
    }

    /** A file name as the model wrote it, without Markdown emphasis, backticks or a trailing colon. */
    private static String clean(String line) {
        String name = line.strip();
        name = name.replaceAll("^[*`#\\s]+|[*`:\\s]+$", "");
        return name;
    }
}
