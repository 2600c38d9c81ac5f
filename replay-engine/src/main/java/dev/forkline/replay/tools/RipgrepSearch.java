package dev.forkline.replay.tools;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What ripgrep prints for one search, as Claude Code runs it ({@code --hidden --max-columns 500}, no heading, paths
 * as found under the absolute search path): {@code -l} file paths, {@code -c} {@code path:count} lines (counting
 * matching lines), or matching lines {@code path:N:text} with context lines {@code path-N-text} and a {@code --}
 * line between groups that do not touch, across files too. A line longer than 500 bytes with its terminator is
 * replaced by ripgrep's "Omitted long ..." notice. A single file given as the search path is printed without its
 * name. Files holding a NUL byte in their first 64 KB are binary to ripgrep and skipped.
 */
final class RipgrepSearch {

    enum Mode { FILES_WITH_MATCHES, COUNT, CONTENT }

    /** How to search: the pattern, the output mode, line numbers and context lines (content mode only). */
    record Options(Pattern pattern, Mode mode, boolean lineNumbers, int before, int after, boolean multiline) {
    }

    static final int MAX_COLUMNS = 500;
    private static final int BINARY_PROBE_BYTES = 64 * 1024;

    private final Snapshot snapshot;
    private final Options options;
    private final List<String> output = new ArrayList<>();
    private boolean printedGroup;

    private RipgrepSearch(Snapshot snapshot, Options options) {
        this.snapshot = snapshot;
        this.options = options;
    }

    /** ripgrep's output lines for a directory search over the given files. */
    static List<String> searchFiles(Snapshot snapshot, List<String> keys, Options options) {
        RipgrepSearch search = new RipgrepSearch(snapshot, options);
        for (String key : keys) {
            search.searchFile(key, false);
        }
        return search.output;
    }

    /** ripgrep's output lines when the search path is this one file. */
    static List<String> searchExplicitFile(Snapshot snapshot, String key, Options options) {
        RipgrepSearch search = new RipgrepSearch(snapshot, options);
        search.searchFile(key, true);
        return search.output;
    }

    private void searchFile(String key, boolean explicit) {
        byte[] bytes = snapshot.content(key);
        int nul = indexOfNul(bytes);
        if (nul >= 0) {
            if (explicit || nul >= BINARY_PROBE_BYTES) {
                throw new NotRerun("Grep over a binary file (NUL byte at offset " + nul + "), whose ripgrep output"
                        + " depends on its buffer boundaries: " + key);
            }
            return;
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        FileLines lines = FileLines.of(text);
        boolean[] matched = matchedLines(text, lines);
        String prefix = explicit ? "" : snapshot.absolute(key);
        switch (options.mode()) {
            case FILES_WITH_MATCHES -> {
                for (boolean m : matched) {
                    if (m) {
                        output.add(snapshot.absolute(key));
                        return;
                    }
                }
            }
            case COUNT -> {
                int count = 0;
                for (boolean m : matched) {
                    count += m ? 1 : 0;
                }
                if (count > 0) {
                    output.add(explicit ? String.valueOf(count) : prefix + ":" + count);
                }
            }
            case CONTENT -> printContent(prefix, explicit, lines, matched);
        }
    }

    private boolean[] matchedLines(String text, FileLines lines) {
        boolean[] matched = new boolean[lines.count()];
        if (options.multiline()) {
            Matcher matcher = options.pattern().matcher(text);
            while (matcher.find()) {
                int first = lines.lineAt(matcher.start());
                int last = matcher.end() > matcher.start() ? lines.lineAt(matcher.end() - 1) : first;
                for (int i = first; i <= last && i < matched.length; i++) {
                    matched[i] = true;
                }
            }
        } else {
            for (int i = 0; i < matched.length; i++) {
                matched[i] = options.pattern().matcher(lines.text(i)).find();
            }
        }
        return matched;
    }

    private void printContent(String path, boolean explicit, FileLines lines, boolean[] matched) {
        boolean[] shown = new boolean[matched.length];
        for (int i = 0; i < matched.length; i++) {
            if (matched[i]) {
                for (int j = Math.max(0, i - options.before()); j <= Math.min(matched.length - 1, i + options.after());
                        j++) {
                    shown[j] = true;
                }
            }
        }
        boolean withContext = options.before() > 0 || options.after() > 0;
        int previous = -2;
        for (int i = 0; i < shown.length; i++) {
            if (!shown[i]) {
                continue;
            }
            if (i != previous + 1) {
                if (withContext && printedGroup) {
                    output.add("--");
                }
                printedGroup = true;
            }
            previous = i;
            char separator = matched[i] ? ':' : '-';
            StringBuilder line = new StringBuilder();
            if (!explicit) {
                line.append(path).append(separator);
            }
            if (options.lineNumbers()) {
                line.append(i + 1).append(separator);
            }
            String text = lines.text(i);
            int bytes = text.getBytes(StandardCharsets.UTF_8).length + (lines.terminated(i) ? 1 : 0);
            if (bytes > MAX_COLUMNS) {
                line.append(matched[i] ? "[Omitted long matching line]" : "[Omitted long context line]");
            } else {
                line.append(text);
            }
            output.add(line.toString());
        }
    }

    private static int indexOfNul(byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    /** A text's lines as ripgrep sees them: split after each LF, CRs kept, no empty line after a final LF. */
    private record FileLines(String text, int[] starts, int[] ends) {

        static FileLines of(String text) {
            List<int[]> ranges = new ArrayList<>();
            int start = 0;
            while (start < text.length()) {
                int newline = text.indexOf('\n', start);
                int end = newline < 0 ? text.length() : newline;
                ranges.add(new int[] {start, end});
                start = newline < 0 ? text.length() : newline + 1;
            }
            int[] starts = new int[ranges.size()];
            int[] ends = new int[ranges.size()];
            for (int i = 0; i < ranges.size(); i++) {
                starts[i] = ranges.get(i)[0];
                ends[i] = ranges.get(i)[1];
            }
            return new FileLines(text, starts, ends);
        }

        int count() {
            return starts.length;
        }

        String text(int line) {
            return text.substring(starts[line], ends[line]);
        }

        boolean terminated(int line) {
            return ends[line] < text.length();
        }

        /** The line holding a character offset (the last line for the end of the text). */
        int lineAt(int offset) {
            int low = 0;
            int high = starts.length - 1;
            while (low < high) {
                int middle = (low + high + 1) >>> 1;
                if (starts[middle] <= offset) {
                    low = middle;
                } else {
                    high = middle - 1;
                }
            }
            return low;
        }
    }
}
