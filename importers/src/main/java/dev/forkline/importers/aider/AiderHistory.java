package dev.forkline.importers.aider;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Aider's chat history ({@code .aider.chat.history.md}) cut into launches and, inside each, into blocks of one kind:
 * the user's {@code #### } lines, aider's {@code > } output lines, and the model's plain Markdown between them. Aider
 * appends to one file across launches; each launch opens with {@code # aider chat started at <local time>}. Lines before
 * the first header belong to a launch whose header is not in the file (the file was cut or copied mid-session).
 */
final class AiderHistory {

    static final Pattern LAUNCH = Pattern.compile("^# aider chat started at (\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})\\s*$");

    private static final Pattern EDITOR_MODE_LINE = Pattern.compile("^-\\*-.*-\\*-\\s*$");

    enum Kind { USER, OUTPUT, ASSISTANT }

    /** Consecutive lines of one kind; {@code line} is the 1-based line of the first. */
    record Block(Kind kind, long line, List<String> lines) {
        String text() {
            return String.join("\n", lines);
        }
    }

    /** One launch of aider: its header's local time (null for the headerless start of the file) and its blocks. */
    record Launch(String startedAt, long line, List<Block> blocks) {
    }

    private AiderHistory() {
    }

    static List<Launch> read(Path file) throws IOException {
        List<Launch> launches = new ArrayList<>();
        String startedAt = null;
        long launchLine = 1;
        List<Block> blocks = new ArrayList<>();
        Kind kind = null;
        long blockLine = 0;
        List<String> lines = new ArrayList<>();
        boolean inFence = false;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String raw;
            long number = 0;
            while ((raw = in.readLine()) != null) {
                number++;
                Matcher launch = LAUNCH.matcher(raw);
                if (launch.matches()) {
                    flush(blocks, kind, blockLine, lines);
                    kind = null;
                    inFence = false;
                    lines = new ArrayList<>();
                    if (startedAt != null || hasContent(blocks)) {
                        launches.add(new Launch(startedAt, launchLine, blocks));
                    }
                    startedAt = launch.group(1);
                    launchLine = number;
                    blocks = new ArrayList<>();
                    continue;
                }
                Kind lineKind = inFence || (kind == Kind.ASSISTANT && EditBlocks.isReplaceMarker(raw)) ? Kind.ASSISTANT : kindOf(raw, kind);
                if (lineKind == Kind.ASSISTANT && raw.startsWith("```")) {
                    inFence = !inFence;
                } else if (lineKind != Kind.ASSISTANT) {
                    inFence = false;
                }
                if (lineKind != kind) {
                    flush(blocks, kind, blockLine, lines);
                    kind = lineKind;
                    blockLine = number;
                    lines = new ArrayList<>();
                }
                lines.add(strip(raw, lineKind));
            }
        }
        flush(blocks, kind, blockLine, lines);
        if (startedAt != null || hasContent(blocks)) {
            launches.add(new Launch(startedAt, launchLine, blocks));
        }
        return launches;
    }

    /**
     * The kind of a line. A blank line ends a user or output block (aider writes one after each) but belongs to the
     * model's text, where it separates paragraphs; blank lines at a block's edges are trimmed when it is flushed.
     */
    private static Kind kindOf(String line, Kind current) {
        if (line.startsWith("####")) {
            return Kind.USER;
        }
        if (line.startsWith(">")) {
            return Kind.OUTPUT;
        }
        if (line.isBlank() || EDITOR_MODE_LINE.matcher(line).matches()) {
            // an Emacs mode line ("-*- mode: fundamental -*-") tells an editor how to show the file: not part of the chat
            return current == Kind.ASSISTANT ? Kind.ASSISTANT : null;
        }
        return Kind.ASSISTANT;
    }

    /** The line without aider's markers: {@code #### } or {@code > } and the two spaces Markdown needs for a line break. */
    private static String strip(String line, Kind kind) {
        if (kind == Kind.USER || kind == Kind.OUTPUT) {
            String body = line.substring(kind == Kind.USER ? 4 : 1);
            body = body.startsWith(" ") ? body.substring(1) : body;
            return body.endsWith("  ") ? body.substring(0, body.length() - 2) : body;
        }
        return line;
    }

    private static void flush(List<Block> blocks, Kind kind, long line, List<String> lines) {
        if (kind == null) {
            return;
        }
        List<String> trimmed = new ArrayList<>(lines);
        while (!trimmed.isEmpty() && trimmed.getLast().isBlank()) {
            trimmed.removeLast();
        }
        if (!trimmed.isEmpty()) {
            blocks.add(new Block(kind, line, trimmed));
        }
    }

    private static boolean hasContent(List<Block> blocks) {
        return !blocks.isEmpty();
    }
}
