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
 * {@code forkline serve} and prints the answer (see {@link #command}). Installing merges into what is there (a user's own
 * hooks, other keys, other groups of the same event stay as they are); uninstalling removes exactly the hooks whose
 * command carries {@link #MARKER}, and groups and events left empty by that.
 *
 * <p>If serve is not running, the hook cannot connect: the PreToolUse hook then exits with 2, which Claude Code takes as "block this
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
    /** Serve's hook endpoint. */
    public static final String PATH = "/v1/hooks/claude-code";

    private HookSettings() {
    }

    /**
     * The shell command of one event's hook: a bash script that posts its standard input to serve over a socket of its
     * own ({@code /dev/tcp}) and prints serve's answer. bash starts in a few milliseconds where curl, with its
     * libraries, takes tens (the hook's whole budget is 30 ms). A serve that is not running or answers with an error
     * makes a PreToolUse hook exit with 2 (the call is blocked, with the reason on stderr) and the others with 1.
     *
     * @param endpoint {@code http://HOST[:PORT]}, where serve listens
     */
    public static String command(String event, String endpoint) {
        ServeEndpoint serve = ServeEndpoint.parse(endpoint);
        boolean preToolUse = event.equals("PreToolUse");
        int seconds = preToolUse ? PRE_TOOL_TIMEOUT_SECONDS : 30;
        String fail = preToolUse ? "2" : "1";
        String blocked = preToolUse ? ": tool call blocked" : "";
        String script = String.join("; ",
                "export LC_ALL=C",
                "trap \"\" PIPE",
                "b=$(cat)",
                "{ exec 3<>/dev/tcp/" + serve.host() + "/" + serve.port() + "; } 2>/dev/null || { echo \"forkline serve is not answering at "
                        + serve.url() + blocked + " (start it with: forkline serve)\" >&2; exit " + fail + "; }",
                "printf \"POST " + PATH + " HTTP/1.0\\r\\nHost: " + serve.authority()
                        + "\\r\\nContent-Type: application/json\\r\\nContent-Length: %d\\r\\n\\r\\n%s\" \"${#b}\" \"$b\" >&3",
                "read -r -t " + seconds + " v s r <&3 || { echo \"forkline serve at " + serve.url() + " did not answer" + blocked + "\" >&2; exit " + fail + "; }",
                "n=",
                "while read -r -t 30 l <&3 && [ ${#l} -gt 1 ]; do case $l in [Cc]ontent-[Ll]ength:*) n=${l#*:}; n=${n//[!0-9]/};; esac; done",
                "a=",
                "if [ -n \"$n\" ]; then [ \"$n\" = 0 ] || IFS= read -r -N \"$n\" -t 30 a <&3; else IFS= read -r -d \"\" -t 30 a <&3; fi",
                "[ \"$s\" = 200 ] && { printf %s \"$a\"; exit 0; }",
                "printf \"forkline serve answered %s" + blocked + ": %s\\n\" \"$s\" \"$a\" >&2",
                "exit " + fail);
        return "bash -c '" + script + "' # " + MARKER;
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
