package dev.forkline.replay.tools;

import dev.forkline.replay.tools.ClaudeCodeReadTools.Outcome;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Claude Code's Grep: ripgrep run as Claude Code runs it (see {@link RipgrepSearch}, {@link RipgrepWalk}), then its
 * own shaping of ripgrep's output. {@code files_with_matches} (the default) gives "Found N file(s)" and the paths,
 * relative to the working directory when under it; {@code content} gives ripgrep's lines with the path part made
 * relative the same way, line numbers on by default; {@code count} gives {@code path:count} lines and a
 * "Found N total occurrences across M files." summary. Results are cut at {@code head_limit} (250 when not given,
 * 0 for all) after skipping {@code offset}, with a pagination note when something was cut.
 */
final class GrepTool {

    static final Set<String> ARGUMENTS = Set.of("pattern", "path", "glob", "output_mode", "-B", "-A", "-C",
            "context", "-n", "-i", "type", "head_limit", "offset", "multiline");
    static final int DEFAULT_HEAD_LIMIT = 250;
    /** Claude Code stores a Grep result longer than this in a file and shows the model a preview instead. */
    static final int MAX_RESULT_CHARACTERS = 20_000;
    private static final List<String> VCS_DIRECTORIES = List.of(".git", ".svn", ".hg", ".bzr", ".jj", ".sl");

    private GrepTool() {
    }

    static Outcome run(ToolArguments arguments, Snapshot snapshot) {
        String pattern = arguments.requiredString("pattern");
        String mode = arguments.string("output_mode").orElse("files_with_matches");
        RipgrepSearch.Mode searchMode = switch (mode) {
            case "files_with_matches" -> RipgrepSearch.Mode.FILES_WITH_MATCHES;
            case "content" -> RipgrepSearch.Mode.CONTENT;
            case "count" -> RipgrepSearch.Mode.COUNT;
            default -> throw new NotRerun("Grep output_mode not known: " + mode);
        };
        int[] context = context(arguments, searchMode);
        boolean lineNumbers = arguments.bool("-n").orElse(true);
        boolean caseInsensitive = arguments.bool("-i").orElse(false);
        boolean multiline = arguments.bool("multiline").orElse(false);
        OptionalInt headLimit = arguments.integer("head_limit", 0);
        int offset = arguments.integer("offset", 0).orElse(0);
        List<GlobPattern> types = arguments.string("type")
                .map(type -> RipgrepTypes.globs(type)
                        .orElseThrow(() -> new NotRerun("Grep type not in the re-implemented table: " + type)))
                .orElse(List.of());

        String cwd = snapshot.cwd();
        String path = arguments.string("path").orElse(null);
        String target = path == null ? cwd : NodePaths.expand(cwd, path);
        if (target == null) {
            throw new NotRerun("Grep in a path under ~, whose home directory the replay does not know: " + path);
        }
        String key = snapshot.key(target)
                .orElseThrow(() -> new NotRerun("Grep in " + target + ", outside the workspace " + snapshot.root()));
        boolean explicitFile = snapshot.isFile(key);
        if (path == null && !snapshot.isDirectory(key)) {
            throw new NotRerun("Grep in the working directory " + cwd + ", which the snapshot has no files under");
        }
        if (!explicitFile && !snapshot.isDirectory(key)) {
            return Outcome.error(ClaudeCodeReadTools.toolUseError(
                    MissingPaths.message("Path does not exist: " + path + ".", snapshot, target, false)));
        }

        List<String> ripgrepOutput = RipgrepRegex.compile(pattern, caseInsensitive, multiline)
                .map(regex -> search(snapshot, key, explicitFile, arguments, types,
                        new RipgrepSearch.Options(regex, searchMode, lineNumbers, context[0], context[1], multiline)))
                .orElse(List.of());
        List<String> lines = asClaudeCodeReadsThem(ripgrepOutput);
        String result = switch (searchMode) {
            case CONTENT -> content(lines, cwd, headLimit, offset);
            case COUNT -> count(lines, cwd, headLimit, offset);
            case FILES_WITH_MATCHES -> filesWithMatches(lines, cwd, headLimit, offset);
        };
        if (result.length() > MAX_RESULT_CHARACTERS) {
            throw new NotRerun("Grep result of " + result.length() + " characters, which Claude Code saves to a file"
                    + " and shows as a preview");
        }
        return Outcome.text(result);
    }

