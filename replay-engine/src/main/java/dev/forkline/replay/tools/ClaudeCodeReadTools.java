package dev.forkline.replay.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Claude Code's read-only tools re-run over a snapshot of the workspace's files, so that a replay can compare each
 * Read, Grep and Glob call with its recording. Claude Code produces these outputs itself (Grep and Glob through its
 * bundled ripgrep), so they are re-implemented here in its formats, as read from real transcripts (version 2.1.33)
 * and its source. Pure: no process, no file system.
 *
 * <p>Paths in arguments are absolute or relative to the session's working directory, as Claude Code resolves them.
 * A call whose result depends on something the snapshot does not have (a path outside it, an image, a result
 * Claude Code would store in a file, an argument or regex construct not re-implemented) is not re-run, and
 * {@link #rerun} says why. LS, found in older transcripts, is not re-run: its format changed across versions and no
 * recorded sample shows it.
 */
public final class ClaudeCodeReadTools {

    private ClaudeCodeReadTools() {
    }

    /**
     * The result of re-running one call.
     *
     * @param output          the tool_result text, when re-run
     * @param error           whether Claude Code marks that result as an error ({@code is_error})
     * @param notRerunBecause why the call was not re-run, when it was not
     */
    public record Outcome(Optional<String> output, boolean error, Optional<String> notRerunBecause) {

        public Outcome {
            Objects.requireNonNull(output, "output");
            Objects.requireNonNull(notRerunBecause, "notRerunBecause");
            if (output.isPresent() == notRerunBecause.isPresent()) {
                throw new IllegalArgumentException("an outcome has either an output or a reason, not both or none");
            }
        }

        static Outcome text(String output) {
            return new Outcome(Optional.of(output), false, Optional.empty());
        }

        static Outcome error(String output) {
            return new Outcome(Optional.of(output), true, Optional.empty());
        }

        static Outcome notRerun(String reason) {
            return new Outcome(Optional.empty(), false, Optional.of(reason));
        }
    }

    /**
     * Re-runs a call in the directory the session worked in.
     *
     * @param tool      the tool's name as recorded ({@code Read}, {@code Grep}, {@code Glob})
     * @param arguments the recorded tool_use input
     * @param root      the absolute directory the session worked in, which {@code files} is relative to
     * @param files     contents by workspace-relative path ({@code /}-separated, no leading {@code /})
     * @return the tool_result text as Claude Code would give it, or empty when the call is not re-run
     */
    public static Optional<String> run(String tool, JsonNode arguments, String root, Map<String, byte[]> files) {
        return rerun(tool, arguments, root, root, files).output();
    }

    /** As {@link #run(String, JsonNode, String, Map)}, for a session whose working directory is not the root. */
    public static Optional<String> run(String tool, JsonNode arguments, String root, String cwd,
            Map<String, byte[]> files) {
        return rerun(tool, arguments, root, cwd, files).output();
    }

    /**
     * Re-runs a call and says whether the result is an error, or why the call is not re-run.
     *
     * @param root the absolute directory {@code files} is relative to (the repository's root)
     * @param cwd  the session's working directory: relative paths resolve against it, Grep shows paths relative to
     *             it, and ripgrep matches globs relative to it
     * @throws IllegalArgumentException when root or cwd is not absolute or a file key is malformed
     */
    public static Outcome rerun(String tool, JsonNode arguments, String root, String cwd, Map<String, byte[]> files) {
        Snapshot snapshot = new Snapshot(root, cwd, files);
        try {
            return switch (tool) {
                case "Read" -> ReadTool.run(ToolArguments.of(tool, arguments, ReadTool.ARGUMENTS), snapshot);
                case "Grep" -> GrepTool.run(ToolArguments.of(tool, arguments, GrepTool.ARGUMENTS), snapshot);
                case "Glob" -> GlobTool.run(ToolArguments.of(tool, arguments, GlobTool.ARGUMENTS), snapshot);
                default -> Outcome.notRerun(notReimplemented(tool));
            };
        } catch (NotRerun reason) {
            return Outcome.notRerun(reason.getMessage());
        }
    }

    /**
     * Why a call is not re-run, judged from its tool and arguments alone (a tool not re-implemented, an argument
     * or value the re-implementation does not support); empty when they are supported. A supported call may still
     * not be re-run because of the files it meets, which {@link #rerun} reports.
     */
    public static Optional<String> unsupported(String tool, JsonNode arguments) {
        try {
            return switch (tool) {
                case "Read" -> ToolArguments.of(tool, arguments, ReadTool.ARGUMENTS).string("pages")
                        .map(pages -> "Read with pages reads PDFs, which are not re-run");
                case "Grep" -> {
                    ToolArguments.of(tool, arguments, GrepTool.ARGUMENTS);
                    yield Optional.empty();
                }
                case "Glob" -> {
                    ToolArguments.of(tool, arguments, GlobTool.ARGUMENTS);
                    yield Optional.empty();
                }
                default -> Optional.of(notReimplemented(tool));
            };
        } catch (NotRerun reason) {
            return Optional.of(reason.getMessage());
        }
    }

    /**
     * An output in a canonical form, for comparing a recorded result with a re-run one; apply it to both. It
     * removes what a rebuilt workspace or another Claude Code version changes and nothing the files decide:
     * <ul>
     *   <li>Read: the trailing {@code <system-reminder>} Claude Code appends after the numbered lines (its wording
     *       depends on the version and it is left out for some models) is removed.</li>
     *   <li>Grep {@code files_with_matches}: the "Found N files" line is kept and the paths are sorted, since Claude
     *       Code orders them by modification time.</li>
     *   <li>Grep {@code content}: lines are grouped by file and the files put in path order, keeping each file's
     *       lines in order, and the {@code --} group separators are dropped, since ripgrep searches files in
     *       parallel; the pagination note stays last.</li>
     *   <li>Grep {@code count}: the {@code path:count} lines are sorted; the summary stays last.</li>
     *   <li>Glob: the paths are sorted (Claude Code orders them by modification time); the truncation note stays
     *       last.</li>
     *   <li>Any tool: a missing-path error is reduced to its first sentence ("File does not exist.", "Path does not
     *       exist: P.", "Directory does not exist: P."), dropping the working-directory note and "Did you mean"
     *       guess whose wording changed across versions.</li>
     * </ul>
     * When a head_limit cut a list, which entries survived depends on the original order, which no canonical form
     * can restore.
     */
    public static String comparable(String tool, String output) {
        return ComparableOutput.of(tool, output);
    }

    static String toolUseError(String message) {
        return "<tool_use_error>" + message + "</tool_use_error>";
    }

    private static String notReimplemented(String tool) {
        return "LS".equals(tool)
                ? "LS (older Claude Code) is not re-run: its listing format changed across versions and no recorded"
                        + " sample shows it"
                : tool + " is not one of the read-only tools re-run here (Read, Grep, Glob)";
    }
}
