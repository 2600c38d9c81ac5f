package dev.forkline.replay.tools;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The canonical forms described on {@link ClaudeCodeReadTools#comparable}. */
final class ComparableOutput {

    private static final Pattern TRAILING_REMINDER =
            Pattern.compile("\n\n<system-reminder>\n.*?\n</system-reminder>\n\\z", Pattern.DOTALL);
    private static final Pattern FILES_HEADER = Pattern.compile("Found \\d+ files?( .*)?");
    private static final Pattern COUNT_SUMMARY =
            Pattern.compile("\n\nFound \\d+ total occurrences? across \\d+ files?\\..*\\z", Pattern.DOTALL);
    private static final Pattern PAGINATION = Pattern.compile("\n\n\\[Showing results with pagination = [^\\]]*]\\z");
    private static final Pattern NUMBERED_LINE = Pattern.compile("^(.*?)([:-])\\d+\\2");
    private static final Pattern MISSING =
            Pattern.compile("(File does not exist\\.|(?:Path|Directory) does not exist: .*?\\.)(?: .*)?", Pattern.DOTALL);

    private ComparableOutput() {
    }

    static String of(String tool, String output) {
        if (output == null) {
            return "";
        }
        String missing = missingPath(output);
        if (missing != null) {
            return missing;
        }
        return switch (tool) {
            case "Read" -> TRAILING_REMINDER.matcher(output).replaceFirst("");
            case "Grep" -> grep(output);
            case "Glob" -> glob(output);
            default -> output;
        };
    }

    /** A missing-path error reduced to its first sentence, which every version words the same. */
    private static String missingPath(String output) {
        String text = output;
        if (text.startsWith("<tool_use_error>") && text.endsWith("</tool_use_error>")) {
            text = text.substring("<tool_use_error>".length(), text.length() - "</tool_use_error>".length());
        }
        if (text.startsWith("Error: ")) {
            text = text.substring("Error: ".length());
        }
        Matcher matcher = MISSING.matcher(text);
        return matcher.matches() ? "<tool_use_error>" + matcher.group(1) + "</tool_use_error>" : null;
    }

    private static String grep(String output) {
        String firstLine = output.lines().findFirst().orElse("");
        if (FILES_HEADER.matcher(firstLine).matches() && output.contains("\n")) {
            List<String> files = new ArrayList<>(output.substring(output.indexOf('\n') + 1).lines().toList());
            files.sort(null);
            return firstLine + "\n" + String.join("\n", files);
        }
        Matcher summary = COUNT_SUMMARY.matcher(output);
        if (summary.find()) {
            List<String> counts = new ArrayList<>(output.substring(0, summary.start()).lines().toList());
            counts.sort(null);
            return String.join("\n", counts) + summary.group();
        }
        Matcher pagination = PAGINATION.matcher(output);
        String note = pagination.find() ? pagination.group() : "";
        String body = output.substring(0, output.length() - note.length());
        return contentByFile(body) + note;
    }

    /** Content lines grouped by file, files in path order, lines of a file in their order, no "--" separators. */
    private static String contentByFile(String body) {
        Map<String, List<String>> byFile = new LinkedHashMap<>();
        for (String line : body.split("\n", -1)) {
            if (line.equals("--")) {
                continue;
            }
            Matcher numbered = NUMBERED_LINE.matcher(line);
            String file = numbered.find() ? numbered.group(1) : "";
            byFile.computeIfAbsent(file, f -> new ArrayList<>()).add(line);
        }
        List<String> lines = new ArrayList<>();
        new TreeMap<>(byFile).values().forEach(lines::addAll);
        return String.join("\n", lines);
    }

    private static String glob(String output) {
        String note = "(Results are truncated. Consider using a more specific path or pattern.)";
        List<String> paths = new ArrayList<>(output.lines().toList());
        boolean truncated = !paths.isEmpty() && paths.get(paths.size() - 1).equals(note);
        if (truncated) {
            paths.remove(paths.size() - 1);
        }
        paths.sort(null);
        if (truncated) {
            paths.add(note);
        }
        return String.join("\n", paths);
    }
}
