package dev.forkline.replay.tools;

import dev.forkline.replay.tools.ClaudeCodeReadTools.Outcome;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Claude Code's Read on a text file, as its code (not its prompt) behaves: every line of the selected range, with no
 * 2000-line default and no cut of long lines in the versions whose source was checked (1.0.x, 2.1.x); each line
 * prefixed by its number right-aligned in six columns and {@code →}; CRLF read as LF and a UTF-8 BOM dropped; a
 * trailing newline counted as a last, empty line. An empty selection (an empty file, or an offset past the end)
 * gives the "shorter than the provided offset" reminder. A missing file gives Claude Code's error with its
 * "Did you mean" suggestion (same name under the working directory, or same stem with another extension). The malware reminder Claude Code appends after the lines is
 * not part of the output (see {@link ClaudeCodeReadTools#comparable}).
 */
final class ReadTool {

    static final Set<String> ARGUMENTS = Set.of("file_path", "offset", "limit", "pages");

    /** Claude Code refuses a read without limit of a file above 256 KB, in words that changed across versions. */
    static final int MAX_BYTES_WITHOUT_LIMIT = 256 * 1024;

    /**
     * Above this many characters Claude Code asks the API to count tokens and refuses more than 25,000; a replay
     * cannot count them, so such reads are not re-run.
     */
    static final int MAX_CHARACTERS_WITHOUT_TOKEN_COUNT = 75_000;

    private static final Set<String> BINARY_EXTENSIONS = Set.of(".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico",
            ".webp", ".tiff", ".tif", ".mp4", ".mov", ".avi", ".mkv", ".webm", ".wmv", ".flv", ".m4v", ".mpeg",
            ".mpg", ".mp3", ".wav", ".ogg", ".flac", ".aac", ".m4a", ".wma", ".aiff", ".opus", ".zip", ".tar",
            ".gz", ".bz2", ".7z", ".rar", ".xz", ".z", ".tgz", ".iso", ".exe", ".dll", ".so", ".dylib", ".bin",
            ".o", ".a", ".obj", ".lib", ".app", ".msi", ".deb", ".rpm", ".pdf", ".doc", ".docx", ".xls", ".xlsx",
            ".ppt", ".pptx", ".odt", ".ods", ".odp", ".ttf", ".otf", ".woff", ".woff2", ".eot", ".pyc", ".pyo",
            ".class", ".jar", ".war", ".ear", ".node", ".wasm", ".rlib", ".sqlite", ".sqlite3", ".db", ".mdb",
            ".idx", ".psd", ".ai", ".eps", ".sketch", ".fig", ".xd", ".blend", ".3ds", ".max", ".swf", ".fla",
            ".lockb", ".dat", ".data");
    private static final Set<String> SHOWN_AS_MEDIA = Set.of("png", "jpg", "jpeg", "gif", "webp", "pdf", "ipynb");

    private ReadTool() {
    }

    static Outcome run(ToolArguments arguments, Snapshot snapshot) {
        String filePath = arguments.requiredString("file_path");
        OptionalInt offsetArgument = arguments.integer("offset", 0);
        OptionalInt limit = arguments.integer("limit", 1);
        if (arguments.string("pages").isPresent()) {
            throw new NotRerun("Read with pages reads PDFs, which are not re-run");
        }
        String fullPath = NodePaths.expand(snapshot.cwd(), filePath);
        if (fullPath == null) {
            throw new NotRerun("Read of a path under ~, whose home directory the replay does not know: " + filePath);
        }
        String extension = extension(fullPath);
        if (SHOWN_AS_MEDIA.contains(extension)) {
            throw new NotRerun("Read of a ." + extension + " file is shown as an image, PDF or notebook, not re-run");
        }
        if (BINARY_EXTENSIONS.contains(binaryExtension(fullPath))) {
            return Outcome.error(ClaudeCodeReadTools.toolUseError("This tool cannot read binary files. The file"
                    + " appears to be a binary ." + extension + " file. Please use appropriate tools for binary file"
                    + " analysis."));
        }
        String key = snapshot.key(fullPath)
                .orElseThrow(() -> new NotRerun("Read of " + fullPath + ", outside the workspace " + snapshot.root()));
        if (snapshot.isDirectory(key)) {
            throw new NotRerun("Read of a directory, whose error wording depends on the Claude Code version: "
                    + fullPath);
        }
        if (!snapshot.isFile(key)) {
            return Outcome.error(ClaudeCodeReadTools.toolUseError(
                    MissingPaths.message("File does not exist.", snapshot, fullPath, true)));
        }
        byte[] bytes = snapshot.content(key);
        if (limit.isEmpty() && bytes.length > MAX_BYTES_WITHOUT_LIMIT) {
            throw new NotRerun("Read without limit of a file over 256 KB (" + bytes.length + " bytes), which Claude"
                    + " Code refuses in words that depend on its version");
        }
        int offset = offsetArgument.orElse(1);
        int skip = offset == 0 ? 0 : offset - 1;
        List<String> lines = lines(bytes);
        int end = limit.isEmpty() ? lines.size() : (int) Math.min(lines.size(), (long) skip + limit.getAsInt());
        String content = skip >= lines.size() ? "" : String.join("\n", lines.subList(skip, end));
        if (content.length() > MAX_CHARACTERS_WITHOUT_TOKEN_COUNT) {
            throw new NotRerun("Read of " + content.length() + " characters, above what Claude Code lets through"
                    + " without an API token count (its limit is 25,000 tokens)");
        }
        if (content.isEmpty()) {
            // Claude Code's "the contents are empty" branch needs zero lines, which its reader never counts: an
            // empty file has one empty line, so it gets this reminder too, as real transcripts show.
            return Outcome.text("<system-reminder>Warning: the file exists but is shorter than the provided offset ("
                    + offset + "). The file has " + lines.size() + " lines.</system-reminder>");
        }
        return Outcome.text(numbered(content, offset));
    }

    /** The file's lines as Claude Code splits them: on LF, one trailing CR dropped, the text after the last LF too. */
    static List<String> lines(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (true) {
            int newline = text.indexOf('\n', start);
            String line = newline < 0 ? text.substring(start) : text.substring(start, newline);
            lines.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
            if (newline < 0) {
                return lines;
            }
            start = newline + 1;
        }
    }

    /** {@code addLineNumbers}: the content split again on CRLF or LF, numbers from the offset, six columns. */
    static String numbered(String content, int firstNumber) {
        StringBuilder out = new StringBuilder();
        String[] lines = content.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) {
                out.append('\n');
            }
            String number = String.valueOf((long) firstNumber + i);
            out.append(number.length() >= 6 ? number : " ".repeat(6 - number.length()) + number)
                    .append('\u2192').append(lines[i]);
        }
        return out.toString();
    }

    /** Node's {@code path.extname} without its dot, lower-cased. */
    private static String extension(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    /** {@code hasBinaryExtension}'s slice from the path's last dot (the last character when there is none). */
    private static String binaryExtension(String path) {
        int dot = path.lastIndexOf('.');
        return (dot < 0 ? path.substring(path.length() - 1) : path.substring(dot)).toLowerCase(Locale.ROOT);
    }
}