    /** {@code -B}/{@code -A} lines; {@code context} then {@code -C} take precedence; content mode only. */
    private static int[] context(ToolArguments arguments, RipgrepSearch.Mode mode) {
        OptionalInt both = arguments.integer("context", 0);
        if (both.isEmpty()) {
            both = arguments.integer("-C", 0);
        }
        int before = arguments.integer("-B", 0).orElse(0);
        int after = arguments.integer("-A", 0).orElse(0);
        if (mode != RipgrepSearch.Mode.CONTENT) {
            return new int[] {0, 0};
        }
        return both.isPresent() ? new int[] {both.getAsInt(), both.getAsInt()} : new int[] {before, after};
    }

    private static List<String> search(Snapshot snapshot, String key, boolean explicitFile, ToolArguments arguments,
            List<GlobPattern> types, RipgrepSearch.Options options) {
        if (explicitFile) {
            return RipgrepSearch.searchExplicitFile(snapshot, key, options);
        }
        List<String> overrides = new ArrayList<>();
        for (String directory : VCS_DIRECTORIES) {
            overrides.add("!" + directory);
        }
        arguments.string("glob").ifPresent(glob -> overrides.addAll(splitGlobs(glob)));
        List<String> files;
        try {
            files = new RipgrepWalk(snapshot, true, overrides, types).files(key);
        } catch (IllegalArgumentException malformedGlob) {
            throw new NotRerun("Grep glob not understood: " + malformedGlob.getMessage());
        }
        return RipgrepSearch.searchFiles(snapshot, files, options);
    }

    /** Claude Code's split of the glob argument: on whitespace, then on commas unless the part has braces. */
    static List<String> splitGlobs(String glob) {
        List<String> globs = new ArrayList<>();
        for (String part : glob.split("\\s+")) {
            if (part.contains("{") && part.contains("}")) {
                globs.add(part);
            } else {
                for (String piece : part.split(",")) {
                    if (!piece.isEmpty()) {
                        globs.add(piece);
                    }
                }
            }
        }
        globs.removeIf(String::isEmpty);
        return globs;
    }

    /** ripgrep's stdout as Claude Code reads it: trimmed, split on LF, a CR at each line's end dropped, no blanks. */
    static List<String> asClaudeCodeReadsThem(List<String> ripgrepLines) {
        if (ripgrepLines.isEmpty()) {
            return List.of();
        }
        String stdout = jsTrim(String.join("\n", ripgrepLines) + "\n");
        List<String> lines = new ArrayList<>();
        for (String line : stdout.split("\n", -1)) {
            String stripped = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
            if (!stripped.isEmpty()) {
                lines.add(stripped);
            }
        }
        return lines;
    }

    private static String content(List<String> lines, String cwd, OptionalInt headLimit, int offset) {
        Page page = Page.of(lines, headLimit, offset);
        List<String> relative = new ArrayList<>();
        for (String line : page.items()) {
            int colon = line.indexOf(':');
            relative.add(colon > 0 ? NodePaths.toRelativePath(cwd, line.substring(0, colon)) + line.substring(colon)
                    : line);
        }
        String body = relative.isEmpty() ? "No matches found" : String.join("\n", relative);
        String info = page.info();
        return info.isEmpty() ? body : body + "\n\n[Showing results with pagination = " + info + "]";
    }

