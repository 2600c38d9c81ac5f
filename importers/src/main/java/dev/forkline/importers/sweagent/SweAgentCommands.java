package dev.forkline.importers.sweagent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.EffectRules;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.trace.EffectClass;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The effect class of SWE-agent's own commands (its "agent computer interface"), which Forkline's general rule does not
 * know by name. Anything else an SWE-agent action holds is a shell command.
 */
final class SweAgentCommands {

    private static final Set<String> READING = Set.of(
            "open", "goto", "scroll_up", "scroll_down", "find_file", "search_dir", "search_file", "filemap", "view");
    private static final Set<String> EDITING = Set.of(
            "edit", "create", "insert", "append", "submit", "undo_edit", "str_replace", "edit_linting", "windowed_edit_replace",
            "windowed_edit_rewrite", "windowed_edit_linting");
    private static final Set<String> EDITOR_READS = Set.of("view");

    private SweAgentCommands() {
    }

    /** The first word of a free-text action, e.g. {@code edit} for {@code "edit 1:4\n...\nend_of_edit"}. */
    static String commandName(String action) {
        String trimmed = action == null ? "" : action.strip();
        int end = 0;
        while (end < trimmed.length() && !Character.isWhitespace(trimmed.charAt(end))) {
            end++;
        }
        return trimmed.substring(0, end);
    }

    /** A free-text action: an SWE-agent command when its first word is one, else a shell command. */
    static EffectClass ofAction(String action) {
        String name = commandName(action).toLowerCase(Locale.ROOT);
        if (name.equals("str_replace_editor")) {
            String[] words = action.strip().split("\\s+");
            return words.length > 1 && EDITOR_READS.contains(words[1]) ? EffectClass.READ : EffectClass.WORKSPACE;
        }
        return known(name).orElseGet(() -> EffectRules.classifyCommand(action));
    }

    /**
     * A function call (SWE-agent 1.x with function calling): {@code bash} runs a shell command, {@code str_replace_editor}
     * reads or edits by its {@code command} argument, the ACI commands are known; empty means "ask the general rule".
     */
    static Optional<EffectClass> ofFunction(String function, JsonNode arguments) {
        String name = function == null ? "" : function.toLowerCase(Locale.ROOT);
        if (name.equals("bash")) {
            String command = arguments == null ? null : JsonFields.scalar(arguments, "command");
            return Optional.of(EffectRules.classifyCommand(command));
        }
        if (name.equals("str_replace_editor")) {
            String sub = arguments == null ? null : JsonFields.scalar(arguments, "command");
            return Optional.of(sub != null && EDITOR_READS.contains(sub) ? EffectClass.READ : EffectClass.WORKSPACE);
        }
        return known(name);
    }

    /** Whether a free-text action is a shell command rather than one of SWE-agent's own commands. */
    static boolean isShellAction(String action) {
        String name = commandName(action).toLowerCase(Locale.ROOT);
        return !name.equals("str_replace_editor") && known(name).isEmpty();
    }

    private static Optional<EffectClass> known(String name) {
        if (READING.contains(name)) {
            return Optional.of(EffectClass.READ);
        }
        if (EDITING.contains(name)) {
            return Optional.of(EffectClass.WORKSPACE);
        }
        return Optional.empty();
    }
}
