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