    private static String count(List<String> lines, String cwd, OptionalInt headLimit, int offset) {
        Page page = Page.of(lines, headLimit, offset);
        List<String> relative = new ArrayList<>();
        long matches = 0;
        int files = 0;
        for (String line : page.items()) {
            int colon = line.lastIndexOf(':');
            String shown = colon > 0 ? NodePaths.toRelativePath(cwd, line.substring(0, colon)) + line.substring(colon)
                    : line;
            relative.add(shown);
            int shownColon = shown.lastIndexOf(':');
            if (shownColon > 0) {
                Long number = parseLeadingInteger(shown.substring(shownColon + 1));
                if (number != null) {
                    matches += number;
                    files++;
                }
            }
        }
        String body = relative.isEmpty() ? "No matches found" : String.join("\n", relative);
        String info = page.info();
        return body + "\n\nFound " + matches + " total " + (matches == 1 ? "occurrence" : "occurrences") + " across "
                + files + " " + (files == 1 ? "file" : "files") + "." + (info.isEmpty() ? "" : " with pagination = "
                + info);
    }

    private static String filesWithMatches(List<String> lines, String cwd, OptionalInt headLimit, int offset) {
        // Claude Code sorts by modification time, newest first, which a rebuilt tree does not have: by path here.
        List<String> sorted = lines.stream().sorted(Comparator.naturalOrder()).toList();
        Page page = Page.of(sorted, headLimit, offset);
        if (page.items().isEmpty()) {
            return "No files found";
        }
        List<String> relative = page.items().stream().map(p -> NodePaths.toRelativePath(cwd, p)).toList();
        String info = page.info();
        return "Found " + relative.size() + " " + (relative.size() == 1 ? "file" : "files")
                + (info.isEmpty() ? "" : " " + info) + "\n" + String.join("\n", relative);
    }

    /** JavaScript's {@code parseInt}: leading blanks, a sign, digits; null when there are none. */
    private static Long parseLeadingInteger(String text) {
        String trimmed = jsTrim(text);
        int end = trimmed.startsWith("-") || trimmed.startsWith("+") ? 1 : 0;
        int digitsStart = end;
        while (end < trimmed.length() && end - digitsStart < 18 && Character.isDigit(trimmed.charAt(end))
                && trimmed.charAt(end) < 128) {
            end++;
        }
        return end == digitsStart ? null : Long.parseLong(trimmed.substring(0, end));
    }

    /** JavaScript's {@code String.prototype.trim}: ECMAScript white space and line terminators at both ends. */
    static String jsTrim(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && isJsWhitespace(text.charAt(start))) {
            start++;
        }
        while (end > start && isJsWhitespace(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(start, end);
    }

    private static boolean isJsWhitespace(char c) {
        return c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r' || c == ' ' || c == '\u00A0'
                || c == '\u1680' || (c >= '\u2000' && c <= '\u200A') || c == '\u2028' || c == '\u2029'
                || c == '\u202F' || c == '\u205F' || c == '\u3000' || c == '\uFEFF';
    }

    /** Claude Code's {@code applyHeadLimit} and {@code formatLimitInfo}. */
    private record Page(List<String> items, Integer appliedLimit, int offset) {

        static Page of(List<String> items, OptionalInt headLimit, int offset) {
            int from = Math.min(offset, items.size());
            if (headLimit.isPresent() && headLimit.getAsInt() == 0) {
                return new Page(items.subList(from, items.size()), null, offset);
            }
            int limit = headLimit.orElse(DEFAULT_HEAD_LIMIT);
            int to = (int) Math.min(items.size(), (long) from + limit);
            boolean cut = items.size() - offset > limit;
            return new Page(items.subList(from, to), cut ? limit : null, offset);
        }

        String info() {
            List<String> parts = new ArrayList<>();
            if (appliedLimit != null) {
                parts.add("limit: " + appliedLimit);
            }
            if (offset > 0) {
                parts.add("offset: " + offset);
            }
            return String.join(", ", parts);
        }
    }
}
