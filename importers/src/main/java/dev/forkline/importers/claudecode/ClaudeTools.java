package dev.forkline.importers.claudecode;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What Claude Code's own tools mean beyond their name. */
final class ClaudeTools {

    private static final Set<String> SUBAGENT_TOOLS = Set.of("Task", "Agent");
    private static final Set<String> FILE_EDIT_TOOLS = Set.of("Edit", "Write", "MultiEdit");
    private static final Pattern EXIT_CODE = Pattern.compile("^(?:Error: )?Exit code (\\d+)");
    private static final String[] REJECTION_PREFIXES = {
            "The user doesn't want to proceed with this tool use", "The user doesn't want to take this action right now"};

    private ClaudeTools() {
    }

    static boolean startsSubagent(String tool) {
        return tool != null && SUBAGENT_TOOLS.contains(tool);
    }

    static boolean editsFile(String tool) {
        return tool != null && FILE_EDIT_TOOLS.contains(tool);
    }

    /** The exit code Claude Code's Bash tool reports at the start of a failed result ("Exit code 128\n..."), or null. */
    static Integer exitCode(String resultText) {
        if (resultText == null) {
            return null;
        }
        Matcher matcher = EXIT_CODE.matcher(resultText);
        return matcher.find() ? Integer.valueOf(matcher.group(1)) : null;
    }

    private static final Pattern COMMAND_NAME = Pattern.compile("<command-name>\\s*(.*?)\\s*</command-name>", Pattern.DOTALL);
    private static final Pattern COMMAND_ARGS = Pattern.compile("<command-args>\\s*(.*?)\\s*</command-args>", Pattern.DOTALL);

    /**
     * The slash command a prompt ran, as the person typed it ("/orchestrator update CLAUDE.md"), from Claude Code's
     * {@code <command-name>} and {@code <command-args>} tags; null when the text holds no command.
     */
    static String slashCommand(String text) {
        Matcher name = COMMAND_NAME.matcher(text);
        if (!name.find() || name.group(1).isBlank()) {
            return null;
        }
        Matcher args = COMMAND_ARGS.matcher(text);
        String arguments = args.find() ? args.group(1).strip() : "";
        return arguments.isEmpty() ? name.group(1) : name.group(1) + " " + arguments;
    }

    /** Whether a tool result records that the person declined the permission prompt for the call. */
    static boolean isRejection(String resultText) {
        if (resultText == null) {
            return false;
        }
        String text = resultText.startsWith("<tool_use_error>") ? resultText.substring("<tool_use_error>".length()) : resultText;
        for (String prefix : REJECTION_PREFIXES) {
            if (text.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** The reason the person typed when rejecting, when Claude Code recorded one. */
    static String rejectionReason(String resultText) {
        int said = resultText.indexOf("the user said:");
        return said < 0 ? null : resultText.substring(said + "the user said:".length()).strip();
    }
}
