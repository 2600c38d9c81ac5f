package dev.forkline.importers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.EffectClass;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The documented rule (docs/importers.md) that gives a foreign tool call its effect class. Guessing "safe to replay" is the
 * dangerous mistake, so a tool this rule does not know is {@link EffectClass#EXTERNAL} and marked as guessed; importers
 * turn a guess into a finding.
 */
public final class EffectRules {

    /** The class and whether it was a fallback for an unknown tool. */
    public record Classification(EffectClass effect, boolean guessed) {
    }

    private static final Set<String> SHELL_TOOLS = Set.of(
            "bash", "shell", "sh", "exec", "exec_command", "execute_bash", "execute_command", "run", "run_command",
            "run_shell_command", "local_shell", "terminal", "cmd", "cmdrunaction", "container.exec", "python", "ipython",
            "execute_ipython_cell", "bash_tool", "shell_command");
    private static final Set<String> EDIT_TOOLS = Set.of(
            "edit", "write", "multiedit", "notebookedit", "str_replace_editor", "str_replace_based_edit_tool",
            "apply_patch", "write_file", "edit_file", "create_file", "replace", "insert", "fileeditaction",
            "filewriteaction", "text_editor", "todowrite", "update_plan", "create", "delete_file", "write_todos");
    private static final Set<String> READ_TOOLS = Set.of(
            "read", "glob", "grep", "ls", "read_file", "list_files", "list_dir", "list_directory", "view", "view_file",
            "search", "find", "find_file", "search_file", "search_dir", "open", "cat", "webfetch", "websearch",
            "web_search", "web_fetch", "fetch", "browse", "browser", "fileread", "filereadaction", "think",
            "get_weather", "lookup", "retrieve", "todoread", "task_status", "search_file_content", "grep_search",
            "read_many_files", "google_web_search");
    private static final Set<String> EXTERNAL_TOOLS = Set.of(
            "send_email", "send_message", "post_message", "slack", "http_post", "http_request", "git_push",
            "create_pull_request", "create_issue", "publish", "deploy", "submit", "payment", "transfer");
    /** Tools that hand work to a subagent of the same agent (Claude Code's Task): the subagent's own calls carry their effects. */
    private static final Set<String> SUBAGENT_TOOLS = Set.of("task", "agent", "dispatch_agent");
    private static final Set<String> PRIVILEGED_TOOLS = Set.of("sudo", "su", "escalate", "request_permissions");

    static final Pattern PRIVILEGED_COMMAND = Pattern.compile(
            "(^|[;&|\\s(])(sudo|su|doas|pkexec|setcap|chroot|nsenter|mount|insmod|modprobe)(\\s|$)|chmod\\s+[ugo]*\\+s|chmod\\s+[0-7]?[4-7][0-7]{3}");
    static final Pattern EXTERNAL_COMMAND = Pattern.compile(
            "(^|[;&|\\s(])(git\\s+push|ssh|scp|rsync|sftp|ftp|nc|ncat|telnet|npm\\s+publish|twine\\s+upload|docker\\s+push|kubectl|"
                    + "gh\\s+(pr|issue|release)\\s+create|aws|gcloud|az|mail|sendmail)(\\s|$)"
                    + "|curl\\s[^|;&]*(-X\\s*(POST|PUT|PATCH|DELETE)|--data|-d\\s|--upload-file|-F\\s)"
                    + "|wget\\s[^|;&]*--post");

    /*
     * Every match of each pattern holds one of these words (sudo holds su, sftp ftp, ncat nc, sendmail mail; git and
     * docker push hold push): a command holding none cannot match, and is not searched. Searching for a handful of
     * words is much cheaper than trying the pattern's alternatives at every character of every shell command.
     */
    private static final String[] PRIVILEGED_WORDS = {"su", "doas", "pkexec", "setcap", "chroot", "nsenter", "mount", "insmod",
            "modprobe", "chmod"};
    private static final String[] EXTERNAL_WORDS = {"push", "ssh", "scp", "rsync", "ftp", "nc", "telnet", "publish", "upload",
            "kubectl", "gh", "aws", "gcloud", "az", "mail", "curl", "wget"};

    private EffectRules() {
    }

    /**
     * @param toolName  the tool's name as the format records it
     * @param arguments its arguments (may be null); a shell command is looked for in {@code command}, {@code cmd} or
     *                  {@code argv}
     */
    public static Classification classify(String toolName, JsonNode arguments) {
        String name = toolName == null ? "" : toolName.toLowerCase(Locale.ROOT).trim();
        String bare = name.contains("__") ? name.substring(name.lastIndexOf("__") + 2) : name;
        if (PRIVILEGED_TOOLS.contains(bare)) {
            return new Classification(EffectClass.PRIVILEGED, false);
        }
        if (SHELL_TOOLS.contains(bare)) {
            return new Classification(classifyCommand(commandOf(arguments)), false);
        }
        if (EDIT_TOOLS.contains(bare)) {
            return new Classification(EffectClass.WORKSPACE, false);
        }
        if (READ_TOOLS.contains(bare) || SUBAGENT_TOOLS.contains(bare)) {
            return new Classification(EffectClass.READ, false);
        }
        if (EXTERNAL_TOOLS.contains(bare)) {
            return new Classification(EffectClass.EXTERNAL, false);
        }
        return new Classification(EffectClass.EXTERNAL, true);
    }

    /** A shell command: privileged when it raises privileges, external when it reaches beyond the machine, else workspace. */
    public static EffectClass classifyCommand(String command) {
        if (command == null) {
            return EffectClass.WORKSPACE;
        }
        if (holdsAny(command, PRIVILEGED_WORDS) && PRIVILEGED_COMMAND.matcher(command).find()) {
            return EffectClass.PRIVILEGED;
        }
        if (holdsAny(command, EXTERNAL_WORDS) && EXTERNAL_COMMAND.matcher(command).find()) {
            return EffectClass.EXTERNAL;
        }
        return EffectClass.WORKSPACE;
    }

    private static boolean holdsAny(String command, String[] words) {
        for (String word : words) {
            if (command.contains(word)) {
                return true;
            }
        }
        return false;
    }

    static String commandOf(JsonNode arguments) {
        if (arguments == null) {
            return null;
        }
        if (arguments.isTextual()) {
            return arguments.asText();
        }
        for (String field : new String[] {"command", "cmd", "code", "script", "input"}) {
            JsonNode value = arguments.get(field);
            if (value != null && value.isTextual()) {
                return value.asText();
            }
            if (value != null && value.isArray()) {
                return joined(value);
            }
        }
        JsonNode argv = arguments.get("argv");
        return argv != null && argv.isArray() ? joined(argv) : null;
    }

    private static String joined(JsonNode array) {
        var out = new StringBuilder();
        array.forEach(part -> out.append(out.isEmpty() ? "" : " ").append(part.asText()));
        return out.toString();
    }
}
