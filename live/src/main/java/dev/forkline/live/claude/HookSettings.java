package dev.forkline.live.claude;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;
import java.util.List;

/**
 * Forkline's entries in a Claude Code settings file ({@code .claude/settings.json} of a project, or
 * {@code ~/.claude/settings.json}): one matcher group per hook event, whose command hook posts the hook's input to
 * {@code forkline serve} with {@code curl} and prints the answer. Installing merges into what is there (a user's own
 * hooks, other keys, other groups of the same event stay as they are); uninstalling removes exactly the hooks whose
 * command carries {@link #MARKER}, and groups and events left empty by that.
 *
 * <p>If serve is not running, curl fails: the PreToolUse hook then exits with 2, which Claude Code takes as "block this
 * call" (stderr says why), so no escape passes unseen; the other events' hooks exit with 1, a non-blocking error, and
 * the event is not recorded.
 */
public final class HookSettings {

    /** Marks Forkline's hook commands, so that uninstall finds exactly them. */
    public static final String MARKER = "forkline-hook";
    public static final List<String> EVENTS = List.of("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse",
            "Notification", "Stop", "SubagentStop", "SessionEnd");
    /** Claude Code's hook timeout for PreToolUse, in seconds: longer than any wait for the owner. */
    static final int PRE_TOOL_TIMEOUT_SECONDS = 3600;

    private HookSettings() {
    }

    /** The shell command of one event's hook. */
    public static String command(String event, String endpoint) {
        String curl = "curl -sS --fail-with-body --max-time " + (event.equals("PreToolUse") ? PRE_TOOL_TIMEOUT_SECONDS : 30)
                + " -H 'Content-Type: application/json' --data-binary @- '" + endpoint + "/v1/hooks/claude-code'";
        String down = event.equals("PreToolUse")
                ? "{ echo 'forkline serve is not answering at " + endpoint + ": tool call blocked (start it with: forkline serve)' >&2; exit 2; }"
                : "exit 1";
        return curl + " || " + down + " # " + MARKER;
    }

    /** Adds Forkline's hooks (replacing Forkline's own from an earlier install); returns the new settings. */
    public static ObjectNode install(ObjectNode settings, String endpoint) {
        ObjectNode merged = uninstall(settings.deepCopy());
        ObjectNode hooks = merged.get("hooks") instanceof ObjectNode existing ? existing : merged.putObject("hooks");
        for (String event : EVENTS) {
            ArrayNode groups = hooks.get(event) instanceof ArrayNode existing ? existing : hooks.putArray(event);
            ObjectNode group = groups.addObject();
            if (event.equals("PreToolUse") || event.equals("PostToolUse")) {
                group.put("matcher", "*");
            }
            ObjectNode hook = group.putArray("hooks").addObject();
            hook.put("type", "command");
            hook.put("command", command(event, endpoint));
            hook.put("timeout", event.equals("PreToolUse") ? PRE_TOOL_TIMEOUT_SECONDS : 30);
        }
        return merged;
    }

    /** Removes exactly Forkline's hooks; returns the new settings. */
    public static ObjectNode uninstall(ObjectNode settings) {
        ObjectNode result = settings.deepCopy();
        if (!(result.get("hooks") instanceof ObjectNode hooks)) {
            return result;
        }
        for (Iterator<String> events = hooks.fieldNames(); events.hasNext(); ) {
            String event = events.next();
            if (!(hooks.get(event) instanceof ArrayNode groups)) {
                continue;
            }
            for (int g = groups.size() - 1; g >= 0; g--) {
                JsonNode group = groups.get(g);
                if (group.get("hooks") instanceof ArrayNode list) {
                    boolean hadOurs = false;
                    for (int h = list.size() - 1; h >= 0; h--) {
                        if (list.get(h).path("command").asText("").contains(MARKER)) {
                            list.remove(h);
                            hadOurs = true;
                        }
                    }
                    if (hadOurs && list.isEmpty()) {
                        groups.remove(g);
                    }
                }
            }
            if (groups.isEmpty()) {
                events.remove();
            }
        }
        if (hooks.isEmpty()) {
            result.remove("hooks");
        }
        return result;
    }

    /** Reads a settings file ({} when absent). */
    public static ObjectNode read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return Json.object();
        }
        JsonNode node = Json.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
        if (node == null || node.isMissingNode()) {
            return Json.object();
        }
        if (!(node instanceof ObjectNode object)) {
            throw new IOException(file + " is not a JSON object: Claude Code settings are one");
        }
        return object;
    }

    /** Writes a settings file atomically (a temporary file beside it, then a rename). */
    public static void write(Path file, ObjectNode settings) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(), ".tmp");
        Files.writeString(temporary, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(settings) + "\n");
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
