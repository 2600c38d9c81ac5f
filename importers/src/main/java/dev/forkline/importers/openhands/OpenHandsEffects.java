package dev.forkline.importers.openhands;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.EffectRules;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.trace.EffectClass;
import java.util.Locale;
import java.util.Optional;

/**
 * The effect class of OpenHands actions (V0 action types) and tools (V1 tool names) that Forkline's general rule does
 * not name. Empty means: ask the general rule, which turns an unknown tool into a guessed "external".
 */
final class OpenHandsEffects {

    private OpenHandsEffects() {
    }

    static Optional<EffectClass> ofAction(String action, JsonNode args) {
        return switch (action == null ? "" : action) {
            case "run" -> Optional.of(EffectRules.classifyCommand(JsonFields.scalar(args, "command")));
            case "run_ipython" -> Optional.of(EffectRules.classifyCommand(JsonFields.scalar(args, "code")));
            case "edit", "write" -> Optional.of(EffectClass.WORKSPACE);
            case "read", "browse" -> Optional.of(EffectClass.READ);
            // clicks and form submissions act on live sites
            case "browse_interactive" -> Optional.of(EffectClass.EXTERNAL);
            default -> Optional.empty();
        };
    }

    static Optional<EffectClass> ofTool(String tool, JsonNode arguments) {
        String name = tool == null ? "" : tool.toLowerCase(Locale.ROOT);
        String command = JsonFields.scalar(arguments, "command");
        return switch (name) {
            case "terminal", "execute_bash", "bash" -> Optional.of(EffectRules.classifyCommand(command));
            case "str_replace_editor", "file_editor" ->
                    Optional.of("view".equals(command) ? EffectClass.READ : EffectClass.WORKSPACE);
            case "task_tracker" -> Optional.of("view".equals(command) ? EffectClass.READ : EffectClass.WORKSPACE);
            case "think", "finish" -> Optional.of(EffectClass.READ);
            default -> name.startsWith("browser_")
                    ? Optional.of(name.contains("navigate") || name.contains("get_") || name.contains("scroll") ? EffectClass.READ : EffectClass.EXTERNAL)
                    : Optional.empty();
        };
    }
}
